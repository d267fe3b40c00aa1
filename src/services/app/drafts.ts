/** drafts.*: the import workspace over the active account's mirror. */
import type { PushResult } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import { draftPage, editDraftCells, InvalidRowsError, openSheetAsDraft, pushDraft, redoDraft, undoDraft } from '../usecases';
import type { AppContext, Domain } from './context';

export function draftMethods(ctx: AppContext): Domain<'drafts'> {
  const place = () => ctx.place(ctx.active());
  const changed = () => ctx.emit({ type: 'changed', what: 'events' });
  return {
    async 'drafts.open'({ file, externalEventId }) {
      const page = await openSheetAsDraft(place(), {
        file,
        externalEventId,
        onProgress: (fraction) => ctx.emit({ type: 'progress', task: 'read', done: Math.round(fraction * 100), total: 100 }),
      });
      changed();
      return page;
    },
    'drafts.page': async (draftId, options) => draftPage(place(), draftId, options),
    'drafts.edit': async (draftId, edits) => editDraftCells(place(), draftId, edits, edits.length > 1 ? 'bulk fix' : 'cell'),
    'drafts.undo': async (draftId) => undoDraft(place(), draftId),
    'drafts.redo': async (draftId) => redoDraft(place(), draftId),
    async 'drafts.push'(draftId, flags): Promise<PushResult> {
      const connection = await ctx.connection(ctx.active());
      try {
        const outcome = await pushDraft(connection, draftId, flags, {
          onEvent: (event) => {
            if (event.type === 'action-progress' && event.processed !== null) ctx.emit({ type: 'progress', task: 'push', done: event.processed, total: event.total });
            ctx.emit({ type: 'changed', what: 'outbox' });
          },
        });
        const { status } = outcome;
        const r = status.result;
        return {
          state: status.state,
          actionStatus: status.actionStatus,
          created: r?.created ?? null,
          updated: r?.updated ?? null,
          skipped: r ? r.skipped_invalid + r.skipped_duplicates : null,
          destroyed: r?.destroyed ?? null,
          error: status.error,
        };
      } catch (error) {
        if (error instanceof InvalidRowsError) throw new ApiError('invalid_rows', `${error.invalidRows.length} of ${error.total} rows still have problems. Fix them, or choose to leave invalid rows out.`);
        throw error;
      } finally {
        changed();
        ctx.emit({ type: 'changed', what: 'outbox' });
      }
    },
  };
}
