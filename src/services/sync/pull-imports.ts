/**
 * Pulls the imports and import actions of every event the mirror knows. An event known only
 * by its external id is listed through the reference service's external-id index (an
 * extension; its first import teaches the mirror the event's id); where the service does
 * not offer it, or the event has no import yet, it is counted as skipped. For each event:
 * the import index, then each import's actions, each event written in one transaction.
 *
 * An import the service no longer lists (and whose index is complete: `count` equals the
 * list) is removed from the mirror with its actions and parser result, unless an unfinished
 * outbox op still refers to it: the push that owns it decides.
 */
import type { ParticipantImportAction } from '../../core/contract/imports';
import type { MirrorDb } from '../mirror/open';
import { learnEventId, listEvents } from '../mirror/queries/imports/events';
import { recordImportAction } from '../mirror/queries/imports/import-actions';
import { forgetImport, importsOfEvent, recordImport } from '../mirror/queries/imports/imports';
import { stmt } from '../mirror/queries/statements';
import type { RemoteClient } from '../remote/client';
import { listImportActions } from '../remote/import-actions';
import { isRemoteError } from '../remote/errors';
import { listImports, listImportsByExternalId } from '../remote/imports';

export interface ImportPullCounts {
  events: number;
  /** Events known only by external id: the service's index needs the internal id. */
  skippedEvents: number;
  imports: number;
  actions: number;
  /** Imports removed because the service no longer lists them. */
  removed: number;
}

export const emptyImportCounts = (): ImportPullCounts => ({ events: 0, skippedEvents: 0, imports: 0, actions: 0, removed: 0 });

/** An unfinished op that recorded this id might be about this import: leave it to that op. */
function referencedByOpenOp(db: MirrorDb, importId: number): boolean {
  return stmt(db, "SELECT 1 FROM outbox WHERE state <> 'done' AND remote_ref = ? LIMIT 1").pluck().get(importId) !== undefined;
}

/**
 * An event known only by its external id, listed through the reference service's extension.
 * Null when the service does not offer it or does not know the event: the event is skipped
 * until a push teaches the mirror its id.
 */
async function indexByExternalId(remote: RemoteClient, externalEventId: number, signal?: AbortSignal) {
  try {
    return await listImportsByExternalId(remote, externalEventId, { signal });
  } catch (error) {
    if (isRemoteError(error) && (error.kind === 'rejected' || error.kind === 'not_found')) return null;
    throw error;
  }
}

export async function pullImports(db: MirrorDb, remote: RemoteClient, options: { signal?: AbortSignal; now?: () => number } = {}): Promise<ImportPullCounts> {
  const now = options.now ?? Date.now;
  const counts = emptyImportCounts();
  for (const known of listEvents(db)) {
    let event = known;
    let index;
    if (event.eventId === null) {
      index = await indexByExternalId(remote, event.externalEventId, options.signal);
      const eventId = index?.participant_imports[0]?.event_id;
      if (!index || eventId === undefined) {
        counts.skippedEvents++;
        continue;
      }
      event = learnEventId(db, event.externalEventId, eventId, now());
    } else {
      index = await listImports(remote, event.eventId, { signal: options.signal });
    }
    const actions = new Map<number, ParticipantImportAction[]>();
    for (const record of index.participant_imports) {
      actions.set(record.id, (await listImportActions(remote, record.id, { signal: options.signal })).participant_import_actions);
    }
    const at = now();
    db.transaction(() => {
      for (const record of index.participant_imports) {
        recordImport(db, record, { externalEventId: event.externalEventId, at });
        for (const action of actions.get(record.id) ?? []) recordImportAction(db, action, at);
        counts.actions += actions.get(record.id)?.length ?? 0;
      }
      const listed = new Set(index.participant_imports.map((r) => r.id));
      if (index.count === index.participant_imports.length) {
        for (const known of importsOfEvent(db, event.eventId!)) {
          if (listed.has(known.id) || referencedByOpenOp(db, known.id)) continue;
          if (forgetImport(db, known.id)) counts.removed++;
        }
      }
    })();
    counts.events++;
    counts.imports += index.participant_imports.length;
  }
  return counts;
}
