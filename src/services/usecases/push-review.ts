/**
 * The person's answer to a push that stopped because the service reads rows differently
 * from the offline parse (sync/imports/review.ts):
 * - `send`: the push goes on as it is (the action starts) and runs like a push;
 * - `fix`: the push's remaining steps leave the outbox and the draft can be edited again.
 *   The import already created on the service stays there without an action, so nothing
 *   of it was imported; the next push creates a new one.
 */
import { draftRows } from '../mirror/queries/drafts/draft-rows';
import { setDraftState } from '../mirror/queries/drafts/drafts';
import { detachImport, importOfDraft } from '../mirror/queries/imports/imports';
import { dropOpenOps } from '../mirror/queries/outbox/outbox-list';
import { draftPushStatus } from '../sync/imports';
import { DRAFT_ENTITY } from '../sync/imports/chain';
import { approveReview, clearReview, reviewOf } from '../sync/imports/review';
import { refusal } from './errors';
import { runDraft, type PushOptions, type PushOutcome } from './push-sheet';
import { releaseHeld } from '../mirror/queries/outbox/outbox-queue';
import { startNow } from './run';
import { withSyncSession, type Connection } from './session';
import { withAccountMirror, type MirrorPlace } from './account-mirror';

export type ReviewDecision = 'send' | 'fix';

export async function decidePushReview(connection: Connection, draftId: number, decision: ReviewDecision, options: PushOptions & { untilFailure?: boolean } = {}): Promise<PushOutcome> {
  return withSyncSession(connection, { onEvent: options.onEvent, onTransition: options.onTransition }, async (session) => {
    const { db } = session;
    if (reviewOf(db, draftId) !== 'asked') throw refusal('push_not_asked');
    if (decision === 'fix') {
      db.transaction(() => {
        if (dropOpenOps(db, DRAFT_ENTITY, String(draftId)) === null) throw refusal('push_busy', 'failed');
        const imported = importOfDraft(db, draftId);
        if (imported) detachImport(db, imported.id);
        setDraftState(db, draftId, 'editing', { from: ['pushing'] });
        clearReview(db, draftId);
      })();
      return { draftId, end: 'settled', status: draftPushStatus(db, draftId)! };
    }
    db.transaction(() => {
      approveReview(db, draftId);
      releaseHeld(db, DRAFT_ENTITY, draftId);
    })();
    startNow(session);
    return runDraft(session, draftId, { signal: options.signal, untilFailure: options.untilFailure });
  });
}

/** Where a draft's push stands, read from the mirror alone: no session, no runner, so it
 *  never touches a sync that is running meanwhile. */
export function pushStateOf(place: MirrorPlace, draftId: number): PushOutcome | null {
  return withAccountMirror(place, (db) => {
    const status = draftPushStatus(db, draftId);
    return status ? { draftId, end: 'stalled', status } : null;
  });
}

/** The spreadsheet row of each participant as the service numbers them (1 = the first
 *  participant sent); null for a row added in the app. */
export function sheetRowsOfPush(place: MirrorPlace, draftId: number): (number | null)[] {
  return withAccountMirror(place, (db) => draftRows(db, draftId).map((row) => row.source_row));
}
