/**
 * Queues a person's change to an import on the service, in ONE transaction, checked against
 * what the mirror knows: an action (act, then its poll) or the import's destroy. Nothing is
 * sent here; the runner sends it now or when the service can be reached.
 */
import type { ImportFlags } from '../../../core/contract/imports';
import type { MirrorDb } from '../../mirror/open';
import { actionsOfImport } from '../../mirror/queries/imports/import-actions';
import { importById } from '../../mirror/queries/imports/imports';
import { enqueue, opsOfEntity } from '../../mirror/queries/outbox/outbox';
import { IMPORT_ENTITY, REVIEW_KINDS, type DestroyPayload, type ReviewActPayload, type ReviewPollPayload } from './kinds';

export class ImportChangeError extends Error {
  override name = 'ImportChangeError';
}

const OPEN = new Set(['pending', 'in_flight', 'rejected', 'blocked']);

/** The import's changes not done yet, by kind. */
export function openImportChanges(db: MirrorDb, importId: number): { acting: boolean; destroying: boolean } {
  const open = opsOfEntity(db, IMPORT_ENTITY, importId).filter((op) => OPEN.has(op.state));
  return { acting: open.some((op) => op.kind === REVIEW_KINDS.act || op.kind === REVIEW_KINDS.poll), destroying: open.some((op) => op.kind === REVIEW_KINDS.destroy) };
}

/** A destroy may wait behind an action (the service destroys only an import whose actions have ended); nothing waits behind a destroy. */
function checked(db: MirrorDb, importId: number, acting: 'refuse' | 'allow'): void {
  if (!importById(db, importId)) throw new ImportChangeError(`Import ${importId} is not on this computer; pull the event's imports first.`);
  const open = openImportChanges(db, importId);
  if (open.destroying) throw new ImportChangeError(`Import ${importId} is already being destroyed.`);
  if (open.acting && acting === 'refuse') throw new ImportChangeError(`An import action on import ${importId} is already waiting to be sent or followed; wait for it to end.`);
}

export function enqueueImportAction(db: MirrorDb, importId: number, flags: ImportFlags, at: number = Date.now()): { actOpId: number; pollOpId: number } {
  return db.transaction(() => {
    checked(db, importId, 'refuse');
    const entity = { entityType: IMPORT_ENTITY, entityKey: importId };
    const knownActions = actionsOfImport(db, importId).map((a) => a.id);
    const act = enqueue<ReviewActPayload>(db, { ...entity, kind: REVIEW_KINDS.act, payload: { importId, flags, knownActions } }, at);
    const poll = enqueue<ReviewPollPayload>(db, { ...entity, kind: REVIEW_KINDS.poll, payload: { importId, actOpId: act.id }, dependsOn: act.id }, at);
    return { actOpId: act.id, pollOpId: poll.id };
  })();
}

export function enqueueImportDestroy(db: MirrorDb, importId: number, at: number = Date.now()): number {
  return db.transaction(() => {
    checked(db, importId, 'allow');
    return enqueue<DestroyPayload>(db, { entityType: IMPORT_ENTITY, entityKey: importId, kind: REVIEW_KINDS.destroy, payload: { importId } }, at).id;
  })();
}
