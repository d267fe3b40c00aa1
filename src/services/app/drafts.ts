/** drafts.*: the import workspace over the active account's mirror. */
import type { PushResult } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import { decidePushReview, deleteDraftOf, exportSkippedOfPush, skippedOfPush, draftCatalog, DraftSession, renameDraftOf, inspectSheet, InvalidRowsError, pushDraft, pushStateOf, sheetRowsOfPush, type Connection, type MirrorPlace, type PushEvent, type PushOutcome } from '../usecases';
import type { AppContext, Domain } from './context';
import { pushResultOf } from './push-result';
import { saveExport } from './save-export';


export interface DraftControl {
  methods: Domain<'drafts'>;
  /** The draft open in the workspace (opened when it is not): lists add rows through it. */
  session(draftId: number): DraftSession;
  changed(): void;
  close(): void;
}

/**
 * The draft being worked on stays open (its rows and their check in memory) while the
 * person edits it, so each edit re-checks only what it can change. One at a time, and only
 * for the account it was opened under.
 */
export function draftMethods(ctx: AppContext): DraftControl {
  const place = () => ctx.place(ctx.active());
  const changed = () => ctx.emit({ type: 'changed', what: 'events' });
  let open: { key: string; session: DraftSession } | null = null;
  let closed = false;

  const keyOf = (where: MirrorPlace, draftId: number) => `${where.serverUrl}\u0000${where.account}\u0000${draftId}`;
  const session = (draftId: number): DraftSession => {
    const where = place();
    const key = keyOf(where, draftId);
    if (open?.key !== key) {
      open?.session.close();
      open = null;
      open = { key, session: DraftSession.open(where, draftId) };
    }
    return open.session;
  };
  const forget = () => {
    open?.session.close();
    open = null;
  };
  /** A draft about to go: its session is closed first, so nothing reads or writes it after. */
  const forgetDraft = (draftId: number) => {
    if (open?.key === keyOf(place(), draftId)) forget();
  };

  /**
   * Runs a push step for the active account. Offline is normal: the push is saved before
   * anything is sent, and the run ends at its first failed attempt, whose sentence says why
   * it waits in the outbox for the service. Progress and outbox changes are told.
   */
  const sending = async (run: (connection: Connection, onEvent: (event: PushEvent) => void) => Promise<PushOutcome>, sheetRows: () => readonly (number | null)[]): Promise<PushResult> => {
    const connection = await ctx.connection(ctx.active());
    try {
      const outcome = await ctx.oneOutboxRun(() =>
        run(connection, (event) => {
          if (event.type === 'action-progress' && event.processed !== null) ctx.emit({ type: 'progress', task: 'push', done: event.processed, total: event.total });
          ctx.emit({ type: 'changed', what: 'outbox' });
        }),
      );
      return pushResultOf(outcome, sheetRows, () => skippedOfPush(place(), outcome.draftId));
    } finally {
      changed();
      ctx.emit({ type: 'changed', what: 'outbox' });
    }
  };

  const methods: Domain<'drafts'> = {
    'drafts.inspect': async ({ grant, ...choices }) => inspectSheet(place(), { ...choices, file: ctx.grants.pathOf(grant) }),
    async 'drafts.open'({ grant, ...choices }) {
      const where = place();
      if (choices.replace !== undefined) forgetDraft(choices.replace);
      const created = await DraftSession.create(where, {
        ...choices,
        file: ctx.grants.pathOf(grant),
        onProgress: (fraction) => ctx.emit({ type: 'progress', task: 'read', done: Math.round(fraction * 100), total: 100 }),
      });
      // The app closed while the sheet was read: the draft is saved, its session not kept.
      if (closed) {
        created.close();
        throw new ApiError('closing', 'Muster is closing; the list was saved and opens from the event next time.');
      }
      // The new draft becomes the open one, as it is: the grid's first page is read from it.
      open?.session.close();
      open = { key: keyOf(where, created.draftId), session: created };
      changed();
      return created.page();
    },
    async 'drafts.rename'(draftId, name) {
      const renamed = renameDraftOf(place(), draftId, name);
      changed();
      return renamed;
    },
    async 'drafts.delete'(draftId) {
      forgetDraft(draftId);
      const deleted = deleteDraftOf(place(), draftId);
      changed();
      return deleted;
    },
    'drafts.page': async (draftId, options) => session(draftId).page(options),
    'drafts.catalog': async (draftId) => draftCatalog(place(), draftId),
    'drafts.edit': async (draftId, edits) => session(draftId).edit(edits, edits.length > 1 ? 'bulk fix' : 'cell'),
    'drafts.undo': async (draftId) => session(draftId).undo(),
    'drafts.redo': async (draftId) => session(draftId).redo(),
    'drafts.resolveRepeat': async (draftId, position, action) => session(draftId).resolveRepeat(position, action),
    'drafts.addRows': async (draftId, count) => session(draftId).addRows(count),
    'drafts.paste': async (draftId, { edits, rows }) => session(draftId).paste(edits, rows),
    'drafts.deleteRows': async (draftId, positions) => session(draftId).deleteRows(positions),
    async 'drafts.export'(draftId, { format, problemsOnly }) {
      const open = session(draftId);
      const name = `${open.summary().name.replace(/\.[^.]+$/, '')}${problemsOnly ? '-problems' : '-checked'}.${format}`;
      const saved = await saveExport(ctx, name, (path) => open.exportTo(path, { problemsOnly }));
      return saved ? { path: saved.path, download: saved.download, rows: saved.written, shown: saved.shown } : { path: null, download: null, rows: 0, shown: false };
    },
    async 'drafts.exportSkipped'(draftId, { format }) {
      const name = `${session(draftId).summary().name.replace(/\.[^.]+$/, '')}-left-out.${format}`;
      const saved = await saveExport(ctx, name, (path) => exportSkippedOfPush(place(), draftId, path));
      return saved ? { path: saved.path, download: saved.download, rows: saved.written, shown: saved.shown } : { path: null, download: null, rows: 0, shown: false };
    },
    async 'drafts.push'(draftId, flags): Promise<PushResult> {
      // The open draft stays open through the push: its rows and their check are what is
      // sent, and the grid reads them afterwards without parsing them again.
      const draft = session(draftId);
      return sending(async (connection, onEvent) => {
        try {
          // The app stops before the action when the service reads rows differently.
          return await pushDraft(connection, draftId, flags, { open: draft, untilFailure: true, onEvent, review: true });
        } catch (error) {
          if (error instanceof InvalidRowsError) throw new ApiError('invalid_rows', `${error.invalidRows.length} of ${error.total} rows still have problems. Fix them, or choose to leave invalid rows out.`);
          throw error;
        }
      }, () => sheetRowsOfPush(place(), draftId));
    },
    async 'drafts.pushState'(draftId): Promise<PushResult> {
      const outcome = pushStateOf(place(), draftId);
      if (!outcome) throw new ApiError('not_found', 'This list is no longer on this computer.');
      return pushResultOf(outcome, () => sheetRowsOfPush(place(), draftId), () => skippedOfPush(place(), draftId));
    },
    async 'drafts.decide'(draftId, decision): Promise<PushResult> {
      return sending((connection, onEvent) => decidePushReview(connection, draftId, decision, { untilFailure: true, onEvent }), () => sheetRowsOfPush(place(), draftId));
    },
  };
  return {
    methods,
    session,
    changed,
    close: () => {
      closed = true;
      forget();
    },
  };
}
