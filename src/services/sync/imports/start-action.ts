/**
 * Starting an import action exactly once, for a push's action and for one asked for on an
 * import made elsewhere: a recorded id is re-read; an attempt after one that may have reached
 * the service first adopts the earlier action `earlier` finds; a 409 (an action of the import
 * is queued or running) is looked at the same way before it refuses.
 */
import type { ImportFlags, ParticipantImportAction } from '../../../core/contract/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { isRemoteError } from '../../remote/errors';
import { createImportAction, showImportAction } from '../../remote/import-actions';
import { mayHaveRun, type OpOutcome, type SyncContext } from '../types';

export interface ActionStart {
  /** The import to act on; asked for only when the op has no action yet. */
  importId: () => number;
  flags: ImportFlags;
  /** An action an earlier attempt of this op may have started, or null. */
  earlier: (importId: number) => Promise<ParticipantImportAction | null>;
  /** The op's outcome for the action, started or adopted. */
  acted: (action: ParticipantImportAction, adopted: boolean, at: number) => OpOutcome;
}

export async function startImportAction(op: OutboxOp<unknown>, ctx: SyncContext, start: ActionStart): Promise<OpOutcome> {
  const { remote, signal } = ctx;
  if (op.remoteRef !== null) return start.acted(await showImportAction(remote, op.remoteRef, { signal }), true, ctx.now());
  const importId = start.importId();
  const adopt = async (): Promise<OpOutcome | null> => {
    const earlier = await start.earlier(importId);
    if (!earlier) return null;
    ctx.recordRemoteRef(op.id, earlier.id);
    return start.acted(earlier, true, ctx.now());
  };
  if (mayHaveRun(op)) {
    const adopted = await adopt();
    if (adopted) return adopted;
  }
  let action: ParticipantImportAction;
  try {
    action = await createImportAction(remote, { participant_import_id: importId, ...start.flags }, { idempotencyKey: op.idempotencyKey, signal });
  } catch (error) {
    if (isRemoteError(error) && error.kind === 'conflict') {
      const adopted = await adopt();
      if (adopted) return adopted;
    }
    throw error;
  }
  ctx.recordRemoteRef(op.id, action.id);
  return start.acted(action, false, ctx.now());
}
