/**
 * Matching the open draft's demographic values to the event's catalog: each category's
 * distinct values beside the catalog, a choice per value (a catalog value, left to be
 * created on the service, or cleared), applied as one step of the draft's history. A value
 * starts with what the person chose before for this event, else the one sure match, else
 * undecided: a value that needs a guess is never chosen for them.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ValueChoice, ValueMap, ValueMapApplied } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';
import { useWorkspaceStore } from './store';

/** What the person picked for one value: a catalog value, `create`, `clear`, or '' for not decided. */
export type Pick = { choice: 'map'; target: string } | { choice: 'create' | 'clear' } | null;

const keyOf = (category: string, value: string) => `${category}\u0000${value}`;

export const useValueMapStore = defineStore('valueMap', () => {
  const api = useClient();
  const workspace = useWorkspaceStore();
  const map = shallowRef<(ValueMap & { draftId: number }) | null>(null);
  const picks = ref<Record<string, Pick>>({});
  const last = ref<ValueMapApplied | null>(null);
  const call = useAction((work: () => Promise<void>) => work());

  /** The choice a value starts with. */
  function startingPick(value: ValueMap['categories'][number]['values'][number]): Pick {
    if (value.remembered) return value.remembered.choice === 'map' ? { choice: 'map', target: value.remembered.target! } : { choice: value.remembered.choice };
    if (value.suggestion) return { choice: 'map', target: value.suggestion.to };
    return null;
  }

  async function read(draftId: number) {
    const next = await api['values.map'](draftId);
    const starting: Record<string, Pick> = {};
    for (const category of next.categories) for (const value of category.values) if (!value.known) starting[keyOf(category.name, value.value)] = startingPick(value);
    map.value = { ...next, draftId };
    picks.value = starting;
  }

  /** The choices to send: every decided value the catalog does not already hold as written. */
  const choices = computed<ValueChoice[]>(() => {
    const out: ValueChoice[] = [];
    for (const category of map.value?.categories ?? []) {
      for (const value of category.values) {
        const pick = picks.value[keyOf(category.name, value.value)];
        if (!pick || value.known) continue;
        out.push({ category: category.name, value: value.value, ...pick });
      }
    }
    return out;
  });

  /** Values still without a decision: they go to the service as written. */
  const undecided = computed(() => (map.value?.categories ?? []).reduce((n, c) => n + c.values.filter((v) => !v.known && !picks.value[keyOf(c.name, v.value)]).length, 0));

  return {
    map: computed(() => map.value),
    picks,
    choices,
    undecided,
    last,
    busy: computed(() => call.busy),
    error: computed(() => call.error),
    pickOf: (category: string, value: string): Pick => picks.value[keyOf(category, value)] ?? null,
    pick(category: string, value: string, pick: Pick) {
      picks.value = { ...picks.value, [keyOf(category, value)]: pick };
    },
    load: (draftId: number) =>
      call.run(async () => {
        last.value = null;
        await read(draftId);
      }),
    /** Applies every decided choice as one undo step, remembers them for the event, and reads the values again. */
    apply: () =>
      call.run(async () => {
        const draftId = map.value?.draftId;
        if (draftId === undefined || choices.value.length === 0) return;
        const applied = await api['values.apply'](draftId, choices.value);
        workspace.take(applied.change);
        await read(draftId);
        last.value = applied;
      }),
  };
});
