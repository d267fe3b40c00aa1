/**
 * `draftParticipantsJson(db, draftId)` → the draft's participants as one JSON array text, in
 * grid order, built from the rows' stored JSON without parsing it (draft-rows.ts keeps each
 * row as JSON text): the push sends 50,000 rows without a parse/serialise round trip.
 * Answers the text and the row count.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';
import { settleDraftRows } from './draft-rows-behind';

export function draftParticipantsJson(db: MirrorDb, draftId: number): { json: string; count: number } {
  settleDraftRows(db, draftId);
  const rows = stmt(db, 'SELECT participant FROM draft_rows WHERE draft_id = ? ORDER BY position').pluck().all(draftId) as string[];
  return { json: `[${rows.join(',')}]`, count: rows.length };
}
