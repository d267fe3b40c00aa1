/** Participant lists and check results as a table of text, ready to be written as a sheet. */
import type { ParticipantInput } from '../contract/imports';
import { problemsOf } from './problems';
import type { CheckedParticipant } from './types';

export interface TextTable {
  header: string[];
  rows: string[][];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Demographic categories in the order they first appear, each once whatever its case. */
function categoriesOf(participants: readonly ParticipantInput[]): string[] {
  const seen = new Map<string, string>();
  for (const p of participants) {
    for (const d of p.demographics ?? []) {
      const key = text(d.demographic_category_name).trim().toLowerCase();
      if (key !== '' && !seen.has(key)) seen.set(key, text(d.demographic_category_name).trim());
    }
  }
  return [...seen.values()];
}

function demographicCells(p: ParticipantInput, categories: readonly string[]): string[] {
  return categories.map((category) => {
    const key = category.toLowerCase();
    return (p.demographics ?? [])
      .filter((d) => text(d.demographic_category_name).trim().toLowerCase() === key)
      .map((d) => text(d.demographic_name))
      .join(', ');
  });
}

const BASE_HEADER = ['External ID', 'Name', 'E-mail', 'Locale', 'Note'];

function baseCells(p: ParticipantInput): string[] {
  return [text(p.external_id), text(p.name), text(p.email), text(p.locale), text(p.note)];
}

/** A participant list: the columns an import takes, one column per demographic category. */
export function participantTable(participants: readonly ParticipantInput[]): TextTable {
  const categories = categoriesOf(participants);
  return {
    header: [...BASE_HEADER, ...categories],
    rows: participants.map((p) => [...baseCells(p), ...demographicCells(p, categories)]),
  };
}

/**
 * A check result for someone fixing the sheet: each participant with its sheet row, whether
 * it is ready, and its problems and warnings as sentences. `rowLabel` turns a payload row
 * number (duplicate_of_row) into the sheet row; by default the list is the whole payload.
 * A part of a list (only rows with problems) must pass the whole list's, or an earlier row
 * is looked up among the wrong rows.
 */
export function checkResultTable(participants: readonly CheckedParticipant[], rowLabel?: (rowNumber: number) => number): TextTable {
  const categories = categoriesOf(participants);
  const sourceRow = rowLabel ?? ((rowNumber: number) => participants[rowNumber - 1]?.source_row ?? rowNumber);
  return {
    header: ['Sheet row', 'Status', 'Problems', 'Warnings', ...BASE_HEADER, ...categories],
    rows: participants.map((p) => {
      const status = p.invalid_fields.length > 0 ? 'invalid' : p.identity_conflict !== null ? 'shared e-mail' : p.duplicate_of_row !== null ? 'duplicate' : 'valid';
      return [
        String(p.source_row), status, problemsOf(p, sourceRow).join(' '), p.warnings.join(' '),
        ...baseCells(p), ...demographicCells(p, categories),
      ];
    }),
  };
}
