/** values.*: a draft's demographic values matched to the event's catalog, over the active account's mirror. */
import { applyValueChoices, valueMapOf, type DraftSession } from '../usecases';
import type { AppContext, Domain } from './context';

export function valueMapMethods(ctx: AppContext, session: (draftId: number) => DraftSession): Domain<'values'> {
  const place = () => ctx.place(ctx.active());
  return {
    'values.map': async (draftId) => valueMapOf(place(), draftId),
    'values.apply': async (draftId, choices) => applyValueChoices(place(), session(draftId), draftId, choices),
  };
}
