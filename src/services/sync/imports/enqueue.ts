/**
 * Turns a ready draft into its push chain, in ONE transaction with the draft's move to
 * `pushing` (so a draft is never pushing without its ops, nor ops queued for a draft that
 * could still change):
 *
 *   act_if_valid false: import.create → import.parser → import.act → import.poll → import.refresh
 *   direct (act_if_valid true): import.create → import.poll → import.refresh
 *
 * Each op depends on the one before: a refused step blocks the rest (visibly) instead of
 * letting, say, an action start for an import whose creation was refused.
 * The participants are not copied into the outbox: a pushing draft cannot be edited, so the
 * handler reads them from draft_rows when it sends them.
 */
import type { MirrorDb } from '../../mirror/open';
import { countDraftRows } from '../../mirror/queries/drafts/draft-rows';
import { DraftError, draftById, setDraftState } from '../../mirror/queries/drafts/drafts';
import { enqueue } from '../../mirror/queries/outbox/outbox';
import { DRAFT_ENTITY, IMPORT_KINDS, type ActPayload, type ChainPayload, type CreatePayload, type PollPayload } from './chain';
import { clearReview } from './review';

export interface PushChain {
  draftId: number;
  createOpId: number;
  parserOpId: number | null;
  actOpId: number | null;
  pollOpId: number;
  refreshOpId: number;
}

export function enqueueDraftPush(db: MirrorDb, draftId: number, options: { direct?: boolean; review?: boolean; at?: number } = {}): PushChain {
  const at = options.at ?? Date.now();
  const direct = options.direct === true;
  return db.transaction(() => {
    const draft = draftById(db, draftId);
    if (!draft) throw new DraftError(`Draft ${draftId} does not exist (it may have been deleted).`);
    if (countDraftRows(db, draftId) === 0) throw new DraftError(`Draft ${draftId} (${draft.source.name}) has no participants to push.`);
    if (!setDraftState(db, draftId, 'pushing', { from: ['ready'], at })) {
      throw new DraftError(`Draft ${draftId} (${draft.source.name}) is ${draft.state}; only a ready draft can be pushed.`);
    }
    // A decision about an earlier push of this draft says nothing about this one.
    clearReview(db, draftId);
    const entity = { entityType: DRAFT_ENTITY, entityKey: draftId };
    const base = { draftId, externalEventId: draft.externalEventId };
    const create = enqueue<CreatePayload>(db, { ...entity, kind: IMPORT_KINDS.create, payload: { ...base, direct, flags: draft.flags } }, at);
    const chain: ChainPayload = { ...base, createOpId: create.id };
    let previous = create.id;
    let parserOpId: number | null = null;
    let actOpId: number | null = null;
    if (!direct) {
      const parser: ChainPayload = options.review ? { ...chain, review: true } : chain;
      parserOpId = enqueue<ChainPayload>(db, { ...entity, kind: IMPORT_KINDS.parser, payload: parser, dependsOn: previous }, at).id;
      actOpId = enqueue<ActPayload>(db, { ...entity, kind: IMPORT_KINDS.act, payload: { ...chain, flags: draft.flags }, dependsOn: parserOpId }, at).id;
      previous = actOpId;
    }
    const pollOpId = enqueue<PollPayload>(db, { ...entity, kind: IMPORT_KINDS.poll, payload: { ...chain, actOpId }, dependsOn: previous }, at).id;
    const refreshOpId = enqueue<ChainPayload>(db, { ...entity, kind: IMPORT_KINDS.refresh, payload: chain, dependsOn: pollOpId }, at).id;
    return { draftId, createOpId: create.id, parserOpId, actOpId, pollOpId, refreshOpId };
  })();
}
