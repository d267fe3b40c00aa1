/**
 * The rows a push's import action left out, and why, for the person to see and take away:
 * read from the service's parse of the import (kept in the mirror) and the flags the draft
 * was sent with, the rows numbered as in the spreadsheet.
 */
import type { ParsedParticipant } from '../../core/contract/imports';
import { participantTable, type TextTable } from '../../core/intake';
import { skippedRows, type SkippedRow } from '../../core/participants/skipped';
import { draftRows } from '../mirror/queries/drafts/draft-rows';
import { draftById } from '../mirror/queries/drafts/drafts';
import { importOfDraft } from '../mirror/queries/imports/imports';
import { parserResultOf } from '../mirror/queries/imports/parser-results';
import { ExportError, exportTable } from '../exports/participant-export';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { UseCaseError } from './errors';

export interface SkippedSheetRow extends Omit<SkippedRow, 'row_number' | 'repeats'> {
  /** The spreadsheet row; null for a row added in the app. */
  row: number | null;
  repeats: number | null;
  participant: ParsedParticipant;
}

/** Null while the service's parse of the push is not known here. */
export function skippedOfPush(place: MirrorPlace, draftId: number): SkippedSheetRow[] | null {
  return withAccountMirror(place, (db) => {
    const draft = draftById(db, draftId);
    const imported = importOfDraft(db, draftId);
    const parse = imported ? parserResultOf(db, imported.id) : null;
    if (!draft || !parse) return null;
    const sheetRows = draftRows(db, draftId).map((r) => r.source_row);
    const rowOf = (n: number) => sheetRows[n - 1] ?? null;
    const byNumber = new Map(parse.participants.map((p) => [p.row_number, p]));
    return skippedRows(parse.participants, draft.flags).map((s) => ({
      reason: s.reason,
      fields: s.fields,
      row: rowOf(s.row_number),
      repeats: s.repeats === null ? null : rowOf(s.repeats),
      participant: byNumber.get(s.row_number)!,
    }));
  });
}

/** The fields as the list's columns name them, and as the push dialog says them. */
const FIELD_WORDS: Readonly<Record<string, string>> = { external_id: 'External ID', name: 'Name', email: 'E-mail', locale: 'Locale', note: 'Note', demographics: 'Demographics' };

const why = (s: SkippedSheetRow): string => {
  if (s.reason === 'invalid') return `Not valid: ${s.fields.map((field) => FIELD_WORDS[field] ?? field).join(', ')}`;
  if (s.reason === 'repeat') return s.repeats === null ? 'Repeats a row added in the app' : `Repeats row ${s.repeats}`;
  return 'Its e-mail belongs to several participants of the event';
};

/**
 * The rows left out with the list's own columns, a column per demographic category included:
 * the person fixes them in this file and sends it again, so nothing of a row may be missing.
 */
export function skippedTable(skipped: readonly SkippedSheetRow[]): TextTable {
  const list = participantTable(skipped.map((s) => s.participant));
  return {
    header: ['Row', 'Why it was left out', ...list.header],
    rows: skipped.map((s, i) => [s.row === null ? 'added' : String(s.row), why(s), ...list.rows[i]]),
  };
}

/** Writes the left-out rows to `path` (xlsx or csv by its extension); answers how many. */
export async function exportSkippedOfPush(place: MirrorPlace, draftId: number, path: string): Promise<number> {
  const skipped = skippedOfPush(place, draftId);
  if (!skipped) throw new UseCaseError('The service’s reading of this list is not known on this computer yet.', 'input');
  try {
    await exportTable(path, 'Left out', skippedTable(skipped));
  } catch (error) {
    if (error instanceof ExportError) throw new UseCaseError(error.message, 'failed');
    throw error;
  }
  return skipped.length;
}
