import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRef } from 'vue';
import type { CellEdit, WorkspaceChange, WorkspaceRow, WorkspaceSummary } from '../../../core/contract/app-api';
import { handOn } from '../../composables/saved-file';
import { useClient } from '../../api';
import { afterPaint, markPainted } from '../../composables/marks';
import { messageOf } from '../../composables/failure';
import { useAction } from '../../composables/action';
import type { PastedBlock } from '../../../core/drafts/paste';
import { notePatch, useMatchingRows } from './matching-rows';

const hasProblem = (row: WorkspaceRow) => row.problems.length > 0;

/** The main side answered fewer rows than it counted (nothing may change them meanwhile). */
const SHORT_READ = new Error('short read');

/** Rows read before the grid is first painted: a screenful and more. */
const FIRST_ROWS = 300;
/** Rows read per call after that, so the main side stays free for edits in between. */
const CHUNK = 20_000;

/**
 * The open draft as the grid shows it. Rows, problems and history live in the mirror on the
 * main side; each edit answers the rows it changed (their cells and the shared parser's
 * problems), which replace the shown ones. A change that added or removed rows answers them
 * all. A long list is painted from its first rows while the rest are still being read.
 */
export const useWorkspaceStore = defineStore('workspace', () => {
  const api = useClient();
  const draft = ref<WorkspaceSummary | null>(null);
  const rows = shallowRef<WorkspaceRow[]>([]);
  const call = useAction((work: () => Promise<void>) => work());
  const guarded = call.run;
  const error = toRef(call, 'error');
  const busy = toRef(call, 'busy');
  const problemRows = useMatchingRows(() => rows.value, () => hasProblem);
  /** Each row's line in the sheet by position (null for rows added by hand); built when rows come or go, not on every edit. */
  const sheetRows = shallowRef(new Map<number, number | null>());
  /** Each row's place in `rows` by position, so an edit's answer replaces its rows without a pass over all. */
  let places = new Map<number, number>();
  const indexRows = () => {
    sheetRows.value = new Map(rows.value.map((r) => [r.position, r.sourceRow]));
    places = new Map(rows.value.map((r, i) => [r.position, i]));
  };
  const editable = computed(() => draft.value?.state === 'editing' || draft.value?.state === 'failed');
  /** How far reading a long list has come; null once every row is shown. */
  const arriving = ref<{ done: number; total: number } | null>(null);
  /** Reading the rest stopped on a failure; reading the draft again is offered. */
  const stalled = ref(false);
  let reading = 0;
  /** Editing waits until every row is here: a bulk fix or a filter must see them all, and a
   *  grid given more rows mid-edit would close the cell being typed in. */
  const changeable = computed(() => editable.value && arriving.value === null);
  let shown: (() => void) | null = null;
  /**
   * Once the grid has painted the first rows, so reading the rest does not delay them. A
   * window out of sight paints nothing, hence the limit.
   */
  const firstRowsShown = () =>
    new Promise<void>((resolve) => {
      shown = () => void afterPaint().then(resolve);
      setTimeout(resolve, 2000);
    });

  /** The list shown or being opened: an answer about another one (left since) must not land in it. */
  let shownId: number | null = null;

  function apply(change: WorkspaceChange) {
    if (change.draft.id !== shownId) return;
    draft.value = change.draft;
    if (change.rows.length === change.draft.rows && change.rows.length !== rows.value.length) {
      // Every row, current: whatever was still arriving is not needed any more.
      reading++;
      arriving.value = null;
      rows.value = change.rows;
      indexRows();
      return;
    }
    const next = rows.value.slice();
    const replaced: number[] = [];
    for (const row of change.rows) {
      const at = places.get(row.position);
      if (at === undefined) continue;
      next[at] = row;
      replaced.push(at);
    }
    notePatch(rows.value, next, replaced);
    rows.value = next;
  }

  async function reload(id: number) {
    shownId = id;
    const mine = ++reading;
    arriving.value = null;
    stalled.value = false;
    // Another list is not shown meanwhile: its name and rows would stand for this one, and a
    // key typed into them would change it.
    if (draft.value?.id !== id) {
      draft.value = null;
      rows.value = [];
      indexRows();
    }
    const page = await api['drafts.page'](id, { limit: FIRST_ROWS });
    if (mine !== reading) return;
    const painted = firstRowsShown();
    draft.value = page.draft;
    rows.value = page.rows;
    indexRows();
    if (page.rows.length >= page.matching) return;
    // Said at once, with the first rows: the list cannot be changed until the rest is here.
    arriving.value = { done: page.rows.length, total: page.matching };
    void painted.then(() => readRest(id, mine, page.rows.length, page.matching));
  }

  /** The rows after the first, chunk by chunk, each added to the grid as it comes. */
  async function readRest(id: number, mine: number, from: number, total: number) {
    if (mine !== reading) return;
    try {
      for (let offset = from; offset < total; ) {
        const page = await api['drafts.page'](id, { offset, limit: CHUNK });
        if (mine !== reading) return;
        // Nothing changes rows while they arrive; fewer than promised is a list read wrong.
        if (page.rows.length === 0) throw SHORT_READ;
        rows.value = [...rows.value, ...page.rows];
        indexRows();
        offset += page.rows.length;
        total = page.matching;
        arriving.value = { done: offset, total };
      }
      arriving.value = null;
    } catch (failure) {
      // The list stays read-only (`arriving` stays): a fix over part of it would be wrong.
      if (mine === reading) {
        // The screen says a short read in its own words; anything else in the failure's.
        error.value = failure === SHORT_READ ? '' : messageOf(failure);
        stalled.value = true;
      }
    }
  }

  return {
    draft,
    rows,
    error,
    busy,
    problemRows,
    sheetRows,
    editable,
    changeable,
    arriving,
    stalled,
    /** Stops reading rows for a screen that is gone. */
    leave: () => {
      shownId = null;
      reading++;
      arriving.value = null;
      stalled.value = false;
    },
    /** The grid has rendered its rows. */
    gridShown: () => {
      shown?.();
      shown = null;
    },
    load: (id: number) => guarded(() => reload(id)),
    /** A change made elsewhere on the main side (suggested fixes), shown as an edit's answer is. */
    take: apply,
    edit: (edits: CellEdit[]) =>
      guarded(async () => {
        if (draft.value && edits.length > 0) apply(await api['drafts.edit'](draft.value.id, edits));
        void markPainted('muster:edit');
      }),
    resolveRepeat: (position: number, action: 'drop' | 'merge') => guarded(async () => void (draft.value && apply(await api['drafts.resolveRepeat'](draft.value.id, position, action)))),
    addRow: () => guarded(async () => void (draft.value && apply(await api['drafts.addRows'](draft.value.id, 1)))),
    /** A block pasted from a spreadsheet: the cells it covers and the rows it adds, one step of the history. */
    paste: (block: PastedBlock) => guarded(async () => void (draft.value && apply(await api['drafts.paste'](draft.value.id, block)))),
    deleteRows: (positions: number[]) => guarded(async () => void (draft.value && positions.length > 0 && apply(await api['drafts.deleteRows'](draft.value.id, positions)))),
    async exportList(problemsOnly: boolean, format: 'xlsx' | 'csv' = 'xlsx'): Promise<string | null> {
      if (!draft.value) return null;
      let written: string | null = null;
      await guarded(async () => void (written = handOn(await api['drafts.export'](draft.value!.id, { format, problemsOnly }))));
      return written;
    },
    undo: () => guarded(async () => void (draft.value && apply(await api['drafts.undo'](draft.value.id)))),
    redo: () => guarded(async () => void (draft.value && apply(await api['drafts.redo'](draft.value.id)))),
  };
});
