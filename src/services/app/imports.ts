/**
 * imports.*: an import already on the service, reviewed whoever made it. Its changes (an
 * action, a destroy) go through the outbox like every other change, one outbox run at a time;
 * offline they wait there and the answer says so.
 */
import type { ImportChangeResult } from '../../core/contract/app-api';
import { actOnImport, destroyImportOf, exportImportDocument, importAsDraft, reviewImport, type Connection, type SyncEvent } from '../usecases';
import type { AppContext, Domain } from './context';
import type { DraftControl } from './drafts';
import { saveExport } from './save-export';

export function importMethods(ctx: AppContext, drafts: DraftControl): Domain<'imports'> {
  const changing = async (run: (connection: Connection, onEvent: (event: SyncEvent) => void) => Promise<ImportChangeResult>): Promise<ImportChangeResult> => {
    const connection = await ctx.connection(ctx.active());
    try {
      return await ctx.oneOutboxRun(() =>
        run(connection, (event) => {
          if (event.type === 'action-progress' && event.processed !== null) ctx.emit({ type: 'progress', task: 'import-action', done: event.processed, total: event.total });
          ctx.emit({ type: 'changed', what: 'outbox' });
        }),
      );
    } finally {
      ctx.emit({ type: 'changed', what: 'events' });
      ctx.emit({ type: 'changed', what: 'outbox' });
    }
  };

  return {
    'imports.show': async (importId) => reviewImport(await ctx.connection(ctx.active()), importId),
    'imports.act': (importId, flags) => changing((connection, onEvent) => actOnImport(connection, importId, flags, { onEvent, untilFailure: true })),
    'imports.destroy': (importId) => changing((connection, onEvent) => destroyImportOf(connection, importId, { onEvent, untilFailure: true })),
    async 'imports.export'(importId) {
      const connection = await ctx.connection(ctx.active());
      const saved = await saveExport(ctx, `participant-import-${importId}.xlsx`, (path) => exportImportDocument(connection, importId, path));
      return saved ? { path: saved.path, download: saved.download, shown: saved.shown } : { path: null, download: null, shown: false };
    },
    async 'imports.openAsDraft'(importId) {
      const draft = importAsDraft(ctx.place(ctx.active()), importId);
      drafts.changed();
      return { draftId: draft.id };
    },
  };
}
