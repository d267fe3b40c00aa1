/**
 * `import.review.act`: starts an import action on an import already on the service, with the
 * six flags the person chose. Exactly once, as for a push's action: a recorded id is re-read;
 * an attempt after one that may have reached the service first adopts a new action of the
 * import with the same flags (not one the mirror knew when the person asked, nor one another
 * op holds); a 409 (an action of the import is queued or running) is looked at the same way
 * before it refuses.
 */
import type { ParticipantImportAction } from '../../../core/contract/imports';
import type { MirrorDb } from '../../mirror/open';
import { recordImportAction } from '../../mirror/queries/imports/import-actions';
import { importById } from '../../mirror/queries/imports/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { remoteRefsOfKind } from '../../mirror/queries/outbox/outbox-refs';
import { listImportActions } from '../../remote/import-actions';
import { sameFlags } from '../imports/adopt';
import { startImportAction } from '../imports/start-action';
import type { OpOutcome, SyncContext } from '../types';
import { REVIEW_KINDS, type ReviewActPayload } from './kinds';

/** Records the action unless the import left the mirror meanwhile (a pull saw it gone). */
export const recordIfKnown = (action: ParticipantImportAction, at: number) => (db: MirrorDb) => {
  if (importById(db, action.participant_import_id)) recordImportAction(db, action, at);
};

function acted(action: ParticipantImportAction, adopted: boolean, at: number): OpOutcome {
  return { type: 'done', remoteRef: action.id, result: { actionId: action.id, adopted }, apply: recordIfKnown(action, at) };
}

async function earlierAction(op: OutboxOp<ReviewActPayload>, ctx: SyncContext): Promise<ParticipantImportAction | null> {
  const taken = remoteRefsOfKind(ctx.db, REVIEW_KINDS.act, op.id);
  for (const id of op.payload.knownActions) taken.add(id);
  const index = await listImportActions(ctx.remote, op.payload.importId, { signal: ctx.signal });
  return index.participant_import_actions.filter((a) => !taken.has(a.id) && sameFlags(a, op.payload.flags)).at(-1) ?? null;
}

export async function reviewActOp(op: OutboxOp<ReviewActPayload>, ctx: SyncContext): Promise<OpOutcome> {
  return startImportAction(op, ctx, { importId: () => op.payload.importId, flags: op.payload.flags, earlier: () => earlierAction(op, ctx), acted });
}
