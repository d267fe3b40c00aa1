/**
 * `import.poll`: reads the action until it ends. While it is queued or running the op
 * `wait`s (no error, no backoff growth) and the job's progress is written to the mirror; the
 * interval grows with the time spent polling (250 ms → 5 s) but never overshoots the end the
 * progress rate predicts, so a long job costs few requests and a short one finishes promptly.
 * After a restart polling starts again at 250 ms. When the action ends the draft becomes
 * `pushed` (completed) or `failed` (its sentence is the action's `error`), in the same
 * transaction that records the action and completes the op.
 */
import { isFinishedStatus, type ParticipantImportAction } from '../../../core/contract/imports';
import type { MirrorDb } from '../../mirror/open';
import { setDraftState } from '../../mirror/queries/drafts/drafts';
import { recordImportAction } from '../../mirror/queries/imports/import-actions';
import { opById, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { listImportActions, showImportAction } from '../../remote/import-actions';
import type { OpOutcome, SyncContext } from '../types';
import { ChainError, createResultOf, importIdOf, type PollPayload } from './chain';

export const POLL_MIN_MS = 250;
export const POLL_MAX_MS = 5_000;
// Never sooner than this, even when the job is about to end.
const POLL_FLOOR_MS = 50;

interface Sample {
  firstAt: number;
  at: number;
  processed: number;
}

/** Per poll op, in memory: a restart simply starts again at the shortest interval. */
const samples = new Map<number, Sample>();

export function pollInterval(sample: Sample | undefined, now: number, progress: { total: number; processed: number }): number {
  if (!sample) return POLL_MIN_MS;
  let interval = Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, (now - sample.firstAt) / 4));
  const done = progress.processed - sample.processed;
  if (done > 0 && now > sample.at) {
    const remainingMs = ((progress.total - progress.processed) * (now - sample.at)) / done;
    interval = Math.min(interval, Math.max(POLL_FLOOR_MS, remainingMs / 2));
  }
  return Math.round(interval);
}

async function actionIdOf(op: OutboxOp<PollPayload>, ctx: SyncContext): Promise<number> {
  const { db } = ctx;
  if (op.payload.actOpId !== null) {
    const ref = opById(db, op.payload.actOpId)?.remoteRef;
    if (ref == null) throw new ChainError(`the import action of draft ${op.payload.draftId} is not recorded as created`);
    return ref;
  }
  const fromCreate = createResultOf(db, op.payload)?.actionId;
  if (fromCreate != null) return fromCreate;
  // A service without participant_import_action_id: the action index answers the same.
  const index = await listImportActions(ctx.remote, importIdOf(db, op.payload), { signal: ctx.signal });
  const newest = index.participant_import_actions.at(-1);
  if (!newest) throw new ChainError('the service did not start an import action for the import it accepted with act_if_valid');
  return newest.id;
}

export async function pollOp(op: OutboxOp<PollPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const actionId = await actionIdOf(op, ctx);
  const action: ParticipantImportAction = await showImportAction(ctx.remote, actionId, { signal: ctx.signal });
  const at = ctx.now();
  const record = (db: MirrorDb) => void recordImportAction(db, action, at);
  const progress = action.progress ?? { total: 0, processed: 0 };
  if (!isFinishedStatus(action.status)) {
    const previous = samples.get(op.id);
    const wait = pollInterval(previous, at, progress);
    samples.set(op.id, { firstAt: previous?.firstAt ?? at, at, processed: progress.processed });
    return { type: 'wait', at: at + wait, note: `${action.status} ${progress.processed}/${progress.total}`, apply: record };
  }
  samples.delete(op.id);
  const draftId = op.payload.draftId;
  return {
    type: 'done',
    remoteRef: action.id,
    result: { actionId: action.id, status: action.status, result: action.result, error: action.error },
    apply(db) {
      record(db);
      setDraftState(db, draftId, action.status === 'completed' ? 'pushed' : 'failed', { from: ['pushing'], at });
    },
  };
}
