/**
 * `import.review.poll`: reads the action the act op started until it ends, writing its
 * progress to the mirror as it goes; the interval grows as a push's poll does (imports/poll.ts).
 */
import { isFinishedStatus } from '../../../core/contract/imports';
import { opById, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { showImportAction } from '../../remote/import-actions';
import { ChainError } from '../imports/chain';
import { pollInterval } from '../imports/poll';
import type { OpOutcome, SyncContext } from '../types';
import { recordIfKnown } from './act';
import type { ReviewPollPayload } from './kinds';

/** Per poll op, in memory: a restart starts again at the shortest interval. */
const samples = new Map<number, { firstAt: number; at: number; processed: number }>();

export async function reviewPollOp(op: OutboxOp<ReviewPollPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const actionId = opById(ctx.db, op.payload.actOpId)?.remoteRef;
  if (actionId == null) throw new ChainError(`the action on import ${op.payload.importId} is not recorded as started`);
  const action = await showImportAction(ctx.remote, actionId, { signal: ctx.signal });
  const at = ctx.now();
  const record = recordIfKnown(action, at);
  if (!isFinishedStatus(action.status)) {
    const previous = samples.get(op.id);
    const wait = pollInterval(previous, at, action.progress);
    samples.set(op.id, { firstAt: previous?.firstAt ?? at, at, processed: action.progress.processed });
    return { type: 'wait', at: at + wait, note: `${action.status} ${action.progress.processed}/${action.progress.total}`, apply: record };
  }
  samples.delete(op.id);
  return { type: 'done', remoteRef: action.id, result: { actionId: action.id, status: action.status, result: action.result, error: action.error }, apply: record };
}
