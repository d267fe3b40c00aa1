/**
 * The one contract between the renderer and the main side. The preload exposes exactly
 * these methods plus `subscribe`; the main process (and the browser-preview host) registers
 * a handler for each. Each method's arguments and result are schemas in app-api-schemas/, one
 * module per domain, and the types here are derived from them (type-only imports, so
 * nothing of the schema library reaches the preload or the page).
 */
import type { Static } from 'typebox';
import type { AppApiFromSchemas } from './app-api-schemas/index';
import type { AppInfoSchema } from './app-api-schemas/app';
import type { AccountSchema, AccountsViewSchema, ConnectionTestSchema, CONNECTION_PROBLEMS } from './app-api-schemas/accounts';
import type { ActionSummarySchema, DraftSummarySchema, EventDetailSchema, EventListSchema, EventSummarySchema, ImportSummarySchema } from './app-api-schemas/events';
import type { OutboxItemSchema, SyncStatusSchema } from './app-api-schemas/sync';
import type { LANGUAGE_CHOICES, LANGUAGES, SettingsSchema } from './app-api-schemas/settings';
import type { FileGrantSchema, FileResultSchema } from './app-api-schemas/files';
import type { CellEditSchema, DraftCatalogSchema, PushResultSchema, SheetPreviewSchema, WorkspaceChangeSchema, WorkspacePageSchema, WorkspaceRowSchema, WorkspaceSummarySchema } from './app-api-schemas/drafts';
import type { DemographicCategorySchema, FieldProblemSchema, FollowedCampaignSchema, SaveResultSchema, SubjectConflictSchema, SubjectDetailSchema, SubjectFieldsSchema, SubjectRowSchema, SubjectSearchSchema, SUBJECT_ROW_STATES } from './app-api-schemas/subjects';
import type { AppEvent } from './app-api-schemas/stream';
import type { SuggestionApplySchema, SuggestionItemSchema, SuggestionListSchema, SuggestionPickSchema, SuggestionRejectSchema } from './app-api-schemas/suggestions';
import type { ValueChoiceSchema, ValueMapApplySchema, ValueMapSchema } from './app-api-schemas/value-map';
import type { ImportChangeResultSchema, ImportReviewSchema, ReviewedActionSchema } from './app-api-schemas/imports';
import type { SubjectsPlanSchema } from './app-api-schemas/lists';

export type AppInfo = Static<typeof AppInfoSchema>;
export type Account = Static<typeof AccountSchema>;
export type AccountsView = Static<typeof AccountsViewSchema>;
export type ConnectionTest = Static<typeof ConnectionTestSchema>;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];
export type EventSummary = Static<typeof EventSummarySchema>;
export type EventList = Static<typeof EventListSchema>;
export type EventDetail = Static<typeof EventDetailSchema>;
export type ImportSummary = Static<typeof ImportSummarySchema>;
export type ActionSummary = Static<typeof ActionSummarySchema>;
export type DraftSummary = Static<typeof DraftSummarySchema>;
export type SyncStatus = Static<typeof SyncStatusSchema>;
export type OutboxItem = Static<typeof OutboxItemSchema>;
export type Settings = Static<typeof SettingsSchema>;
export type Language = (typeof LANGUAGES)[number];
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];
export type FileResult = Static<typeof FileResultSchema>;
export type FileGrant = Static<typeof FileGrantSchema>;
export type WorkspacePage = Static<typeof WorkspacePageSchema>;
export type WorkspaceRow = Static<typeof WorkspaceRowSchema>;
export type WorkspaceSummary = Static<typeof WorkspaceSummarySchema>;
export type DraftCatalog = Static<typeof DraftCatalogSchema>;
export type CellEdit = Static<typeof CellEditSchema>;
export type WorkspaceChange = Static<typeof WorkspaceChangeSchema>;
export type SheetPreview = Static<typeof SheetPreviewSchema>;
export type PushResult = Static<typeof PushResultSchema>;
export type ImportReview = Static<typeof ImportReviewSchema>;
export type ReviewedAction = Static<typeof ReviewedActionSchema>;
export type ImportChangeResult = Static<typeof ImportChangeResultSchema>;
export type SubjectRow = Static<typeof SubjectRowSchema>;
export type SubjectRowState = (typeof SUBJECT_ROW_STATES)[number];
export type SubjectSearch = Static<typeof SubjectSearchSchema>;
export type FollowedCampaign = Static<typeof FollowedCampaignSchema>;
export type SubjectDetail = Static<typeof SubjectDetailSchema>;
export type DemographicCategory = Static<typeof DemographicCategorySchema>;
export type SubjectFieldValues = Static<typeof SubjectFieldsSchema>;
export type SubjectConflict = Static<typeof SubjectConflictSchema>;
export type FieldProblem = Static<typeof FieldProblemSchema>;
export type SaveResult = Static<typeof SaveResultSchema>;
export type SuggestionList = Static<typeof SuggestionListSchema>;
export type SuggestionItem = Static<typeof SuggestionItemSchema>;
export type SuggestionPick = Static<typeof SuggestionPickSchema>;
export type SuggestionReject = Static<typeof SuggestionRejectSchema>;
export type SuggestionApply = Static<typeof SuggestionApplySchema>;
export type ValueMap = Static<typeof ValueMapSchema>;
export type ValueChoice = Static<typeof ValueChoiceSchema>;
export type ValueMapApplied = Static<typeof ValueMapApplySchema>;
export type SubjectsPlan = Static<typeof SubjectsPlanSchema>;
export type { GridField } from './vocabulary';
export type { AppEvent };

export type AppApi = AppApiFromSchemas;

export type AppApiMethod = keyof AppApi;
export type AppApiArgs<M extends AppApiMethod> = Parameters<AppApi[M]>;
export type AppApiResult<M extends AppApiMethod> = Awaited<ReturnType<AppApi[M]>>;

/** What the page holds: every method, and the main side's event stream. */
export type AppClient = AppApi & {
  /** Calls `listener` with every event until the returned function is called. */
  subscribe(listener: (event: AppEvent) => void): () => void;
  /**
   * A grant for a file dropped on the window: the app's preload takes its path from the real
   * `File` and hands it to the main side itself, so the page never names a path. Absent in the
   * browser preview, which uploads the file's bytes instead.
   */
  grantFile?(file: File): Promise<FileGrant>;
};

/** Every method, as a list the bridges build themselves from; the compiler keeps it complete. */
const METHODS = {
  'app.info': true,
  'accounts.list': true,
  'accounts.test': true,
  'accounts.add': true,
  'accounts.startDemo': true,
  'accounts.activate': true,
  'accounts.remove': true,
  'accounts.replaceToken': true,
  'events.list': true,
  'events.add': true,
  'events.show': true,
  'drafts.inspect': true,
  'drafts.open': true,
  'drafts.page': true,
  'drafts.catalog': true,
  'drafts.edit': true,
  'drafts.undo': true,
  'drafts.redo': true,
  'drafts.resolveRepeat': true,
  'suggestions.list': true,
  'suggestions.apply': true,
  'suggestions.applySure': true,
  'suggestions.reject': true,
  'suggestions.restore': true,
  'drafts.addRows': true,
  'drafts.paste': true,
  'drafts.deleteRows': true,
  'drafts.export': true,
  'drafts.exportSkipped': true,
  'drafts.push': true,
  'drafts.decide': true,
  'drafts.pushState': true,
  'drafts.rename': true,
  'drafts.delete': true,
  'imports.show': true,
  'imports.act': true,
  'imports.destroy': true,
  'imports.export': true,
  'imports.openAsDraft': true,
  'lists.new': true,
  'lists.planSubjects': true,
  'lists.addSubjects': true,
  'lists.ofEvent': true,
  'subjects.search': true,
  'subjects.get': true,
  'subjects.demographics': true,
  'subjects.save': true,
  'subjects.remove': true,
  'subjects.resolve': true,
  'subjects.follow': true,
  'subjects.unfollow': true,
  'subjects.export': true,
  'subjects.exportOnService': true,
  'files.chooseSheet': true,
  'files.sampleSheet': true,
  'files.beginUpload': true,
  'files.uploadPart': true,
  'files.finishUpload': true,
  'sync.status': true,
  'sync.items': true,
  'sync.now': true,
  'sync.cancel': true,
  'sync.retry': true,
  'sync.discard': true,
  'settings.get': true,
  'settings.setLanguage': true,
  'files.openDataFolder': true,
  'files.exportDiagnostics': true,
  'values.map': true,
  'values.apply': true,
} satisfies Record<AppApiMethod, true>;
export const APP_API_METHODS = Object.keys(METHODS) as readonly AppApiMethod[];

export function isAppApiMethod(name: unknown): name is AppApiMethod {
  return typeof name === 'string' && Object.hasOwn(METHODS, name);
}

/** The single IPC channel for calls; the method name travels inside the message and is checked. */
export const APP_API_CHANNEL = 'muster:api';
/** The single IPC channel the main side sends the event stream on. */
export const APP_EVENT_CHANNEL = 'muster:event';
/**
 * The preload's own channel for a dropped file's path, taken from the real `File` with
 * webUtils. It is no AppApi method: the page cannot send on it, only hand the preload a File.
 */
export const APP_GRANT_CHANNEL = 'muster:grant-dropped';

/** What crosses the boundary when a call fails: a sentence, never a stack. */
export interface AppApiFailure {
  ok: false;
  message: string;
  code: string;
  /** The fields to blame, when the failure names any (the contract's ErrorDetail). */
  details: { field?: string; message: string }[];
  /** `message` as catalog words, when the main side said it from the catalogs. */
  words?: { key: string; params?: Record<string, string | number> }[];
}
export type AppApiEnvelope<T> = { ok: true; value: T } | AppApiFailure;
