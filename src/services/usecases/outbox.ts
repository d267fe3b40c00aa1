/**
 * The outbox as a person reviews it (the command line's `muster outbox`, the app's sync
 * panel): each change waiting, running, refused or blocked, in words; retrying what was
 * refused; and giving up a push, which says first what is lost.
 */
import { HELD } from '../mirror/queries/outbox/outbox-queue';
import { clearReview } from '../sync/imports/review';
import { draftById, setDraftState } from '../mirror/queries/drafts/drafts';
import { OutboxError, opById, requeue, type OutboxOp, type OutboxState } from '../mirror/queries/outbox/outbox';
import { dropOpenOps, openOps } from '../mirror/queries/outbox/outbox-list';
import { outboxStatus, type OutboxStatus } from '../mirror/queries/outbox/outbox-status';
import { DRAFT_ENTITY } from '../sync/imports';
import { discardSubjectChanges } from '../mirror/queries/subjects/subjects-discard';
import { subjectByLocalId } from '../mirror/queries/subjects/subjects';
import { SUBJECT_ENTITY, subjectLabel } from '../sync/subjects/fields';
import type { MirrorDb } from '../mirror/open';
import { UseCaseError } from './errors';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { SHARED_MESSAGES, type Message } from '../../core/i18n';
import { englishOf } from '../../core/i18n/translate';
import { englishLoss, lossWords } from './outbox-loss';

export interface OutboxItem {
  id: number;
  kind: string;
  state: OutboxState;
  /** What the change is, in words. */
  title: string;
  /** `title` as catalog words (core/i18n `outbox.*`), for the page to say in its language. */
  titleWords: OutboxTitleWords;
  error: string | null;
  /** `error` as catalog keys and parameters, when it is the stored sentence of a failed call. */
  errorWords: Message[] | null;
  attempts: number;
  nextAttemptAt: number | null;
  createdAt: number;
  /** What discarding gives up, in words; null when this change cannot be discarded (a subject's). */
  discardLoses: string | null;
  /** `discardLoses` as catalog words (core/i18n `outbox.discard`), for the page to say in its language. */
  discardWords: Message[] | null;
  /** The subject's local id when this change waits on a conflict the person resolves, not on a retry. */
  conflictSubject: number | null;
}


/** A change's title as data: which step, and what it is about (`form`, with its parameters). */
export interface OutboxTitleWords {
  step: string;
  form: 'draft' | 'step' | 'about';
  params: Record<string, string | number>;
}


function titleWordsOf(db: MirrorDb, op: OutboxOp): OutboxTitleWords {
  const step = op.kind.replaceAll('.', '_');
  if (op.entityType === DRAFT_ENTITY) {
    const draft = draftById(db, Number(op.entityKey));
    return draft ? { step, form: 'draft', params: { event: draft.externalEventId, name: draft.name } } : { step, form: 'step', params: {} };
  }
  if (op.entityType === SUBJECT_ENTITY) {
    const subject = subjectByLocalId(db, Number(op.entityKey));
    if (subject) return { step, form: 'about', params: { what: subjectLabel(subject).replace(/^subject /, '') } };
  }
  return { step, form: 'about', params: { what: op.entityKey } };
}

const english = englishOf(SHARED_MESSAGES.en);

/** The English title (the command line's, and the page's for a step it has no words for). */
function titleOf(words: OutboxTitleWords, kind: string): string {
  const key = `outbox.steps.${words.step}`;
  const step = english(key);
  return english(`outbox.forms.${words.form}`, { ...words.params, step: step === key ? kind : step });
}


/** Said of a push held for the person's decision (it has no next try to show). */
const HELD_SENTENCE = english('outbox.held');

function itemOf(db: MirrorDb, op: OutboxOp): OutboxItem {
  const held = op.state === 'pending' && op.nextAttemptAt >= HELD;
  const titleWords = titleWordsOf(db, op);
  const loss = lossWords(db, op);
  return {
    id: op.id,
    kind: op.kind,
    state: op.state,
    title: titleOf(titleWords, op.kind),
    titleWords,
    error: held ? HELD_SENTENCE : op.lastError,
    errorWords: held ? [{ key: 'outbox.held' }] : op.lastErrorWords,
    attempts: op.attempts,
    nextAttemptAt: op.state === 'pending' && !held ? op.nextAttemptAt : null,
    createdAt: op.createdAt,
    discardLoses: loss && englishLoss(loss),
    discardWords: loss,
    conflictSubject: conflictOf(db, op),
  };
}

/** A subject change refused because the subject changed on the service too waits for the person, not for a retry. */
function conflictOf(db: MirrorDb, op: OutboxOp): number | null {
  if (op.entityType !== SUBJECT_ENTITY) return null;
  const subject = subjectByLocalId(db, Number(op.entityKey));
  return subject?.state === 'conflict' ? subject.localId : null;
}

export function listOutbox(place: MirrorPlace): OutboxItem[] {
  return withAccountMirror(place, (db) => openOps(db).map((op) => itemOf(db, op)));
}

export interface OutboxChange extends OutboxItem {
  /** Steps of the same change waiting behind this one (a push is five steps). */
  laterSteps: number;
}

/**
 * The outbox one change per line, as the app's sync panel shows it: each record's (a draft's
 * push, a subject's edits) first step that is not done, which is where it waits or failed,
 * with how many steps follow it.
 */
export function listOutboxChanges(place: MirrorPlace): OutboxChange[] {
  return withAccountMirror(place, changesOf);
}

function changesOf(db: MirrorDb): OutboxChange[] {
  const changes = new Map<string, { first: OutboxOp; later: number }>();
  for (const op of openOps(db)) {
    const key = `${op.entityType}\u0000${op.entityKey}`;
    const known = changes.get(key);
    if (known) known.later++;
    else changes.set(key, { first: op, later: 0 });
  }
  return [...changes.values()].map(({ first, later }) => ({ ...itemOf(db, first), laterSteps: later }));
}

/** Where one account's syncing stands and its changes, from one look at its mirror (the status indicator asks often). */
export function outboxOverview(place: MirrorPlace, now: number = Date.now()): { outbox: OutboxStatus; changes: OutboxChange[] } {
  return withAccountMirror(place, (db) => ({ outbox: outboxStatus(db, now), changes: changesOf(db) }));
}

/** Tries refused and blocked changes again (one by id, or all); answers how many were requeued. */
export function retryOutbox(place: MirrorPlace, id?: number): number {
  return withAccountMirror(place, (db) => {
    const targets = id === undefined ? openOps(db).filter((op) => op.state === 'rejected') : [opById(db, id)].filter((op): op is OutboxOp => op !== null);
    if (id !== undefined && targets.length === 0) throw new UseCaseError(`there is no change ${id} in the outbox.`, 'input');
    let requeued = 0;
    for (const op of targets) {
      try {
        requeue(db, op.id);
        requeued++;
      } catch (error) {
        if (error instanceof OutboxError && id !== undefined) throw new UseCaseError(error.message, 'input');
        if (!(error instanceof OutboxError)) throw error;
      }
    }
    return requeued;
  });
}

/**
 * Gives up the change an op belongs to: every step of it not done yet leaves the outbox.
 * A push's draft is marked failed; a subject goes back to what the service has (or, made
 * here, is removed). With `confirm` false nothing changes; the answer says what would be lost.
 */
export function discardFromOutbox(place: MirrorPlace, id: number, confirm: boolean): { lost: string; lostWords: Message[]; discarded: boolean } {
  return withAccountMirror(place, (db) => {
    const op = opById(db, id);
    if (!op || op.state === 'done') throw new UseCaseError(`there is no change ${id} waiting in the outbox.`, 'input');
    const words = lossWords(db, op);
    if (words === null) {
      const why = op.entityType === SUBJECT_ENTITY ? 'is to a subject the service already has, with no version of it fetched here to go back to; retry it, or pull first' : 'has nothing left to discard';
      throw new UseCaseError(`change ${id} ${why}.`, 'input');
    }
    const lost = englishLoss(words);
    if (!confirm) return { lost, lostWords: words, discarded: false };
    const dropped = db.transaction(() => {
      const count = dropOpenOps(db, op.entityType, op.entityKey);
      if (count === null) return null;
      if (op.entityType === DRAFT_ENTITY) {
        const draft = draftById(db, Number(op.entityKey));
        if (draft) setDraftState(db, draft.id, 'failed');
        clearReview(db, Number(op.entityKey));
      } else if (op.entityType === SUBJECT_ENTITY) {
        discardSubjectChanges(db, Number(op.entityKey));
      }
      return count;
    })();
    if (dropped === null) throw new UseCaseError(`change ${id} is being sent right now; wait for it to end, then discard it.`, 'failed');
    return { lost, lostWords: words, discarded: true };
  });
}
