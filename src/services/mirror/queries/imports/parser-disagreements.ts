/**
 * `disagreementsOf(db, importId)`: only the disagreements of an import's stored parser
 * result (parser-results.ts), without reading the parsed participants, which for a large
 * import are tens of megabytes: status screens list many imports. undefined when no parser
 * result is stored; null when it was not compared.
 */
import type { MirrorDb } from '../../db';
import { readJsonOrNull } from '../json';
import type { ParserDisagreement } from './parser-results';
import { stmt } from '../statements';

export function disagreementsOf(db: MirrorDb, importId: number): ParserDisagreement[] | null | undefined {
  const row = stmt(db, 'SELECT disagreements FROM parser_results WHERE import_id = ?').get(importId) as { disagreements: string | null } | undefined;
  return row ? readJsonOrNull<ParserDisagreement[]>(row.disagreements, 'parser disagreements') : undefined;
}
