/**
 * The one listener of the main side's event stream: it hands each event to the store it
 * concerns, and a screen that shows something changed reads it again. Screens themselves
 * never subscribe, so no event is handled twice or missed by a screen not yet open.
 */
import type { RouteLocationNormalizedLoaded } from 'vue-router';
import { useClient } from './api';
import { useAccountsStore } from './features/accounts/store';
import { useEventsStore } from './features/events/store';
import { useSubjectSearchStore } from './features/subjects/search-store';
import { useOpenSubjectStore } from './features/subjects/open-subject-store';
import { useSyncStore } from './features/sync/store';
import { usePushStore } from './features/workspace/push-store';
import { useImportReviewStore } from './features/imports/store';

/** Where the person is: which screen, so only what is shown is read again. */
export type Whereabouts = Pick<RouteLocationNormalizedLoaded, 'name' | 'params'>;

/** Starts relaying; answers the function that stops it. Called in a component's setup (or with an active Pinia and app). */
export function relayEvents(route: Whereabouts): () => void {
  const accounts = useAccountsStore();
  const sync = useSyncStore();
  const events = useEventsStore();
  const subjects = useSubjectSearchStore();
  const subject = useOpenSubjectStore();
  const push = usePushStore();
  const reviewed = useImportReviewStore();
  return useClient().subscribe((event) => {
    if (event.type === 'sync.status') sync.setStatus(event.status);
    else if (event.type === 'command' && event.command === 'open-sync') void sync.open();
    else if (event.type === 'progress') {
      sync.setProgress(event.done, event.total);
      if (event.task === 'push') push.setProgress(event.done, event.total);
      if (event.task === 'import-action') reviewed.setProgress(event.done, event.total);
    } else if (event.type === 'changed') {
      if (event.what === 'accounts') void accounts.load();
      if (event.what === 'outbox') {
        void sync.refresh();
        void push.follow();
      }
      if (event.what === 'events') {
        if (route.name === 'events') void events.loadList();
        if (route.name === 'event') void events.loadDetail(Number(route.params.id));
        if (route.name === 'import') void reviewed.refresh();
      }
      if (event.what === 'subjects' && route.name === 'subjects') void subjects.refresh();
      if (event.what === 'subjects' && route.name === 'subject') void subject.refresh();
    }
  });
}
