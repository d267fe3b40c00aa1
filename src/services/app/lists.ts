/** lists.*: lists of an event without a spreadsheet, over the active account's mirror. */
import { draftFromRows, openListsOf, previewSubjectsForList, subjectsIntoDraft, subjectsToNewList } from '../usecases';
import type { AppContext, Domain } from './context';
import type { DraftControl } from './drafts';

export function listMethods(ctx: AppContext, drafts: DraftControl): Domain<'lists'> {
  const place = () => ctx.place(ctx.active());
  return {
    async 'lists.new'({ externalEventId, name }) {
      const draft = draftFromRows(place(), { externalEventId, name });
      drafts.changed();
      return drafts.session(draft.id).page();
    },
    'lists.planSubjects': async (choice) => previewSubjectsForList(place(), choice),
    async 'lists.addSubjects'({ draftId, name, ...choice }) {
      if (draftId !== undefined) {
        const { plan } = subjectsIntoDraft(place(), drafts.session(draftId), choice);
        drafts.changed();
        return { draftId, plan };
      }
      const made = subjectsToNewList(place(), { ...choice, name: name ?? 'Subjects' });
      drafts.changed();
      return made;
    },
    'lists.ofEvent': async (externalEventId) => openListsOf(place(), externalEventId),
  };
}
