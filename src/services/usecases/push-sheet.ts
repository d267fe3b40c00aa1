/**
 * Push a spreadsheet to an event through the outbox: read it with the one mapping and
 * validation pass `checkSheetFile` makes, save it as a ready draft, queue its chain (create
 * the import, compare the service's parse, start the action, poll it, refresh the index) and
 * run the outbox until the chain settles. The same file pushed again while an earlier push of
 * it to that event is unfinished continues that push, never imports it a second time.
 */
import { unknownDemographics, type ColumnOverride } from '../../core/intake';
import { DEFAULT_IMPORT_FLAGS, type ImportFlags } from '../../core/contract/imports';
import { existsSync } from 'node:fs';
import { mirrorFileFor } from '../mirror/location';
import { unreachableReason } from '../remote/reach';
import { catalogFor } from '../mirror/queries/imports/catalog';
import { draftById, listDrafts, setDraftFlags, setDraftState } from '../mirror/queries/drafts/drafts';
import { opsOfEntity } from '../mirror/queries/outbox/outbox';
import { draftPushStatus, enqueueDraftPush, type DraftPushStatus } from '../sync/imports';
import { createReadyDraft } from '../sync/imports/sheet-draft';
import { readSheetForEvent } from './check-sheet';
import { InvalidRowsError, UseCaseError, refusal } from './errors';
import type { EventSink, PushEvent } from './events';
import { runSession, startNow, type RunEnd } from './run';
import type { MirrorPlace } from './account-mirror';
import { DraftSession } from './draft-session';
import { withSyncSession, type Connection, type SyncSession } from './session';

export interface PushSheetInput {
  /** Absolute path of the spreadsheet. */
  file: string;
  externalEventId: number;
  sheet?: string;
  headerRow?: number;
  overrides?: readonly ColumnOverride[];
  /** The six import flags; the interface's defaults fill what is not given. */
  flags?: Partial<ImportFlags>;
  /** Create the import with act_if_valid true instead of the reviewed chain. */
  direct?: boolean;
}

export interface PushOptions {
  onEvent?: EventSink<PushEvent>;
  signal?: AbortSignal;
  /** Every persisted transition, raw (the crash-test hook listens here). */
  onTransition?: Parameters<typeof withSyncSession>[1]['onTransition'];
}

export interface PushOutcome {
  draftId: number;
  /** How the run ended: settled (the chain is over), or why it stopped early (work is kept). */
  end: RunEnd;
  status: DraftPushStatus;
}

export interface RunDraftOptions {
  signal?: AbortSignal;
  /**
   * End the run at the first attempt of the draft's chain that fails (the service cannot be
   * reached, or refuses for now): the push stays in the outbox, and the person hears at once
   * why it waits instead of after a backoff grown past GIVE_UP_MS.
   */
  untilFailure?: boolean;
}

function settledDraft(session: SyncSession, draftId: number, { signal, untilFailure }: RunDraftOptions) {
  const ops = () => opsOfEntity(session.db, 'draft', draftId);
  const open = () => ops().filter((op) => op.state === 'pending' || op.state === 'in_flight');
  const triedBefore = new Map(ops().map((op) => [op.id, op.attempts]));
  const failedNow = () => open().some((op) => op.state === 'pending' && op.lastError !== null && op.attempts > (triedBefore.get(op.id) ?? 0));
  return {
    settled: () => open().length === 0,
    nextAttemptAt: () => open().find((op) => op.state === 'pending')?.nextAttemptAt ?? null,
    signal,
    ...(untilFailure ? { failed: failedNow } : {}),
  };
}

export async function runDraft(session: SyncSession, draftId: number, options: RunDraftOptions = {}): Promise<PushOutcome> {
  const end = await runSession(session, settledDraft(session, draftId, options));
  return { draftId, end, status: draftPushStatus(session.db, draftId)! };
}

/**
 * A first push to a service this computer has no mirror of yet checks that the service
 * answers at all before anything is saved, so a mistyped address leaves no mirror with a
 * push that could never be sent.
 */
async function refuseUnreachableNewService(connection: Connection): Promise<void> {
  if (existsSync(mirrorFileFor(connection.dataDir, connection.serverUrl, connection.account))) return;
  const reason = await unreachableReason(connection.serverUrl);
  if (reason) throw new UseCaseError(`${reason} Nothing was saved; check the server address.`, 'unreachable');
}

export async function pushSheet(connection: Connection, input: PushSheetInput, options: PushOptions = {}): Promise<PushOutcome> {
  const flags: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, ...input.flags };
  await refuseUnreachableNewService(connection);
  return withSyncSession(connection, { onEvent: options.onEvent, onTransition: options.onTransition }, async (session) => {
    const catalog = catalogFor(session.db, input.externalEventId);
    const onProgress = options.onEvent ? (fraction: number) => options.onEvent!({ type: 'reading', fraction }) : undefined;
    const sheet = await readSheetForEvent(session.db, connection.dataDir, input, onProgress);
    if (sheet.rows.length === 0) throw new UseCaseError('the sheet has no participant rows to push.', 'failed', true);
    const invalid = sheet.check.participants.filter((p) => p.invalid_fields.length > 0);
    if (invalid.length > 0 && !flags.skip_invalid) throw new InvalidRowsError(invalid.map((p) => p.source_row), sheet.check.participants.length);
    // With the event's catalog known, values it lacks are added only when asked for.
    const unknown = catalog.length > 0 ? unknownDemographics(sheet.check.participants) : [];
    if (unknown.length > 0) {
      if (input.flags?.save_missing_categories === undefined) flags.save_missing_categories = false;
      options.onEvent?.({ type: 'unknown-demographics', values: unknown, added: flags.save_missing_categories });
    }
    startNow(session);
    const unfinished = listDrafts(session.db, input.externalEventId).find((d) => d.state === 'pushing' && d.source.hash === sheet.source.hash);
    if (unfinished) {
      options.onEvent?.({ type: 'push-continued', draftId: unfinished.id });
      return runDraft(session, unfinished.id, { signal: options.signal });
    }
    const draftId = session.db.transaction(() => {
      const id = createReadyDraft(
        session.db,
        { externalEventId: input.externalEventId, source: sheet.source, sheetName: sheet.check.sheet, headerRow: sheet.check.header_row, mapping: sheet.check.mapping, flags },
        sheet.rows,
      );
      enqueueDraftPush(session.db, id, { direct: input.direct === true });
      return id;
    })();
    options.onEvent?.({ type: 'push-started', draftId, participants: sheet.rows.length });
    return runDraft(session, draftId, { signal: options.signal });
  });
}

/** Finishes what earlier pushes left in the outbox; the outcome is that of the newest push. */
export async function resumePushes(connection: Connection, options: PushOptions = {}): Promise<PushOutcome> {
  return withSyncSession(connection, { onEvent: options.onEvent, onTransition: options.onTransition }, async (session) => {
    startNow(session);
    const end = await runSession(session, { signal: options.signal });
    const draft = listDrafts(session.db).find((d) => d.state !== 'editing' && d.state !== 'ready');
    if (!draft) throw new UseCaseError('there is no push to resume in this mirror.', 'failed');
    return { draftId: draft.id, end: end === 'idle' ? 'settled' : end, status: draftPushStatus(session.db, draft.id)! };
  });
}

export interface PushDraftOptions extends PushOptions {
  /** See RunDraftOptions: the app's push says at once that it waits when the service does not answer. */
  untilFailure?: boolean;
  /** Stop before the action when the service's parse disagrees with the offline one, until
   *  the person decides (push-review.ts). */
  review?: boolean;
  /** The draft as it is open in the workspace: its check is the one the person saw, so the
   *  push takes it as it is instead of reading the rows back and parsing them again. */
  open?: DraftSession;
}

/**
 * Pushes a draft edited in the app's workspace: the same outbox chain as `muster push`, with
 * the flags the person chose. Invalid rows are refused unless `skip_invalid` leaves them out.
 */
export async function pushDraft(connection: Connection, draftId: number, flags: Partial<ImportFlags>, options: PushDraftOptions = {}): Promise<PushOutcome> {
  if (options.open && options.open.draftId !== draftId) throw new Error(`The open draft is ${options.open.draftId}, not ${draftId}.`);
  return withSyncSession(connection, { onEvent: options.onEvent, onTransition: options.onTransition }, async (session) => {
    const draft = draftById(session.db, draftId);
    if (!draft) throw new UseCaseError(`There is no draft ${draftId} on this computer.`, 'input');
    if (draft.state !== 'pushing' && draft.state !== 'pushed') {
      const chosen: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, ...flags };
      const { participants, invalidRows } = checkedDraft(connection, draftId, options.open);
      if (participants === 0) throw refusal('no_participants');
      if (invalidRows.length > 0 && !chosen.skip_invalid) throw new InvalidRowsError(invalidRows, participants);
      session.db.transaction(() => {
        setDraftFlags(session.db, draftId, chosen);
        setDraftState(session.db, draftId, 'ready', { from: ['editing', 'failed'] });
        enqueueDraftPush(session.db, draftId, { review: options.review === true });
      })();
      options.onEvent?.({ type: 'push-started', draftId, participants });
    }
    startNow(session);
    return runDraft(session, draftId, { signal: options.signal, untilFailure: options.untilFailure });
  });
}

/** The draft's check as the workspace makes it: the open session's, or one made for this push. */
function checkedDraft(place: MirrorPlace, draftId: number, open?: DraftSession): ReturnType<DraftSession['pushable']> {
  if (open) return open.pushable();
  const draft = DraftSession.open(place, draftId);
  try {
    return draft.pushable();
  } finally {
    draft.close();
  }
}
