/**
 * An import already on the service, as a person reviews it (the app's import screen,
 * `muster import show`): the import, the service's parse of every participant, its actions
 * and the changes to it still waiting here. `reviewImport` asks the service first and keeps
 * the answers in the mirror; when the service cannot be reached it answers the mirror's
 * picture, saying why and (through `seenAt`/`parsedAt`) how old it is.
 */
import type { ImportReview, ReviewedAction } from '../../core/contract/app-api';
import type { MirrorDb } from '../mirror/open';
import { actionsOfImport, recordImportAction, type MirrorImportAction } from '../mirror/queries/imports/import-actions';
import { forgetImport, importById, importOfDraft, recordImport } from '../mirror/queries/imports/imports';
import { draftById } from '../mirror/queries/drafts/drafts';
import { isSent } from './draft-files';
import { parserResultOf, recordParserResult } from '../mirror/queries/imports/parser-results';
import { draftSheetRows } from '../mirror/queries/drafts/draft-rows';
import { createRemoteClient } from '../remote/client';
import { isRemoteError } from '../remote/errors';
import { listImportActions } from '../remote/import-actions';
import { importParser, showImport } from '../remote/imports';
import { openImportChanges } from '../sync/import-review';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { UseCaseError, refusal } from './errors';
import type { Connection } from './session';

export type { ImportReview };

const reviewedAction = (a: MirrorImportAction): ReviewedAction => ({
  id: a.id,
  status: a.status,
  processed: a.progress.processed,
  total: a.progress.total,
  flags: a.flags,
  result: a.result,
  error: a.error,
  createdAt: a.record.created_at,
  finishedAt: a.record.finished_at,
});

/**
 * The spreadsheet row of each participant of an import pushed from a draft here, which sent
 * the draft's rows in their order: the review then numbers them as the workspace did. Only
 * while the draft is sent and this is its import: a draft whose push failed can be edited
 * again, and an older import of it was sent before edits since, so its rows say nothing of
 * them. Null for an import made elsewhere, or when the rows no longer match its participants.
 */
export function sheetRowsOf(db: MirrorDb, importId: number, draftId: number | null, participants: number | undefined): (number | null)[] | null {
  if (draftId === null || participants === undefined) return null;
  const draft = draftById(db, draftId);
  if (!draft || !isSent(draft) || importOfDraft(db, draftId)?.id !== importId) return null;
  const rows = draftSheetRows(db, draftId);
  return rows.length === participants ? rows : null;
}

/** The mirror's picture of the import, or null when the mirror does not have it. */
export function reviewOf(db: MirrorDb, importId: number, offline: string | null): ImportReview | null {
  const known = importById(db, importId);
  if (!known) return null;
  const parsed = parserResultOf(db, importId);
  const { acting, destroying } = openImportChanges(db, importId);
  return {
    id: known.id,
    externalEventId: known.externalEventId,
    createdAt: known.createdAt,
    createdByType: known.record.created_by_type,
    participants: known.record.participant_count ?? parsed?.participants.length ?? 0,
    fileName: known.record.document_file_name,
    fromDraft: known.draftId !== null,
    sheetRows: sheetRowsOf(db, known.id, known.draftId, parsed?.participants.length),
    parsed: parsed?.participants ?? null,
    parsedAt: parsed?.fetchedAt ?? null,
    seenAt: known.seenAt,
    actions: actionsOfImport(db, importId).map(reviewedAction),
    acting,
    destroying,
    offline,
  };
}

export const notHere = (importId: number) => refusal('import_not_here', 'input', { import: importId });

/** The mirror's picture alone (no network). */
export function importReviewOffline(place: MirrorPlace, importId: number, offline: string | null = null): ImportReview {
  const review = withAccountMirror(place, (db) => reviewOf(db, importId, offline));
  if (!review) throw notHere(importId);
  return review;
}

/** Failures that mean "not now" rather than "no": the mirror's picture answers instead. */
const WAITS = new Set(['retry', 'ambiguous', 'unauthorized']);

export async function reviewImport(connection: Connection, importId: number, options: { signal?: AbortSignal } = {}): Promise<ImportReview> {
  const remote = createRemoteClient({ serverUrl: connection.serverUrl, token: connection.token, onContact: connection.onContact });
  const { signal } = options;
  try {
    const record = await showImport(remote, importId, { signal });
    const parsed = await importParser(remote, importId, { signal });
    const actions = await listImportActions(remote, importId, { signal });
    const at = Date.now();
    const review = withAccountMirror(connection, (db) =>
      db.transaction(() => {
        recordImport(db, record, { at });
        // A push's own comparison with the offline parse is kept: its review may be waiting on it.
        recordParserResult(db, importId, parsed.participants, parserResultOf(db, importId)?.disagreements ?? null, at);
        for (const action of actions.participant_import_actions) recordImportAction(db, action, at);
        return reviewOf(db, importId, null)!;
      })(),
    );
    return review;
  } catch (error) {
    if (!isRemoteError(error)) throw error;
    if (error.kind === 'not_found') {
      // Gone from the service (destroyed elsewhere): the mirror follows, unless a change of ours still refers to it.
      withAccountMirror(connection, (db) => {
        const open = openImportChanges(db, importId);
        if (!open.acting && !open.destroying) forgetImport(db, importId);
      });
      throw refusal('import_not_on_service', 'failed', { import: importId });
    }
    if (!WAITS.has(error.kind)) throw new UseCaseError(error.message, 'failed').saidAs(error.failure.words);
    const review = withAccountMirror(connection, (db) => reviewOf(db, importId, error.message));
    if (!review) throw new UseCaseError(`${error.message.replace(/\.$/, '')}; import ${importId} is not on this computer yet, so there is nothing to show.`, error.kind === 'unauthorized' ? 'token_refused' : 'unreachable');
    return review;
  } finally {
    remote.close();
  }
}
