import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppApiArgs, PushResult, ValueMap } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';
import { handOn } from '../../composables/saved-file';

/** A push that goes on in the outbox without the person: it may still change by itself. */
const onItsWay = (r: PushResult | null) => r !== null && r.review === null && (r.state === 'pushing' || r.state === 'ready');

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
  /** Writing the rows a push left out to a file, apart from the push's own request. */
  const exporting = useAction(async (id: number) => handOn(await api['drafts.exportSkipped'](id, { format: 'xlsx' })));
  /** The draft whose push the dialog shows, so a push finished later by a sync is shown too. */
  const draftId = ref<number | null>(null);
  let reading: Promise<void> | null = null;
  let again = false;

  /** Reads where the followed push stands; changes coming in a burst are read once more at the end, not once each. */
  async function follow(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        const id = draftId.value;
        // A request under way answers for itself; a push waiting on the person changes only by their decision.
        if (id === null || request.busy || !onItsWay(request.result)) return;
        try {
          const now = await api['drafts.pushState'](id);
          if (draftId.value === id && !request.busy && onItsWay(request.result)) request.result = now;
        } catch {
          // The next change of the outbox reads it again; the dialog keeps what it last knew.
        }
      } while (again);
    })().finally(() => (reading = null));
    return reading;
  }

  const about = (id: number) => (draftId.value = id);
  return {
    progress,
    request,
    exporting,
    draftId,
    /** The rows the push left out as a spreadsheet: saved where the person chooses, or downloaded in the preview. */
    exportSkipped: async (id: number) => (await exporting.run(id)) ?? null,
    /** A dialog opening starts without the answer or failure of an earlier one. */
    begin() {
      request.clear();
      exporting.clear();
    },
    /** A draft opened afresh: nothing of another draft's push is shown for it. */
    forget() {
      request.clear();
      progress.value = null;
      draftId.value = null;
    },
    setProgress: (done: number, total: number | null) => (progress.value = { done, total }),
    /** The outbox moved: a push that was left waiting may have gone on or ended. */
    follow,
    /** Where a push already on its way stands (it may wait for the person's decision). */
    resume: (id: number) => (about(id), request.run(() => api['drafts.pushState'](id))),
    send: (id: number, flags: AppApiArgs<'drafts.push'>[1]) => (about(id), request.run(() => api['drafts.push'](id, flags))),
    /** Sends a push waiting on disagreements as it is, or takes the list back for editing. */
    decide: (id: number, decision: AppApiArgs<'drafts.decide'>[1]) => (about(id), request.run(() => api['drafts.decide'](id, decision))),
    /** The list's categories and values beside the event's catalog, for the dialog to say what the first flag creates; null when it cannot be read. */
    async valuesOf(id: number): Promise<ValueMap | null> {
      try {
        return await api['values.map'](id);
      } catch {
        return null;
      }
    },
  };
});
