/**
 * What other ops already hold, so an adopting handler never takes a record another op
 * created or adopted (two drafts of the same sheet pushed one after another look alike).
 *
 * - `remoteRefsOfKind(db, kind, exceptOpId)` → the remote refs recorded by ops of `kind`.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export function remoteRefsOfKind(db: MirrorDb, kind: string, exceptOpId: number): Set<number> {
  const refs = stmt(db, 'SELECT remote_ref FROM outbox WHERE kind = ? AND remote_ref IS NOT NULL AND id <> ?').pluck().all(kind, exceptOpId) as number[];
  return new Set(refs);
}
