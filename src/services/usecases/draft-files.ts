/**
 * Drafts a person manages from the event screen: known again when the same file is chosen
 * (by its content, since a file arrives as a grant and in the preview as a copy elsewhere),
 * renamed, and deleted with what that loses. A draft whose push is under way stays: what the
 * service is being sent must stay what the mirror shows.
 */
import { importOfDraft } from '../mirror/queries/imports/imports';
import type { MirrorDb } from '../mirror/open';
import { countDraftEdits } from '../mirror/queries/drafts/draft-edits';
import { countDraftRows } from '../mirror/queries/drafts/draft-rows';
import { deleteDraft, draftById, draftsOfSource, DraftError, renameDraft, type Draft } from '../mirror/queries/drafts/drafts';
import { opsOfEntity } from '../mirror/queries/outbox/outbox';
import { DRAFT_ENTITY } from '../sync/imports/chain';
import { UseCaseError, refusal } from './errors';
import { withAccountMirror, type MirrorPlace } from './account-mirror';

export interface DraftSummary {
  id: number;
  name: string;
  state: string;
  rows: number;
  /** Steps in its history, undone ones included: what deleting it loses beside its rows. */
  edits: number;
  updatedAt: number;
}

/** A draft already made of the same file for the same event: the person is asked whether to continue it. */
export interface SameFileDraft {
  id: number;
  name: string;
  rows: number;
  updatedAt: number;
  /** It was sent (or is being sent): starting over makes a new list beside it, which stays as the record of what was sent. */
  sent: boolean;
}

/** A list sent, or on its way. */
export const isSent = (draft: Pick<Draft, 'state'>): boolean => draft.state === 'pushed' || draft.state === 'pushing';

/**
 * A list an import on the service came from (sent, on its way, or sent and stopped): its import
 * names it, so starting over from its file never deletes it. Decided when the list is replaced,
 * not when the question was asked: a push may have ended meanwhile.
 */
export const keptOnStartOver = (db: MirrorDb, draft: Pick<Draft, 'id' | 'state'>): boolean => isSent(draft) || importOfDraft(db, draft.id) !== null;

export function draftSummaryOf(db: MirrorDb, draft: Draft): DraftSummary {
  return { id: draft.id, name: draft.name, state: draft.state, rows: countDraftRows(db, draft.id), edits: countDraftEdits(db, draft.id), updatedAt: draft.updatedAt };
}

/** The last edited draft of this event made of a file with this content, if any. */
export function sameFileDraft(db: MirrorDb, externalEventId: number, hash: string): SameFileDraft | null {
  // A list still being made before a sent one, however recently the sent one's push moved on.
  const drafts = draftsOfSource(db, externalEventId, hash);
  const making = drafts.find((d) => !keptOnStartOver(db, d));
  const draft = making ?? drafts[0];
  return draft ? { id: draft.id, name: draft.name, rows: countDraftRows(db, draft.id), updatedAt: draft.updatedAt, sent: making === undefined } : null;
}

const ENDED_OPS = new Set(['done', 'rejected']);

function existing(db: MirrorDb, id: number): Draft {
  const draft = draftById(db, id);
  if (!draft) throw refusal('draft_no_longer');
  return draft;
}

/**
 * Deletes a draft with its rows and its whole history, in the caller's transaction; refused
 * while its push is under way (being sent, or steps of it still waiting in the outbox).
 */
export function removeDraft(db: MirrorDb, id: number, ofEvent?: number): DraftSummary {
  const draft = existing(db, id);
  if (ofEvent !== undefined && draft.externalEventId !== ofEvent) throw refusal('other_event', 'input', { event: draft.externalEventId, asked: ofEvent });
  const waiting = opsOfEntity(db, DRAFT_ENTITY, id).some((op) => !ENDED_OPS.has(op.state));
  if (draft.state === 'pushing' || waiting) {
    throw refusal('being_sent', 'input', { name: draft.name });
  }
  const lost = draftSummaryOf(db, draft);
  deleteDraft(db, id);
  return lost;
}

export function deleteDraftOf(place: MirrorPlace, id: number): DraftSummary {
  return withAccountMirror(place, (db) => db.transaction(() => removeDraft(db, id))());
}

export function renameDraftOf(place: MirrorPlace, id: number, name: string): DraftSummary {
  return withAccountMirror(place, (db) =>
    db.transaction(() => {
      existing(db, id);
      try {
        renameDraft(db, id, name);
      } catch (error) {
        if (error instanceof DraftError) throw new UseCaseError(error.message, 'input');
        throw error;
      }
      return draftSummaryOf(db, existing(db, id));
    })(),
  );
}
