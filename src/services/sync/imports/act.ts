/**
 * `import.act`: POST participant_import_actions with the draft's six flags. Exactly once as
 * for the import: a recorded id is re-read; an attempt after one that may have applied first
 * adopts an action of the import with the same flags; a 409 ("an action is already queued or
 * running") is most likely our own earlier attempt, so it is looked for before refusing.
 */
import type { ParticipantImportAction } from '../../../core/contract/imports';
import { recordImportAction } from '../../mirror/queries/imports/import-actions';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import type { OpOutcome, SyncContext } from '../types';
import { findEarlierAction } from './adopt';
import { importIdOf, type ActPayload } from './chain';
import { startImportAction } from './start-action';

function acted(action: ParticipantImportAction, adopted: boolean, at: number): OpOutcome {
  return {
    type: 'done',
    remoteRef: action.id,
    result: { actionId: action.id, importId: action.participant_import_id, adopted },
    apply: (db) => void recordImportAction(db, action, at),
  };
}

export async function actOp(op: OutboxOp<ActPayload>, ctx: SyncContext): Promise<OpOutcome> {
  return startImportAction(op, ctx, {
    importId: () => importIdOf(ctx.db, op.payload),
    flags: op.payload.flags,
    earlier: (importId) => findEarlierAction(ctx, op, importId, op.payload.flags),
    acted,
  });
}
