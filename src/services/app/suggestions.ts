/** suggestions.*: suggested fixes for the draft open in the workspace (usecases/draft-suggestions.ts). */
import type { DraftSession } from '../usecases';
import { applySuggestions, listSuggestions, rejectDraftSuggestions, restoreDraftSuggestions, surePicks } from '../usecases/draft-suggestions';
import { demographicSuggesterFor } from '../usecases/value-map';
import type { Domain } from './context';

/**
 * The engine's options for a draft: its event's catalog values and the person's remembered
 * matches, so a demographic value gets its suggestion beside the e-mails and locales.
 */
function optionsFor(open: DraftSession) {
  const demographics = demographicSuggesterFor(open.db, open.draft().externalEventId);
  return demographics ? { demographics } : {};
}

/** `session` is the workspace's open draft (drafts.ts): suggestions read and change the rows it holds. */
export function suggestionMethods(session: (draftId: number) => DraftSession): Domain<'suggestions'> {
  return {
    'suggestions.list': async (draftId) => {
      const open = session(draftId);
      return listSuggestions(open, optionsFor(open));
    },
    'suggestions.apply': async (draftId, picks) => {
      const open = session(draftId);
      return applySuggestions(open, picks, optionsFor(open));
    },
    async 'suggestions.applySure'(draftId, { group }) {
      const open = session(draftId);
      const options = optionsFor(open);
      return applySuggestions(open, surePicks(open, group, options), options);
    },
    'suggestions.reject': async (draftId, rejects) => rejectDraftSuggestions(session(draftId), rejects),
    'suggestions.restore': async (draftId) => restoreDraftSuggestions(session(draftId)),
  };
}
