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
import { catalogFor } from '../mirror/queries/catalog';
import { draftById, listDrafts, setDraftFlags, setDraftState } from '../mirror/queries/drafts';
import { draftParticipants } from '../mirror/queries/draft-rows';
import { parseParticipants } from '../../core/participants/parser';
import { opsOfEntity } from '../mirror/queries/outbox';
import { draftPushStatus, enqueueDraftPush, type DraftPushStatus } from '../sync/imports';
import { createReadyDraft } from '../sync/imports/sheet-draft';
import { readSheetForEvent } from './check-sheet';
import { InvalidRowsError, UseCaseError } from './errors';
import type { EventSink, PushEvent } from './events';
import { runSession, startNow, type RunEnd } from './run';
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

function settledDraft(session: SyncSession, draftId: number, signal?: AbortSignal) {
  const open = () => opsOfEntity(session.db, 'draft', draftId).filter((op) => op.state === 'pending' || op.state === 'in_flight');
  return { settled: () => open().length === 0, nextAttemptAt: () => open().find((op) => op.state === 'pending')?.nextAttemptAt ?? null, signal };
}

export async function runDraft(session: SyncSession, draftId: number, signal?: AbortSignal): Promise<PushOutcome> {
  const end = await runSession(session, settledDraft(session, draftId, signal));
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
      return runDraft(session, unfinished.id, options.signal);
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
    return runDraft(session, draftId, options.signal);
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

/**
 * Pushes a draft edited in the app's workspace: the same outbox chain as `muster push`, with
 * the flags the person chose. Invalid rows are refused unless `skip_invalid` leaves them out.
 */
export interface PushDraftOptions extends PushOptions {
  /** Save the push in the outbox without sending anything now (the service is unreachable). */
  queueOnly?: boolean;
  /** Stop before the action when the service's parse disagrees with the offline one, until
   *  the person decides (push-review.ts). */
  review?: boolean;
}

/**
 * Pushes a draft edited in the app's workspace: the same outbox chain as `muster push`, with
 * the flags the person chose. Invalid rows are refused unless `skip_invalid` leaves them out.
 * With `queueOnly`, the push is saved and the answer says it waits; a later sync sends it.
 */
export async function pushDraft(connection: Connection, draftId: number, flags: Partial<ImportFlags>, options: PushDraftOptions = {}): Promise<PushOutcome> {
  return withSyncSession(connection, { onEvent: options.onEvent, onTransition: options.onTransition }, async (session) => {
    const draft = draftById(session.db, draftId);
    if (!draft) throw new UseCaseError(`There is no draft ${draftId} on this computer.`, 'input');
    if (draft.state !== 'pushing' && draft.state !== 'pushed') {
      const chosen: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, ...flags };
      const rows = draftParticipants(session.db, draftId);
      if (rows.length === 0) throw new UseCaseError('The list has no participants to push.', 'input');
      const parsed = parseParticipants(rows);
      const invalid = parsed.filter((p) => p.invalid_fields.length > 0);
      if (invalid.length > 0 && !chosen.skip_invalid) throw new InvalidRowsError(invalid.map((p) => p.row_number), parsed.length);
      session.db.transaction(() => {
        setDraftFlags(session.db, draftId, chosen);
        setDraftState(session.db, draftId, 'ready', { from: ['editing', 'failed'] });
        enqueueDraftPush(session.db, draftId, { review: options.review === true });
      })();
      options.onEvent?.({ type: 'push-started', draftId, participants: rows.length });
    }
    if (options.queueOnly) return { draftId, end: 'stalled', status: draftPushStatus(session.db, draftId)! };
    startNow(session);
    return runDraft(session, draftId, options.signal);
  });
}
