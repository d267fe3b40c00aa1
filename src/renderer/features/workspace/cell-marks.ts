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

type DemographicMarks = (prop: string, model: GridModel) => { warnings: GridModel['warnings']; invalid: boolean } | null;

/** `demographic`: the marks of a demographic category's column (demographic-grid.ts). */
export function useCellMarks(demographic?: DemographicMarks): (cell: { model: Record<string, unknown>; prop: string | number }) => CellMark {
  const problemWords = useProblemWords();
  const words = useFindingWords();
  return ({ model, prop }): CellMark => {
    const row = model as GridModel;
    const category = demographic?.(String(prop), row);
    if (category) {
      const notes = category.warnings.map(words.warning);
      if (category.invalid) return { class: { 'cell--invalid': true }, title: [...row.problems.map(problemWords), ...notes].join(' ') };
      return notes.length > 0 ? { class: { 'cell--notice': true }, title: notes.join(' ') } : {};
    }
    const notes = row.warnings.length === 0 ? [] : row.warnings.filter((w) => w.field === prop).map(words.warning);
    if (row.invalid.includes(prop as GridField)) return { class: { 'cell--invalid': true }, title: [...row.problems.map(problemWords), ...notes].join(' ') };
    if (row.invalid.length === 0 && row.problems.length > 0 && (prop === 'email' || prop === 'external_id')) {
      return { class: { 'cell--warning': true }, title: [...row.problems.map(problemWords), ...notes].join(' ') };
    }
    if (notes.length > 0) return { class: { 'cell--notice': true }, title: notes.join(' ') };
    return {};
  };
}
