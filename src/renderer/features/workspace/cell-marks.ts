/**
 * How a grid cell shows what is wrong with it: an invalid value, a repeat of another row (on
 * the e-mail and external ID), or a warning (its own, quieter mark), each with its words as
 * the cell's title. Worded as the cell is drawn: only cells on screen need their words.
 */
import type { GridField } from '../../../core/drafts/cells';
import type { GridModel } from './grid-models';
import { useFindingWords, useProblemWords } from './problem-words';
import './cell-marks.css';

type CellMark = { class?: Record<string, boolean>; title?: string };

export function useCellMarks(): (cell: { model: Record<string, unknown>; prop: string | number }) => CellMark {
  const problemWords = useProblemWords();
  const words = useFindingWords();
  return ({ model, prop }): CellMark => {
    const row = model as GridModel;
    const notes = row.warnings.length === 0 ? [] : row.warnings.filter((w) => w.field === prop).map(words.warning);
    if (row.invalid.includes(prop as GridField)) return { class: { 'cell--invalid': true }, title: [...row.problems.map(problemWords), ...notes].join(' ') };
    if (row.invalid.length === 0 && row.problems.length > 0 && (prop === 'email' || prop === 'external_id')) {
      return { class: { 'cell--warning': true }, title: [...row.problems.map(problemWords), ...notes].join(' ') };
    }
    if (notes.length > 0) return { class: { 'cell--notice': true }, title: notes.join(' ') };
    return {};
  };
}
