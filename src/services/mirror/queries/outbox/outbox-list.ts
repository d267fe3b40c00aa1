/**
 * The outbox as a person reviews it: every op not done yet, and dropping the ops of one
 * entity on request (a push given up). An op in flight is never dropped: its request may be
 * on its way.
 */
import type { MirrorDb } from '../../db';
import { toOp, type OpRow, type OutboxOp } from './outbox';
import { stmt } from '../statements';

export function openOps(db: MirrorDb): OutboxOp[] {
  return (stmt(db, "SELECT * FROM outbox WHERE state <> 'done' ORDER BY id").all() as OpRow[]).map((row) => toOp(row));
}

/** Deletes the entity's ops that are not done; answers how many, or null when one is in flight. */
export function dropOpenOps(db: MirrorDb, entityType: string, entityKey: string): number | null {
  return db.transaction(() => {
    const inFlight = stmt(db, "SELECT COUNT(*) AS n FROM outbox WHERE entity_type = ? AND entity_key = ? AND state = 'in_flight'").get(entityType, entityKey) as { n: number };
    if (inFlight.n > 0) return null;
    return stmt(db, "DELETE FROM outbox WHERE entity_type = ? AND entity_key = ? AND state <> 'done'").run(entityType, entityKey).changes;
  })();
}
