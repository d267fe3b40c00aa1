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
import { InvalidRowsError, pushSheet, resumePushes, type PushOutcome } from '../../services/usecases';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { pushJson, pushText } from '../format/push-result';
import type { Io } from '../io';
import type { CommandSeams } from '../seams';
import { abortOnSignals } from '../signals';
import { FLAG_OPTIONS, invalidRowsSentence, overridesOf, splitFlagArgs } from '../sync/push-args';
import { progressPrinter } from '../sync/progress';
import { PAUSED_SENTENCE, resumeHint } from '../sync/unfinished-run-words';
import { connectionOf, refuseTokenArgument, SESSION_OPTIONS, type Env } from '../sync/session';


const OPTIONS = {
  ...SESSION_OPTIONS,
  event: { type: 'string' },
  sheet: { type: 'string' },
  'header-row': { type: 'string' },
  map: { type: 'string', multiple: true },
  direct: { type: 'boolean' },
  resume: { type: 'boolean' },
} as const;

function unknownDemographicsLine(values: readonly string[], added: boolean, eventId: number): string {
  const shown = values.slice(0, 5).map((v) => `“${v}”`).join(', ') + (values.length > 5 ? ` and ${values.length - 5} more` : '');
  const count = `${values.length} demographic value${values.length === 1 ? ' is' : 's are'} not in event ${eventId}'s catalog (${shown})`;
  return added ? `${count}; they are added to the event, as --save-missing-categories asks.` : `${count}; they are left out. Push with --save-missing-categories to add them to the event.`;
}

function finish({ end, status }: PushOutcome, json: boolean, server: string, io: Io): number {
  if (end === 'paused') throw new UsageError(PAUSED_SENTENCE, 3);
  if (end === 'interrupted') throw new UsageError(`interrupted; the push is saved: ${resumeHint(server)}.`, 130);
  if (end === 'stalled') throw new UsageError(`the service cannot be reached now (${status.error ?? 'no answer'}); the push is saved: ${resumeHint(server)}.`, 4);
  io.out(json ? JSON.stringify(pushJson(status)) : pushText(status));
  return status.state === 'pushed' ? 0 : 1;
}

export async function pushCommand(args: string[], io: Io, env: Env = process.env, seams: CommandSeams = {}): Promise<number> {
  refuseTokenArgument(args);
  const { args: rest, flags } = splitFlagArgs(args);
  const { values, positionals } = parseOptions(rest, OPTIONS, true, FLAG_OPTIONS);
  const json = values.json === true;
  const server = values.server ?? '';
  const print = progressPrinter((line) => io.err(line));

  if (values.resume && positionals.length > 0) throw new UsageError('--resume takes no file; it finishes the pushes already in the outbox.');
  let file = '';
  let externalEventId = 0;
  let headerRow: number | undefined;
  if (!values.resume) {
    if (positionals.length !== 1) throw new UsageError('give exactly one spreadsheet file: muster push FILE --event ID --server URL');
    externalEventId = intOption(values.event, 'event') ?? 0;
    if (!externalEventId) throw new UsageError("--event ID is required: the event's external id, a positive whole number.");
    headerRow = intOption(values['header-row'], 'header-row');
    if (headerRow === 0) throw new UsageError('--header-row counts from 1.');
    file = positionals[0];
  }
  const overrides = overridesOf(values.map);
  const connection = connectionOf(values, env);
  const stop = abortOnSignals();
  const options = {
    signal: stop.signal,
    onTransition: seams.onTransition,
    onEvent: (event: Parameters<typeof print>[0]) => {
      if (event.type === 'push-continued') io.err(`An earlier push of ${file} to event ${externalEventId} is unfinished (draft ${event.draftId}); continuing it instead of importing the file twice.`);
      else if (event.type === 'push-started') io.err(`Pushing ${event.participants.toLocaleString('en-US')} participants from ${file} to event ${externalEventId} (draft ${event.draftId}).`);
      else if (event.type === 'unknown-demographics') io.err(unknownDemographicsLine(event.values, event.added, externalEventId));
      else print(event);
    },
  };
  try {
    const outcome = values.resume
      ? await resumePushes(connection, options)
      : await pushSheet(connection, { file: resolve(file), externalEventId, sheet: values.sheet, headerRow, overrides, flags, direct: values.direct === true }, options);
    return finish(outcome, json, server, io);
  } catch (error) {
    if (error instanceof InvalidRowsError) throw new UsageError(invalidRowsSentence(file, error.invalidRows, error.total), 1);
    throw asUsageError(error, file);
  } finally {
    stop.dispose();
  }
}
