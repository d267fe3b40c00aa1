/** suggestions.*: suggested fixes for the draft open in the workspace (usecases/draft-suggestions.ts). */
import type { DraftSession } from '../usecases';
import { applySuggestions, listSuggestions, rejectDraftSuggestions, surePicks } from '../usecases/draft-suggestions';
import type { Domain } from './context';

/** `session` is the workspace's open draft (drafts.ts): suggestions read and change the rows it holds. */
export function suggestionMethods(session: (draftId: number) => DraftSession): Domain<'suggestions'> {
  return {
    'suggestions.list': async (draftId) => listSuggestions(session(draftId)),
    'suggestions.apply': async (draftId, picks) => applySuggestions(session(draftId), picks),
    async 'suggestions.applySure'(draftId, { group }) {
      const open = session(draftId);
      return applySuggestions(open, surePicks(open, group));
    },
    'suggestions.reject': async (draftId, rejects) => rejectDraftSuggestions(session(draftId), rejects),
  };
}
