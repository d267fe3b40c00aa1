/**
 * The import push chain's shared pieces: op kinds and payloads, how a later op finds what an
 * earlier one created (the import id is the create op's remote ref, the action id the act
 * op's, or the create answer's on the direct path), and the guard that turns a refusal into
 * a rejected op AND a failed draft in one transaction.
 */
import type { ImportFlags } from '../../../core/contract/imports';
import type { MirrorDb } from '../../mirror/open';
import { setDraftState } from '../../mirror/queries/drafts/drafts';
import { opById } from '../../mirror/queries/outbox/outbox';
import { isRemoteError } from '../../remote/errors';
import type { OpHandler, OpOutcome } from '../types';

export const IMPORT_KINDS = {
  create: 'import.create',
  parser: 'import.parser',
  act: 'import.act',
  poll: 'import.poll',
  refresh: 'import.refresh',
} as const;

/** Ops of one draft run one after another: they share this entity. */
export const DRAFT_ENTITY = 'draft';

export interface CreatePayload {
  draftId: number;
  externalEventId: number;
  /** `act_if_valid: true`: the service starts the action itself, with `flags`. */
  direct: boolean;
  flags: ImportFlags;
}

export interface ChainPayload {
  draftId: number;
  externalEventId: number;
  createOpId: number;
  /** The parser step waits for the person when the parses disagree (review.ts). */
  review?: boolean;
}

export interface ActPayload extends ChainPayload {
  flags: ImportFlags;
}

export interface PollPayload extends ChainPayload {
  /** null on the direct path: the create answer names the action. */
  actOpId: number | null;
}

export interface CreateResult {
  importId: number;
  eventId: number;
  actionId: number | null;
  adopted: boolean;
}

/** Thrown when the chain's own bookkeeping is missing (a damaged mirror): rejects the op. */
export class ChainError extends Error {
  override name = 'ChainError';
}

export function importIdOf(db: MirrorDb, payload: ChainPayload): number {
  const ref = opById(db, payload.createOpId)?.remoteRef;
  if (ref == null) throw new ChainError(`the import of draft ${payload.draftId} is not recorded as created`);
  return ref;
}

export function createResultOf(db: MirrorDb, payload: ChainPayload): CreateResult | null {
  return (opById(db, payload.createOpId)?.result as CreateResult | null | undefined) ?? null;
}

export const failDraft = (draftId: number) => (db: MirrorDb) => void setDraftState(db, draftId, 'failed', { from: ['pushing'] });

/**
 * Refusals (conflict, not found, rejected, or an error of Muster's own) reject the op and
 * fail the draft together when `failsDraft`; failures worth retrying and a 401 go to the
 * runner untouched, as does anything once the runner is stopping.
 */
export function guarded(handler: OpHandler, failsDraft: boolean): OpHandler {
  return async (op, ctx): Promise<OpOutcome> => {
    try {
      return await handler(op, ctx);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (isRemoteError(error) && (error.kind === 'retry' || error.kind === 'ambiguous' || error.kind === 'unauthorized')) throw error;
      const sentence = isRemoteError(error) ? error.message : `Muster could not send this import: ${(error as Error).message}.`;
      const status = isRemoteError(error) ? error.failure.status : null;
      const draftId = (op.payload as { draftId: number }).draftId;
      // A refusal's sentence keeps its catalog words, so the sync panel and `muster outbox` say it in their language.
      const words = isRemoteError(error) && error.message === error.failure.message ? error.failure.words : undefined;
      return { type: 'reject', error: sentence, status, ...(words ? { words } : {}), ...(failsDraft ? { apply: failDraft(draftId) } : {}) };
    }
  };
}
