/**
 * The open draft's suggested fixes as the workspace shows them: by group and by row. The
 * main side finds them (the check's engine over the draft's rows) and applies them, each
 * call one step of the draft's history; the answer is taken into the grid as an edit's is.
 * The list is read again whenever the rows change (an edit, undo, redo, a fix applied).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { SuggestionApply, SuggestionItem, SuggestionList } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';
import { useWorkspaceStore } from './store';
import { itemKey } from './suggestion-words';

/** Rows change in bursts (typing, a paste): the list is read once they settle. */
const SETTLE_MS = 150;
/**
 * The main side finds a long list's suggestions anew in a few tenths of a second (100,000
 * rows: 0.2–0.8 s), and an edit typed meanwhile waits for it: a long list is read again only
 * after a pause in typing, not between two cells.
 */
const LONG_LIST = 10_000;
const LONG_SETTLE_MS = 1_500;
export const settleFor = (rows: number): number => (rows > LONG_LIST ? LONG_SETTLE_MS : SETTLE_MS);

export const useSuggestionsStore = defineStore('suggestions', () => {
  const api = useClient();
  const workspace = useWorkspaceStore();
  const list = shallowRef<{ draftId: number; found: SuggestionList } | null>(null);
  /** What the last apply or reject did, for a status line: how many, and which. */
  const said = ref<{ what: 'applied' | 'rejected' | 'restored'; n: number } | null>(null);
  /** The rows it was said of: once they change (an edit, an undo of that apply) it is old news. */
  let saidOf: unknown = null;
  const say = (what: 'applied' | 'rejected' | 'restored', n: number) => {
    said.value = { what, n };
    saidOf = workspace.rows;
  };
  /** The suggestion a person asked to choose an answer for, beside its problem: the panel shows it. */
  const focus = ref<string | null>(null);
  /** The person's own applies and rejects: the panel's buttons wait for them. */
  const call = useAction((work: () => Promise<void>) => work());
  /**
   * The list read again after the rows changed. Not a lock: a button disabled under the focus
   * loses it, and this happens on its own after every edit. An apply meanwhile is checked on
   * the main side against the rows as they are (a stale one is refused in words).
   */
  const reading = useAction((work: () => Promise<void>) => work());
  let asked = 0;
  /** The rows the last reading was for: a change already read for needs no second reading. */
  let readFor: unknown = null;

  const current = computed(() => (list.value && list.value.draftId === workspace.draft?.id ? list.value.found : null));
  const byRow = computed(() => {
    const rows = new Map<number, SuggestionItem[]>();
    for (const item of current.value?.items ?? []) rows.set(item.position, [...(rows.get(item.position) ?? []), item]);
    return rows;
  });
  const byGroup = computed(() => {
    const groups = new Map<string, SuggestionItem[]>();
    for (const item of current.value?.items ?? []) {
      let items = groups.get(item.group);
      if (!items) groups.set(item.group, (items = []));
      items.push(item);
    }
    return groups;
  });

  async function refresh(): Promise<void> {
    const draftId = workspace.draft?.id;
    if (draftId === undefined) return;
    const mine = ++asked;
    readFor = workspace.rows;
    const found = await api['suggestions.list'](draftId);
    if (mine === asked && workspace.draft?.id === draftId) list.value = { draftId, found };
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  // Not while a long list still arrives: suggestions over part of it would be wrong.
  watch(
    () => [workspace.rows, workspace.arriving === null, workspace.draft?.id] as const,
    ([, complete]) => {
      if (said.value && workspace.rows !== saidOf) said.value = null;
      if (timer) clearTimeout(timer);
      if (!complete || !workspace.draft || workspace.rows === readFor) return;
      // Checked again when it fires: an apply reads the list for its own answer at once.
      timer = setTimeout(() => void (workspace.rows === readFor || reading.run(refresh)), settleFor(workspace.rows.length));
    },
    // The panel may first ask for the store once the rows are already here.
    { immediate: true },
  );

  const took = (draftId: number, answer: SuggestionApply) => {
    if (workspace.draft?.id !== draftId) return;
    workspace.take(answer.change);
    say('applied', answer.applied);
  };
  const withDraft = (work: (draftId: number) => Promise<void>) =>
    call.run(async () => {
      const draftId = workspace.draft?.id;
      if (draftId === undefined || !workspace.changeable) return;
      await work(draftId);
      await refresh();
    });

  return {
    list: current,
    byRow,
    byGroup,
    said,
    focus,
    /** Shows this suggestion's answers in the panel, with the focus on them. */
    choose(item: SuggestionItem) {
      focus.value = null;
      void Promise.resolve().then(() => (focus.value = itemKey(item)));
    },
    busy: computed(() => call.busy),
    error: computed(() => call.error || reading.error),
    refresh: () => reading.run(refresh),
    /** These suggestions with the chosen answers (a sure one's only answer by default), one undo step. */
    apply: (picks: { item: SuggestionItem; to?: string }[]) =>
      withDraft(async (draftId) => {
        if (picks.length === 0) return;
        took(draftId, await api['suggestions.apply'](draftId, picks.map(({ item, to }) => ({ position: item.position, field: item.field, kind: item.kind, to: to ?? item.to[0] }))));
      }),
    /** Every suggestion with one right answer, of one group when named; one undo step. */
    applySure: (group?: string) => withDraft(async (draftId) => took(draftId, await api['suggestions.applySure'](draftId, group === undefined ? {} : { group }))),
    reject: (items: SuggestionItem[]) =>
      withDraft(async (draftId) => {
        if (items.length === 0) return;
        const answer = await api['suggestions.reject'](draftId, items.map((i) => ({ position: i.position, field: i.field, kind: i.kind, from: i.from })));
        say('rejected', answer.rejected);
      }),
    /** Every suggestion turned down in this list, back in the panel. */
    restore: () =>
      withDraft(async (draftId) => {
        const answer = await api['suggestions.restore'](draftId);
        say('restored', answer.restored);
      }),
  };
});
