/**
 * `muster import show|act|destroy|export|draft ID --server URL …`: an import already on the service,
 * whoever made it. `show` prints the service's parse (offline: the mirror's, saying how old);
 * `act` runs an import action with the six flags and follows it to its summary; `destroy`
 * says what goes and does it only with --yes; `export` saves the import's document; `draft`
 * makes a new list here of its participants as the service read them, to fix and send again.
 * `act` and `destroy` go through the outbox: when the service cannot be reached they wait
 * there (exit 4) and `muster sync` sends them.
 */
import { resolve } from 'node:path';
import { actOnImport, destroyImportOf, DraftSession, exportImportDocument, importAsDraft, importReviewOffline, reviewImport, type ImportChangeResult } from '../../services/usecases';
import { formatDraftCheck } from '../format/list-text';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { changeJson, destroyNotice, reviewText, summaryText } from '../format/import-review';
import type { Io } from '../io';
import { abortOnSignals } from '../signals';
import { FLAG_OPTIONS, splitFlagArgs } from '../sync/push-args';
import { PAUSED_SENTENCE, resumeHint } from '../sync/unfinished-run-words';
import { connectionOf, refuseTokenArgument, SESSION_OPTIONS, type Env } from '../sync/session';

const OPTIONS = { ...SESSION_OPTIONS, out: { type: 'string' }, yes: { type: 'boolean' }, event: { type: 'string' } } as const;
const SUBCOMMANDS = ['show', 'act', 'destroy', 'export', 'draft'] as const;
type Sub = (typeof SUBCOMMANDS)[number];

function changeEnd(result: ImportChangeResult, what: string, server: string): void {
  if (result.refused) throw new UsageError(`the service refused ${what}: ${result.refused}`, 1);
  if (result.end === 'paused') throw new UsageError(PAUSED_SENTENCE, 3);
  if (result.end === 'interrupted') throw new UsageError(`interrupted; ${what} is saved: ${resumeHint(server)}.`, 130);
  if (result.waiting) throw new UsageError(`${what} waits in the outbox (${result.waiting.replace(/\.$/, '')}): ${resumeHint(server)}.`, 4);
}

export async function importCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  refuseTokenArgument(args);
  const { args: rest, flags } = splitFlagArgs(args);
  const { values, positionals } = parseOptions(rest, OPTIONS, true, FLAG_OPTIONS);
  const [sub, idText, ...extra] = positionals;
  if (!SUBCOMMANDS.includes(sub as Sub)) throw new UsageError(`say what to do with the import: muster import ${SUBCOMMANDS.join('|')} ID --server URL.`);
  if (extra.length > 0) throw new UsageError(`unexpected "${extra[0]}"; give one import id.`);
  const importId = idText !== undefined && /^[1-9]\d{0,14}$/.test(idText) ? Number(idText) : 0;
  if (!importId) throw new UsageError('give the import’s id, a positive whole number, as in muster import show 12 --server URL.');
  if (sub !== 'act' && Object.keys(flags).length > 0) throw new UsageError(`the import flags go with muster import act, not ${sub}.`);
  if ((sub === 'export') !== (values.out !== undefined)) throw new UsageError(sub === 'export' ? '--out FILE is required: where to save the document.' : '--out goes with muster import export.');
  if (values.yes && sub !== 'destroy') throw new UsageError('--yes goes with muster import destroy.');
  if (values.event !== undefined && sub !== 'draft') throw new UsageError('--event goes with muster import draft.');
  const externalEventId = intOption(values.event, 'event');
  const json = values.json === true;
  const server = values.server ?? '';
  const connection = connectionOf(values, env);
  const stop = abortOnSignals();
  try {
    switch (sub as Sub) {
      case 'show': {
        const review = await reviewImport(connection, importId, { signal: stop.signal });
        io.out(json ? JSON.stringify(review) : reviewText(review));
        return 0;
      }
      case 'act': {
        const result = await actOnImport(connection, importId, flags, {
          signal: stop.signal,
          onEvent: (event) => {
            if (event.type === 'action-progress' && event.processed !== null && event.total) io.err(`Import action ${event.status}: ${event.processed}/${event.total}`);
          },
        });
        changeEnd(result, 'the import action', server);
        const action = result.review?.actions.at(-1);
        if (json) io.out(JSON.stringify(changeJson(result)));
        else if (action?.status === 'completed' && action.result) io.out(`Import action ${action.id} on import ${importId} completed: ${summaryText(action.result)}.`);
        else io.out(`Import action ${action?.id ?? ''} on import ${importId} failed: ${action?.error ?? 'no reason was given.'}`);
        return action?.status === 'completed' ? 0 : 1;
      }
      case 'destroy': {
        if (!values.yes) {
          // Said from what this computer has: asking first must not need the service.
          io.out(`${destroyNotice(importReviewOffline(connection, importId))}\nNothing was changed yet: add --yes to destroy it.`);
          return 1;
        }
        const result = await destroyImportOf(connection, importId, { signal: stop.signal });
        changeEnd(result, 'the destroy', server);
        io.out(json ? JSON.stringify(changeJson(result)) : `Import ${importId} is destroyed on the service and forgotten here.`);
        return 0;
      }
      case 'export': {
        const path = resolve(values.out!);
        const saved = await exportImportDocument(connection, importId, path, { signal: stop.signal });
        io.out(json ? JSON.stringify({ file: path, name: saved.fileName, bytes: saved.bytes }) : `Saved the document of import ${importId} (${saved.fileName}, ${saved.bytes.toLocaleString('en-US')} bytes) to ${values.out}.`);
        return 0;
      }
      case 'draft': {
        // The service's reading as it is now; offline, the one this computer kept.
        await reviewImport(connection, importId, { signal: stop.signal });
        const draft = importAsDraft(connection, importId, externalEventId === undefined ? {} : { externalEventId });
        const session = DraftSession.open(connection, draft.id);
        try {
          const summary = session.summary();
          io.out(json ? JSON.stringify({ draft_id: draft.id, check: summary }) : formatDraftCheck(summary));
        } finally {
          session.close();
        }
        return 0;
      }
    }
  } catch (error) {
    throw asUsageError(error);
  } finally {
    stop.dispose();
  }
}
