/**
 * `import.destroy`: destroys the import on the service, then forgets it here with its parser
 * result and actions (docs/interface.md, "Destroying an import"). An import the service no
 * longer has (404) is what was asked for: done. A 409 (an action of it has not ended) refuses
 * the op with the service's sentence; the person tries again once the action has ended.
 */
import { forgetImport } from '../../mirror/queries/imports/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { isRemoteError } from '../../remote/errors';
import { destroyImport } from '../../remote/imports';
import type { OpOutcome, SyncContext } from '../types';
import type { DestroyPayload } from './kinds';

export async function destroyOp(op: OutboxOp<DestroyPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const { importId } = op.payload;
  let gone = false;
  try {
    await destroyImport(ctx.remote, importId, { signal: ctx.signal });
  } catch (error) {
    if (!isRemoteError(error) || error.kind !== 'not_found') throw error;
    gone = true;
  }
  return { type: 'done', result: { importId, alreadyGone: gone }, apply: (db) => void forgetImport(db, importId) };
}
