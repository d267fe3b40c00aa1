import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, toRaw, watch } from 'vue';
import type { FollowedCampaign, SubjectRow } from '../../../core/contract/app-api';
import type { Outcome, Slice, SubjectFilters } from '../../../core/contract/subjects';
import { useClient } from '../../api';
import { messageOf } from '../../composables/failure';
import { ageOf, filterProblems } from './filter-check';
import { parseIds } from './form';

/** A yes/no filter: not applied, yes, or no. */
export type Tri = '' | 'yes' | 'no';
export type SortKey = NonNullable<SubjectFilters['order_by']>;

export interface FilterForm {
  campaignId: number | null;
  slice: Slice | '';
  consented: Tri;
  canEmail: Tri;
  canCall: Tri;
  languages: string;
  minAge: string;
  maxAge: string;
  includeArchived: boolean;
  hasAccount: Tri;
  optOuts: Tri;
  callEligible: Tri;
  blastEligible: Tri;
  participated: Tri;
  createdAfter: string;
  createdBefore: string;
  demographicIds: string;
  locationIds: string;
  outcomes: Outcome[];
  onlyQuotaQualified: boolean;
}

export const emptyFilters = (): FilterForm => ({
  campaignId: null,
  slice: '',
  consented: '',
  canEmail: '',
  canCall: '',
  languages: '',
  minAge: '',
  maxAge: '',
  includeArchived: false,
  hasAccount: '',
  optOuts: '',
  callEligible: '',
  blastEligible: '',
  participated: '',
  createdAfter: '',
  createdBefore: '',
  demographicIds: '',
  locationIds: '',
  outcomes: [],
  onlyQuotaQualified: false,
});

/** How the results are shown; the choice lasts for the session (a reload of the page too). */
export type ResultsView = 'cards' | 'table';
const VIEW_KEY = 'muster.subjects.view';
function viewOfSession(): ResultsView {
  try {
    return globalThis.sessionStorage?.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

const PER_PAGE = 50;
/** A refresh reads what was shown in one go, up to the largest page there is. */
const MAX_REFRESH = 1000;
const tri = (value: Tri): boolean | undefined => (value === '' ? undefined : value === 'yes');
const age = (text: string): number | undefined => ageOf(text) ?? undefined;

/** The search body the service (and the mirror) understands, with only what is set. */
export function filtersOf(term: string, form: FilterForm, sort: { by: SortKey; dir: 'asc' | 'desc' }): SubjectFilters {
  const body: SubjectFilters = { order_by: sort.by, order_dir: sort.dir };
  if (term.trim()) body.search_term = term.trim().slice(0, 200);
  if (form.campaignId !== null) {
    body.recruiting_campaign_id = form.campaignId;
    if (form.slice) body.slice = form.slice;
    if (form.outcomes.length) body.selected_outcomes = [...form.outcomes];
    if (form.onlyQuotaQualified && form.slice === 'qualified') body.only_quota_qualified = true;
  } else if (sort.by === 'rank') body.order_by = 'last_name';
  const flags: [keyof SubjectFilters, Tri][] = [
    ['consented', form.consented],
    ['can_email', form.canEmail],
    ['can_call', form.canCall],
    ['has_account', form.hasAccount],
    ['opt_outs', form.optOuts],
    ['call_eligible', form.callEligible],
    ['blast_eligible', form.blastEligible],
    ['participated', form.participated],
  ];
  for (const [key, value] of flags) if (tri(value) !== undefined) (body as Record<string, unknown>)[key] = tri(value);
  const languages = form.languages.split(/[\s,;]+/).filter(Boolean);
  if (languages.length) body.languages = languages;
  if (age(form.minAge) !== undefined) body.min_age = age(form.minAge);
  if (age(form.maxAge) !== undefined) body.max_age = age(form.maxAge);
  if (form.includeArchived) body.include_archived = true;
  if (form.createdAfter) body.created_after = form.createdAfter;
  if (form.createdBefore) body.created_before = form.createdBefore;
  const demographics = parseIds(form.demographicIds);
  if (demographics?.length) body.demographic_ids = demographics;
  const locations = parseIds(form.locationIds);
  if (locations?.length) body.location_ids = locations;
  return body;
}

/** The subject search: what is typed and chosen, and the pages found so far (from the mirror). */
export const useSubjectSearchStore = defineStore('subjectSearch', () => {
  const api = useClient();
  const term = ref('');
  const filters = reactive<FilterForm>(emptyFilters());
  // By number, as the service lists: the mirror reads the first page of a long list along an
  // index in that order instead of sorting everyone (a name order is a choice away).
  const sort = reactive<{ by: SortKey; dir: 'asc' | 'desc' }>({ by: 'id', dir: 'asc' });
  const rows = shallowRef<SubjectRow[]>([]);
  const total = ref<number | null>(null);
  /** Counting stopped at `total` (a long list): there are at least that many. */
  const atLeast = ref(false);
  const page = ref(1);
  const dataAsOf = ref<number | null>(null);
  const campaigns = shallowRef<FollowedCampaign[]>([]);
  const error = ref('');
  const loading = ref(false);
  /** A sentence for the list page after something happened elsewhere (a subject removed). */
  const notice = ref('');
  /** What is wrong with the filters as typed, beside each field; nothing is searched meanwhile. */
  const problems = computed(() => filterProblems(filters));
  /** The rows shown answer the filters before the last change, which cannot be searched as typed. */
  const stale = ref(false);
  const view = ref<ResultsView>(viewOfSession());
  watch(view, (chosen) => {
    try {
      globalThis.sessionStorage?.setItem(VIEW_KEY, chosen);
    } catch {
      // A page without storage keeps the choice until it is closed.
    }
  });
  let asked = 0;
  /** True when the filters cannot be searched: the rows stay those of the last search. */
  function held(): boolean {
    if (Object.keys(problems.value).length === 0) return false;
    // An answer still on its way was asked before the filters went wrong; it would read as theirs.
    asked++;
    loading.value = false;
    stale.value = rows.value.length > 0 || total.value !== null;
    return true;
  }

  const body = () => filtersOf(term.value, toRaw(filters), { ...sort });

  /** Page 1 of the current search; answers that arrive after a newer question are dropped. */
  async function search() {
    if (held()) return;
    const mine = ++asked;
    loading.value = true;
    try {
      const found = await api['subjects.search']({ ...body(), page: 1, per: PER_PAGE });
      if (mine !== asked) return;
      error.value = '';
      stale.value = false;
      rows.value = found.rows;
      total.value = found.total;
      atLeast.value = found.totalIsAtLeast;
      page.value = 1;
      dataAsOf.value = found.dataAsOf;
      // The same campaigns again (nearly always, while typing) leave their panel as it is.
      if (JSON.stringify(found.campaigns) !== JSON.stringify(campaigns.value)) campaigns.value = found.campaigns;
    } catch (failure) {
      if (mine !== asked) return;
      // Results of an earlier question under this one's error would read as its answer.
      error.value = messageOf(failure);
      rows.value = [];
      total.value = null;
    } finally {
      if (mine === asked) loading.value = false;
    }
  }

  /** The same search read again after a sync, as far down as the person had scrolled. */
  async function refresh() {
    if (Object.keys(problems.value).length > 0) return;
    // Whole pages, so the next "more" asks for the page after them.
    const shown = Math.min(MAX_REFRESH, Math.max(1, Math.ceil(rows.value.length / PER_PAGE)) * PER_PAGE);
    const mine = ++asked;
    loading.value = true;
    try {
      const found = await api['subjects.search']({ ...body(), page: 1, per: shown });
      if (mine !== asked) return;
      rows.value = found.rows;
      total.value = found.total;
      atLeast.value = found.totalIsAtLeast;
      page.value = shown / PER_PAGE;
      dataAsOf.value = found.dataAsOf;
      campaigns.value = found.campaigns;
    } catch {
      // The rows shown stay; the next search says what is wrong.
    } finally {
      if (mine === asked) loading.value = false;
    }
  }

  /** The next page, added below what is shown. */
  async function more() {
    if (stale.value || loading.value || total.value === null || (rows.value.length >= total.value && !atLeast.value)) return;
    const mine = ++asked;
    loading.value = true;
    try {
      const found = await api['subjects.search']({ ...body(), page: page.value + 1, per: PER_PAGE });
      if (mine !== asked) return;
      rows.value = [...rows.value, ...found.rows];
      page.value = found.page;
      // A short page is the end: now the count is exact whatever the first page said.
      const ended = found.rows.length < PER_PAGE;
      total.value = ended ? rows.value.length : found.total;
      atLeast.value = ended ? false : found.totalIsAtLeast;
    } catch (failure) {
      if (mine === asked) error.value = messageOf(failure);
    } finally {
      if (mine === asked) loading.value = false;
    }
  }

  async function guarded(work: () => Promise<void>) {
    try {
      await work();
    } catch (failure) {
      error.value = messageOf(failure);
    }
  }

  return {
    term,
    filters,
    sort,
    rows,
    total,
    atLeast,
    dataAsOf,
    campaigns,
    error,
    loading,
    notice,
    problems,
    stale,
    view,
    search,
    refresh,
    more,
    body,
    clearFilters() {
      Object.assign(filters, emptyFilters());
    },
    follow: (id: number) => guarded(async () => void (campaigns.value = await api['subjects.follow'](id))),
    async unfollow(id: number) {
      await guarded(async () => void (campaigns.value = await api['subjects.unfollow'](id)));
      if (filters.campaignId === id) filters.campaignId = null;
    },
    exportTo: (format: 'xlsx' | 'csv') => api['subjects.export'](body(), format),
    exportOnService: () => api['subjects.exportOnService'](body()),
  };
});
