/**
 * The test events of one account's mirror as the app's event screens show them: each event
 * with its imports (newest first), their actions' progress and results, and the drafts
 * prepared for it. Read from the mirror alone, so it works offline; `lastSyncAt` says how
 * old the picture is.
 */
import type { ImportActionResult } from '../../core/contract/imports';
import type { MirrorDb } from '../mirror/open';
import { listDrafts } from '../mirror/queries/drafts/drafts';
import { eventByExternalId, listEvents, rememberEvent, type MirrorEvent } from '../mirror/queries/imports/events';
import { actionsOfImport, type MirrorImportAction } from '../mirror/queries/imports/import-actions';
import { importsOfEvent } from '../mirror/queries/imports/imports';
import { lastSyncAt } from '../mirror/queries/outbox/sync-state';
import { draftSummaryOf, type DraftSummary } from './draft-files';
import { UseCaseError } from './errors';

export type { DraftSummary };
import { withAccountMirror, type MirrorPlace } from './account-mirror';

export interface EventSummary {
  externalEventId: number;
  name: string | null;
  linked: boolean;
  imports: number;
  drafts: number;
  addedAt: number;
}

export interface ActionSummary {
  id: number;
  status: MirrorImportAction['status'];
  processed: number;
  total: number;
  created: number | null;
  updated: number | null;
  skipped: number | null;
  destroyed: number | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ImportSummary {
  id: number;
  createdAt: string;
  participants: number;
  fileName: string | null;
  fromDraft: boolean;
  actions: ActionSummary[];
}

export interface EventDetail {
  event: EventSummary;
  imports: ImportSummary[];
  drafts: DraftSummary[];
  lastSyncAt: number | null;
}


function summary(db: MirrorDb, event: MirrorEvent): EventSummary {
  return {
    externalEventId: event.externalEventId,
    name: event.name,
    linked: event.eventId !== null,
    imports: event.eventId === null ? 0 : importsOfEvent(db, event.eventId).length,
    drafts: listDrafts(db, event.externalEventId).length,
    addedAt: event.createdAt,
  };
}

const skippedOf = (r: ImportActionResult) => r.skipped_invalid + r.skipped_duplicates + (r.skipped_conflicts ?? 0);

function actionSummary(action: MirrorImportAction): ActionSummary {
  const r = action.result;
  return {
    id: action.id,
    status: action.status,
    processed: action.progress.processed,
    total: action.progress.total,
    created: r ? r.created : null,
    updated: r ? r.updated : null,
    skipped: r ? skippedOf(r) : null,
    destroyed: r ? r.destroyed : null,
    error: action.error,
    startedAt: action.record.started_at,
    finishedAt: action.record.finished_at,
  };
}

export function listEventSummaries(place: MirrorPlace): { events: EventSummary[]; lastSyncAt: number | null } {
  return withAccountMirror(place, (db) => ({ events: listEvents(db).map((e) => summary(db, e)), lastSyncAt: lastSyncAt(db) }));
}

/** Remembers an event by the external id people type; adding it twice changes nothing. */
export function addEvent(place: MirrorPlace, externalEventId: number, name?: string): EventSummary {
  return withAccountMirror(place, (db) => {
    const trimmed = name?.trim();
    try {
      return summary(db, rememberEvent(db, externalEventId, trimmed ? trimmed : null));
    } catch (error) {
      if (error instanceof RangeError) throw new UseCaseError(error.message, 'input');
      throw error;
    }
  });
}

export function eventDetail(place: MirrorPlace, externalEventId: number): EventDetail {
  return withAccountMirror(place, (db) => {
    const event = eventByExternalId(db, externalEventId);
    if (!event) throw new UseCaseError(`Event ${externalEventId} is not in this list yet; add it first.`, 'input');
    const imports = event.eventId === null ? [] : importsOfEvent(db, event.eventId).reverse();
    return {
      event: summary(db, event),
      imports: imports.map((i) => ({
        id: i.id,
        createdAt: i.createdAt,
        participants: i.record.participant_count,
        fileName: i.record.document_file_name,
        fromDraft: i.draftId !== null,
        actions: actionsOfImport(db, i.id).map(actionSummary).reverse(),
      })),
      drafts: listDrafts(db, externalEventId).map((d) => draftSummaryOf(db, d)),
      lastSyncAt: lastSyncAt(db),
    };
  });
}
