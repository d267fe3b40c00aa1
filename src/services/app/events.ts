/** events.*: the active account's test events, read from its mirror (works offline). */
import { addEvent, eventDetail, listEventSummaries } from '../usecases';
import type { AppContext, Domain } from './context';

export function eventMethods(ctx: AppContext): Domain<'events'> {
  return {
    'events.list': async () => listEventSummaries(ctx.place(ctx.active())),
    async 'events.add'({ externalEventId, name }) {
      const added = addEvent(ctx.place(ctx.active()), externalEventId, name);
      ctx.emit({ type: 'changed', what: 'events' });
      return added;
    },
    'events.show': async (externalEventId) => eventDetail(ctx.place(ctx.active()), externalEventId),
  };
}
