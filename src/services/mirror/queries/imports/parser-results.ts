/**
 * The service's parser result of each import, and where it disagrees with the offline
 * parse of the same rows (so the person can see it before the import action runs).
 *
 * - `recordParserResult(db, importId, participants, disagreements?, at?)` replaces it; the
 *   import must be recorded first (imports.ts).
 * - `setDisagreements(db, importId, disagreements)`; `parserResultOf(db, importId)`.
 *
 * `disagreements` null means "not compared yet"; [] means "compared, all agree".
 */
import type { ParsedParticipant } from '../../../../core/contract/imports';
import type { MirrorDb } from '../../db';
import { readJson, readJsonOrNull } from '../json';
import { stmt } from '../statements';

/** One field of one row that the offline parser read differently from the service. */
export interface ParserDisagreement {
  row_number: number;
  /** A ParsedParticipant key, e.g. "invalid_fields" or "demographic_ids". */
  field: string;
  offline: unknown;
  service: unknown;
}

export interface MirrorParserResult {
  importId: number;
  participants: ParsedParticipant[];
  disagreements: ParserDisagreement[] | null;
  fetchedAt: number;
}

export function recordParserResult(
  db: MirrorDb,
  importId: number,
  participants: readonly ParsedParticipant[],
  disagreements: readonly ParserDisagreement[] | null = null,
  at: number = Date.now(),
): void {
  stmt(
    db,
    `INSERT INTO parser_results (import_id, participants, disagreements, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(import_id) DO UPDATE SET participants = excluded.participants, disagreements = excluded.disagreements, fetched_at = excluded.fetched_at`,
  ).run(importId, JSON.stringify(participants), disagreements === null ? null : JSON.stringify(disagreements), at);
}

export function setDisagreements(db: MirrorDb, importId: number, disagreements: readonly ParserDisagreement[]): boolean {
  return stmt(db, 'UPDATE parser_results SET disagreements = ? WHERE import_id = ?').run(JSON.stringify(disagreements), importId).changes === 1;
}

export function parserResultOf(db: MirrorDb, importId: number): MirrorParserResult | null {
  const row = stmt(db, 'SELECT * FROM parser_results WHERE import_id = ?').get(importId) as
    | { import_id: number; participants: string; disagreements: string | null; fetched_at: number }
    | undefined;
  if (!row) return null;
  return {
    importId: row.import_id,
    participants: readJson<ParsedParticipant[]>(row.participants, 'parser result'),
    disagreements: readJsonOrNull<ParserDisagreement[]>(row.disagreements, 'parser disagreements'),
    fetchedAt: row.fetched_at,
  };
}
