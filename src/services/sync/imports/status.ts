/**
 * Where each draft's push stands, for `muster status`, `muster push` and the app: the
 * draft's state, its import and newest action on the service (with the job's progress and
 * result), how many rows the service parsed differently, the outbox state of its chain, and
 * one sentence when it failed (the refused op's error, else the failed action's).
 */
import type { ImportActionResult, ImportActionStatus } from '../../../core/contract/imports';
import type { Message } from '../../../core/i18n';
import type { MirrorDb } from '../../mirror/open';
import { draftById, listDrafts, type Draft, type DraftState } from '../../mirror/queries/drafts/drafts';
import { actionsOfImport } from '../../mirror/queries/imports/import-actions';
import { importOfDraft } from '../../mirror/queries/imports/imports';
import { opsOfEntity } from '../../mirror/queries/outbox/outbox';
import { entityState, type EntityState } from '../../mirror/queries/outbox/outbox-status';
import { disagreementsOf } from '../../mirror/queries/imports/parser-disagreements';
import type { ParserDisagreement } from '../../mirror/queries/imports/parser-results';
import { DRAFT_ENTITY } from './chain';
import { reviewOf, type ReviewState } from './review';

export interface DraftPushStatus {
  draftId: number;
  externalEventId: number;
  file: string;
  state: DraftState;
  importId: number | null;
  actionId: number | null;
  actionStatus: ImportActionStatus | null;
  progress: { total: number; processed: number } | null;
  result: ImportActionResult | null;
  /** null while the service's parse was not compared yet. */
  disagreements: ParserDisagreement[] | null;
  /** 'asked': the push waits for the person to look at the disagreements (review.ts). */
  review: ReviewState | null;
  outbox: EntityState | null;
  /** Why it failed or waits, as a sentence; null when all is well. */
  error: string | null;
  /** `error` as catalog words (core/i18n `transport`), when it is Muster's own sentence from a failed call. */
  errorWords: Message[] | null;
}

function statusOf(db: MirrorDb, draft: Draft): DraftPushStatus {
  const imported = importOfDraft(db, draft.id);
  const action = imported ? (actionsOfImport(db, imported.id).at(-1) ?? null) : null;
  const outbox = entityState(db, DRAFT_ENTITY, draft.id);
  const ops = opsOfEntity(db, DRAFT_ENTITY, draft.id);
  const refused = ops.filter((op) => op.state === 'rejected').at(-1);
  // The op holding the chain up (retrying, or waiting for a token) says why.
  const holding = ops.find((op) => (op.state === 'pending' || op.state === 'blocked') && op.lastError !== null);
  const pendingError = holding?.lastError ?? null;
  const failedAction = action?.status === 'failed' ? action.error : null;
  return {
    draftId: draft.id,
    externalEventId: draft.externalEventId,
    file: draft.source.name,
    state: draft.state,
    importId: imported?.id ?? null,
    actionId: action?.id ?? null,
    actionStatus: action?.status ?? null,
    progress: action?.progress ?? null,
    result: action?.result ?? null,
    disagreements: imported ? (disagreementsOf(db, imported.id) ?? null) : null,
    review: reviewOf(db, draft.id),
    outbox,
    error: refused?.lastError ?? failedAction ?? pendingError ?? null,
    // The words go with the sentence they are of: a failed action's is the service's own.
    errorWords: refused?.lastError ? refused.lastErrorWords : failedAction ? null : (holding?.lastErrorWords ?? null),
  };
}

export function draftPushStatus(db: MirrorDb, draftId: number): DraftPushStatus | null {
  const draft = draftById(db, draftId);
  return draft ? statusOf(db, draft) : null;
}

/** Every draft that was ever sent (pushing, pushed or failed), newest first. */
export function draftPushStatuses(db: MirrorDb): DraftPushStatus[] {
  return listDrafts(db)
    .filter((d) => d.state === 'pushing' || d.state === 'pushed' || d.state === 'failed')
    .map((d) => statusOf(db, d));
}
