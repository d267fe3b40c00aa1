/**
 * The rows a push's import action left out, and why, for the person to see and take away:
 * read from the service's parse of the import (kept in the mirror) and the flags the draft
 * was sent with, the rows numbered as in the spreadsheet.
 */
import type { ParsedParticipant } from '../../core/contract/imports';
import type { TextTable } from '../../core/intake';
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

const why = (s: SkippedSheetRow): string => {
  if (s.reason === 'invalid') return `Invalid: ${s.fields.join(', ')}`;
  if (s.reason === 'repeat') return s.repeats === null ? 'Repeats a row added in the app' : `Repeats row ${s.repeats}`;
  return 'Its e-mail belongs to several participants of the event';
};

export function skippedTable(skipped: readonly SkippedSheetRow[]): TextTable {
  return {
    header: ['Row', 'Why it was left out', 'External ID', 'Name', 'E-mail', 'Locale', 'Note'],
    rows: skipped.map((s) => [s.row === null ? 'added' : String(s.row), why(s), s.participant.external_id, s.participant.name, s.participant.email, s.participant.locale, s.participant.note]),
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
