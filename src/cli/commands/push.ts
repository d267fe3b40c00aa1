/**
 * `muster push FILE --event EXTERNAL_ID --server URL …` reads a sheet with the same reader
 * as `muster check`, makes a ready draft of it in the mirror, and sends it through the outbox
 * (services/sync/imports): create the import, compare the service's parse, start the action
 * with the six flags (or `--direct`: act_if_valid true), poll it to its end, refresh the
 * index. `muster push --resume --server URL` finishes pushes an earlier run left unfinished.
 *
 * Exit: 0 the action completed; 1 it failed, was refused, or the sheet has invalid rows and no
 * --skip-invalid; 2 usage, file or token problems; 3 the token was refused (the queue stays
 * paused, `muster sync` resumes it); 4 the service stayed unreachable; 130 interrupted. In
 * 3, 4 and 130 the push is saved in the mirror and resumes with `muster sync`.
 */
import { resolve } from 'node:path';
import { DEFAULT_IMPORT_FLAGS, type ImportFlags } from '../../core/contract/imports';
import { MappingOverrideError, SheetChoiceError } from '../../core/intake';
import { MappingMemory, MappingMemoryError } from '../../services/intake/mapping-memory';
import { catalogFor } from '../../services/mirror/queries/catalog';
import { listDrafts } from '../../services/mirror/queries/drafts';
import { opsOfEntity } from '../../services/mirror/queries/outbox';
import { SheetReadError } from '../../services/sheets/errors';
import { draftPushStatus, enqueueDraftPush } from '../../services/sync/imports';
import { createReadyDraft, readSheetRows } from '../../services/sync/imports/sheet-draft';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import { pushJson, pushText } from '../format/push-result';
import type { Io } from '../io';
import { invalidRowsSentence, overridesOf, splitFlagArgs } from '../sync/push-args';
import { progressPrinter } from '../sync/progress';
import { PAUSED_SENTENCE, resumeHint, runSession, startNow, type RunEnd } from '../sync/run';
import { dataDirOf, openSyncSession, refuseTokenArgument, SESSION_OPTIONS, type Env, type SyncSession } from '../sync/session';

export const PUSH_HELP =
  'push a sheet to an event: FILE --event ID --server URL [--sheet NAME] [--header-row N] [--map COLUMN=TARGET] [--skip-invalid] [--save-missing-categories=false] [--only-demographics] [--destroy-existing-demographics] [--destroy-unmatched-participants] [--skip-duplicate-identity-matches] [--direct] [--json]; or --resume --server URL';

const OPTIONS = {
  ...SESSION_OPTIONS,
  event: { type: 'string' },
  sheet: { type: 'string' },
  'header-row': { type: 'string' },
  map: { type: 'string', multiple: true },
  direct: { type: 'boolean' },
  resume: { type: 'boolean' },
} as const;

function settledDraft(session: SyncSession, draftId: number) {
  const open = () => opsOfEntity(session.db, 'draft', draftId).filter((op) => op.state === 'pending' || op.state === 'in_flight');
  return { settled: () => open().length === 0, nextAttemptAt: () => open().find((op) => op.state === 'pending')?.nextAttemptAt ?? null };
}

function finish(session: SyncSession, draftId: number, end: RunEnd, json: boolean, server: string, io: Io): number {
  const status = draftPushStatus(session.db, draftId)!;
  if (end === 'paused') throw new UsageError(PAUSED_SENTENCE, 3);
  if (end === 'interrupted') throw new UsageError(`interrupted; the push is saved: ${resumeHint(server)}.`, 130);
  if (end === 'stalled') throw new UsageError(`the service cannot be reached now (${status.error ?? 'no answer'}); the push is saved: ${resumeHint(server)}.`, 4);
  io.out(json ? JSON.stringify(pushJson(status)) : pushText(status));
  return status.state === 'pushed' ? 0 : 1;
}

export async function pushCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  refuseTokenArgument(args);
  const { args: rest, flags } = splitFlagArgs(args);
  const { values, positionals } = parseOptions(rest, OPTIONS, true);
  const json = values.json === true;
  const server = values.server ?? '';
  const print = progressPrinter((line) => io.err(line));

  if (values.resume) {
    if (positionals.length > 0) throw new UsageError('--resume takes no file; it finishes the pushes already in the outbox.');
    const session = openSyncSession(values, env, print);
    try {
      startNow(session);
      const end = await runSession(session);
      const draft = listDrafts(session.db).find((d) => d.state !== 'editing' && d.state !== 'ready');
      if (!draft) throw new UsageError('there is no push to resume in this mirror.', 1);
      return finish(session, draft.id, end === 'idle' ? 'settled' : end, json, server, io);
    } finally {
      await session.close();
    }
  }

  if (positionals.length !== 1) throw new UsageError('give exactly one spreadsheet file: muster push FILE --event ID --server URL');
  const externalEventId = intOption(values.event, 'event');
  if (!externalEventId) throw new UsageError("--event ID is required: the event's external id, a positive whole number.");
  const headerRow = intOption(values['header-row'], 'header-row');
  if (headerRow === 0) throw new UsageError('--header-row counts from 1.');
  const file = positionals[0];
  const importFlags: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, ...flags };
  const session = openSyncSession(values, env, print);
  try {
    let sheet;
    try {
      sheet = await readSheetRows(resolve(file), {
        sheetName: values.sheet,
        headerRow,
        overrides: overridesOf(values.map),
        catalog: catalogFor(session.db, externalEventId),
        memory: new MappingMemory(resolve(dataDirOf(values, env))),
      });
    } catch (error) {
      if (error instanceof SheetReadError || error instanceof SheetChoiceError || error instanceof MappingOverrideError) throw new UsageError(`${file}: ${error.message}`);
      if (error instanceof MappingMemoryError) throw new UsageError(error.message);
      throw error;
    }
    if (sheet.rows.length === 0) throw new UsageError(`${file}: the sheet has no participant rows to push.`, 1);
    if (sheet.check.summary.invalid > 0 && !importFlags.skip_invalid) throw new UsageError(invalidRowsSentence(file, sheet.check.participants), 1);
    startNow(session);
    // The same file pushed again while an earlier push of it to this event is unfinished (it
    // was saved after a refused token or a lost connection): that push is continued, never
    // sent a second time as a new import.
    const unfinished = listDrafts(session.db, externalEventId).find((d) => d.state === 'pushing' && d.source.hash === sheet.source.hash);
    if (unfinished) {
      io.err(`An earlier push of ${file} to event ${externalEventId} is unfinished (draft ${unfinished.id}); continuing it instead of importing the file twice.`);
      const end = await runSession(session, settledDraft(session, unfinished.id));
      return finish(session, unfinished.id, end, json, server, io);
    }
    const draftId = session.db.transaction(() => {
      const id = createReadyDraft(
        session.db,
        { externalEventId, source: sheet.source, sheetName: sheet.check.sheet, headerRow: sheet.check.header_row, mapping: sheet.check.mapping, flags: importFlags },
        sheet.rows,
      );
      enqueueDraftPush(session.db, id, { direct: values.direct === true });
      return id;
    })();
    io.err(`Pushing ${sheet.rows.length.toLocaleString('en-US')} participants from ${file} to event ${externalEventId} (draft ${draftId}).`);
    const end = await runSession(session, settledDraft(session, draftId));
    return finish(session, draftId, end, json, server, io);
  } finally {
    await session.close();
  }
}
