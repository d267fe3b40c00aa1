import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppApiArgs, PushResult } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';

/**
 * The open draft's push as its dialog shows it: the request under way (sending, resuming or
 * deciding on the service's disagreements), its answer or failure, and the action's progress
 * as the main side reports it.
 */
export const usePushStore = defineStore('push', () => {
  const api = useClient();
  const progress = ref<{ done: number; total: number | null } | null>(null);
  // One request at a time answers the dialog: whichever ran last is what it shows.
  const request = useAction((work: () => Promise<PushResult>) => work());

  return {
    progress,
    request,
    /** A dialog opening starts without the answer or failure of an earlier one. */
    begin: () => request.clear(),
    /** A draft opened afresh: nothing of another draft's push is shown for it. */
    forget() {
      request.clear();
      progress.value = null;
    },
    setProgress: (done: number, total: number | null) => (progress.value = { done, total }),
    /** Where a push already on its way stands (it may wait for the person's decision). */
    resume: (draftId: number) => request.run(() => api['drafts.pushState'](draftId)),
    send: (draftId: number, flags: AppApiArgs<'drafts.push'>[1]) => request.run(() => api['drafts.push'](draftId, flags)),
    /** Sends a push waiting on disagreements as it is, or takes the list back for editing. */
    decide: (draftId: number, decision: AppApiArgs<'drafts.decide'>[1]) => request.run(() => api['drafts.decide'](draftId, decision)),
  };
});
