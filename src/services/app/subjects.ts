/**
 * subjects.*: the active account's subjects, from its mirror (works offline). Changes are
 * saved at once with their outbox op and wait for the next sync; the status indicator and
 * the screens are told after each.
 */
import { demographicCatalog, exportSubjectsOnService, exportSubjectsTo, followCampaignOffline, removeSubjectOffline, resolveSubjectOffline, saveSubjectOffline, searchSubjectRows, subjectDetail, unfollowCampaignOffline } from '../usecases';
import type { AppContext, Domain } from './context';
import { saveExport } from './save-export';

const today = () => new Date().toISOString().slice(0, 10);

export function subjectMethods(ctx: AppContext): Domain<'subjects'> {
  const place = () => ctx.place(ctx.active());
  /** After a write: the subject screens read again, the status counts the change waiting. */
  const changed = (outbox: boolean) => {
    ctx.emit({ type: 'changed', what: 'subjects' });
    if (outbox) ctx.emit({ type: 'changed', what: 'outbox' });
  };

  return {
    'subjects.search': async (filters) => searchSubjectRows(place(), filters),
    'subjects.get': async (localId) => subjectDetail(place(), localId),
    'subjects.demographics': async () => demographicCatalog(place()),
    async 'subjects.save'(localId, { input, householdLocalId }) {
      const outcome = saveSubjectOffline(place(), localId, input, householdLocalId);
      if (outcome.saved) changed(true);
      return outcome;
    },
    async 'subjects.remove'(localId) {
      const outcome = removeSubjectOffline(place(), localId);
      changed(true);
      return outcome;
    },
    async 'subjects.resolve'(localId, choices) {
      const outcome = resolveSubjectOffline(place(), localId, choices);
      changed(true);
      return outcome;
    },
    async 'subjects.follow'(campaignId) {
      const campaigns = followCampaignOffline(place(), campaignId);
      changed(false);
      return campaigns;
    },
    async 'subjects.unfollow'(campaignId) {
      const campaigns = unfollowCampaignOffline(place(), campaignId);
      changed(false);
      return campaigns;
    },
    async 'subjects.export'(filters, format) {
      const where = place();
      const saved = await saveExport(ctx, `subjects-${today()}.${format}`, (path) => exportSubjectsTo(where, filters, path));
      return saved ? { path: saved.path, download: saved.download, rows: saved.written, shown: saved.shown } : { path: null, download: null, rows: 0, shown: false };
    },
    async 'subjects.exportOnService'(filters) {
      const connection = await ctx.connection(ctx.active());
      const saved = await saveExport(ctx, `subjects-${today()}-service.xlsx`, (path) => exportSubjectsOnService(connection, filters, path));
      return saved ? { path: saved.path, download: saved.download, shown: saved.shown } : { path: null, download: null, shown: false };
    },
  };
}
