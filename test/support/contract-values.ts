/**
 * Answers of the app's contract for store tests: each built from its schema's own defaults
 * (so it fits the contract whatever fields it gains) with what the test cares about on top.
 */
import Value from 'typebox/value';
import type { AccountsView, EventDetail, EventList, OutboxItem, PushResult, SheetPreview, SubjectDetail, SubjectRow, SyncStatus, WorkspaceRow, WorkspaceSummary } from '../../src/core/contract/app-api';
import { AccountsViewSchema } from '../../src/core/contract/app-api-schemas/accounts';
import { PushResultSchema, SheetPreviewSchema, WorkspaceRowSchema, WorkspaceSummarySchema } from '../../src/core/contract/app-api-schemas/drafts';
import { EventDetailSchema, EventListSchema } from '../../src/core/contract/app-api-schemas/events';
import { SubjectDetailSchema, SubjectRowSchema } from '../../src/core/contract/app-api-schemas/subjects';
import { OutboxItemSchema, SyncStatusSchema } from '../../src/core/contract/app-api-schemas/sync';

const made = <T>(schema: unknown, over: Partial<T>): T => ({ ...(Value.Create(schema as never) as T), ...over });

export const accountsView = (over: Partial<AccountsView> = {}) => made<AccountsView>(AccountsViewSchema, { tokenStorage: 'keychain', ...over });
export const eventList = (over: Partial<EventList> = {}) => made<EventList>(EventListSchema, over);
export const eventDetail = (over: Partial<EventDetail> = {}) => made<EventDetail>(EventDetailSchema, over);
export const syncStatus = (over: Partial<SyncStatus> = {}) => made<SyncStatus>(SyncStatusSchema, { connected: true, online: true, ...over });
export const outboxItem = (over: Partial<OutboxItem> = {}) => made<OutboxItem>(OutboxItemSchema, { id: 1, state: 'rejected', title: 'Send import', ...over });
export const pushResult = (over: Partial<PushResult> = {}) => made<PushResult>(PushResultSchema, { state: 'pushed', actionStatus: 'completed', created: 2, ...over });
export const sheetPreview = (over: Partial<SheetPreview> = {}) => made<SheetPreview>(SheetPreviewSchema, { sheets: [{ name: 'Sheet1', rows: 2 }], sheet: 'Sheet1', headerRow: 1, rows: 2, ...over });
export const draftSummary = (over: Partial<WorkspaceSummary> = {}) => made<WorkspaceSummary>(WorkspaceSummarySchema, { id: 7, name: 'list.xlsx', externalEventId: 4711, state: 'editing', rows: 2, ...over });
export const workspaceRow = (position: number, over: Partial<WorkspaceRow> = {}) => made<WorkspaceRow>(WorkspaceRowSchema, { position, sourceRow: position + 1, repeats: null, ...over });
export const subjectRow = (localId: number, over: Partial<SubjectRow> = {}) => made<SubjectRow>(SubjectRowSchema, { localId, state: 'synced', ...over });
export function subjectDetail(localId: number, householdId: number, over: Partial<SubjectDetail> = {}): SubjectDetail {
  const base = made<SubjectDetail>(SubjectDetailSchema, { localId, state: 'synced', conflict: null, ...over });
  return { ...base, household: { ...base.household, localId: householdId, city: 'Berlin', zip: '10115', address: 'Hauptstr. 1', country: '' } };
}
