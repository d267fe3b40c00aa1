/**
 * Send everything the outbox holds (interrupted pushes, offline subject changes) until
 * nothing is left, the queue pauses, the service stays unreachable or the caller cancels.
 */
import { outboxStatus, type OutboxStatus } from '../mirror/queries/outbox/outbox-status';
import { draftPushStatuses, type DraftPushStatus } from '../sync/imports';
import { runSession, startNow, type RunEnd } from './run';
import { withSyncSession, type Connection, type SessionOptions } from './session';

export interface SyncOutcome {
  end: RunEnd;
  outbox: OutboxStatus;
  drafts: DraftPushStatus[];
  /** Changes the service refused during this run (they stay in the outbox, shown). */
  newlyRejected: number;
}

export async function syncOnce(connection: Connection, options: SessionOptions & { signal?: AbortSignal } = {}): Promise<SyncOutcome> {
  return withSyncSession(connection, options, async (session) => {
    const rejectedBefore = outboxStatus(session.db).counts.rejected;
    startNow(session);
    const end = await runSession(session, { signal: options.signal });
    const outbox = outboxStatus(session.db);
    return { end, outbox, drafts: draftPushStatuses(session.db), newlyRejected: outbox.counts.rejected - rejectedBefore };
  });
}
