/**
 * The use cases both faces call: the `muster` command line (src/cli) and the app's AppApi
 * (src/services/app). Each takes plain values, reports progress as typed events, can be
 * cancelled with an AbortSignal, and returns plain data for the face to render.
 */
export { UseCaseError, InvalidRowsError, type UseCaseFailure } from './errors';
export { syncEventOf, type SyncEvent, type PushEvent, type EventSink } from './events';
export { openAccountMirror, createMirrorPool, checkServerUrl, type MirrorPool, type MirrorPlace } from './account-mirror';
export { openSyncSession, withSyncSession, type Connection, type SyncSession, type SessionOptions } from './session';
export { runSession, startNow, GIVE_UP_MS, type RunEnd, type RunFor } from './run';
export { checkSheetFile, type CheckSheetInput, type CheckSheetResult } from './check-sheet';
export { pushSheet, pushDraft, resumePushes, type PushSheetInput, type PushOptions, type PushOutcome } from './push-sheet';
export { decidePushReview, pushStateOf, sheetRowsOfPush, type ReviewDecision } from './push-review';
export { skippedOfPush, exportSkippedOfPush, type SkippedSheetRow } from './push-skipped';
export { pullMirror, type PullReport, type PullEvent, type PullMirrorOptions } from './pull';
export { syncOnce, type SyncOutcome } from './sync-once';
export { mirrorStatus, type MirrorStatus, type StatusInput, type StatusReport, type OutboxStatus, type DraftPushStatus } from './status';
export { listOutbox, listOutboxChanges, outboxOverview, retryOutbox, discardFromOutbox, type OutboxItem, type OutboxChange } from './outbox';
export { listEventSummaries, addEvent, eventDetail, type EventSummary, type EventDetail, type ImportSummary, type ActionSummary, type DraftSummary } from './event-overview';
export { testConnection, whyUnreachable, type ConnectionCheck } from './test-connection';
export { draftCatalog } from './draft-catalog';
export { applyValueChoices, demographicSuggesterFor, valueMapOf } from './value-map';
export { DraftSession, type PageOptions } from './draft-session';
export { draftFromRows, createDraftFromRows, openListsOf, hasNoFile, participantOfCells, type DraftFromRows, type GridRow } from './draft-from-rows';
// The shapes the workspace answers are the AppApi's: the app hands them over as they are.
export type { WorkspacePage, WorkspaceRow, WorkspaceSummary, WorkspaceChange, CellEdit } from '../../core/contract/app-api';
export { deleteDraftOf, renameDraftOf, removeDraft, sameFileDraft, draftSummaryOf, type SameFileDraft } from './draft-files';
export { inspectSheet, type SheetPreview, type InspectSheetInput } from './inspect-sheet';
export { searchSubjectRows, subjectDetail, demographicCatalog, followCampaignOffline, unfollowCampaignOffline, type SubjectRows, type SubjectRow, type SubjectDetail } from './subjects';
export { saveSubjectOffline, removeSubjectOffline, resolveSubjectOffline, exportSubjectsTo, subjectTable, type SaveOutcome, type FieldProblem } from './subject-changes';
export { exportSubjectsOnService, type ServiceExport } from './subject-export';
export { reviewImport, importReviewOffline, type ImportReview } from './import-review';
export { actOnImport, destroyImportOf, type ImportChangeResult, type ImportChangeOptions } from './import-changes';
export { exportImportDocument } from './import-document';
export { importAsDraft } from './import-as-draft';
export { previewSubjectsForList, subjectsToNewList, subjectsIntoDraft, planSubjects, type SubjectsToList, type SubjectsPlan, type SubjectSelection } from './list-from-subjects';
