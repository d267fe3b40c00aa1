/**
 * `import.act`: POST participant_import_actions with the draft's six flags. Exactly once as
 * for the import: a recorded id is re-read; an attempt after one that may have applied first
 * adopts an action of the import with the same flags; a 409 ("an action is already queued or
 * running") is most likely our own earlier attempt, so it is looked for before refusing.
 */
import type { ParticipantImportAction } from '../../../core/contract/imports';
import { recordImportAction } from '../../mirror/queries/imports/import-actions';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { isRemoteError } from '../../remote/errors';
import { createImportAction, showImportAction } from '../../remote/import-actions';
import { mayHaveRun, type OpOutcome, type SyncContext } from '../types';
import { findEarlierAction } from './adopt';
import { importIdOf, type ActPayload } from './chain';

function acted(action: ParticipantImportAction, adopted: boolean, at: number): OpOutcome {
  return {
    type: 'done',
    remoteRef: action.id,
    result: { actionId: action.id, importId: action.participant_import_id, adopted },
    apply: (db) => void recordImportAction(db, action, at),
  };
}

export async function actOp(op: OutboxOp<ActPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const { remote, signal } = ctx;
  if (op.remoteRef !== null) return acted(await showImportAction(remote, op.remoteRef, { signal }), true, ctx.now());
  const importId = importIdOf(ctx.db, op.payload);
  const adopt = async (): Promise<OpOutcome | null> => {
    const earlier = await findEarlierAction(ctx, op, importId, op.payload.flags);
    if (!earlier) return null;
    ctx.recordRemoteRef(op.id, earlier.id);
    return acted(earlier, true, ctx.now());
  };
  if (mayHaveRun(op)) {
    const adopted = await adopt();
    if (adopted) return adopted;
  }
  let action: ParticipantImportAction;
  try {
    action = await createImportAction(remote, { participant_import_id: importId, ...op.payload.flags }, { idempotencyKey: op.idempotencyKey, signal });
  } catch (error) {
    if (isRemoteError(error) && error.kind === 'conflict') {
      const adopted = await adopt();
      if (adopted) return adopted;
    }
    throw error;
  }
  ctx.recordRemoteRef(op.id, action.id);
  return acted(action, false, ctx.now());
}
