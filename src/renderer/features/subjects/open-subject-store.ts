import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRef, watch } from 'vue';
import type { DemographicCategory, FieldProblem, SubjectDetail, SubjectRow } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';
import { emptyForm, formOf, inputOf, recheck, type SubjectForm } from './form';

/** The household the subject will join or move to when saved, as the person picked it. */
export interface HouseholdChoice {
  localId: number;
  member: SubjectRow;
  /** Its address as one line, or null when it has none. */
  address: string | null;
}

/** What happened last, for the status line under the actions. */
export type Outcome = '' | 'saved' | 'created' | 'unchanged' | 'problems' | 'resolved';

/** The subject that is open: its record, the form as typed, problems per field, a conflict's choices. */
export const useOpenSubjectStore = defineStore('openSubject', () => {
  const api = useClient();
  const subject = shallowRef<SubjectDetail | null>(null);
  const form = ref<SubjectForm>(emptyForm());
  const problems = ref<Record<string, FieldProblem>>({});
  const choices = ref<Record<string, 'mine' | 'theirs'>>({});
  const joining = shallowRef<HouseholdChoice | null>(null);
  const outcome = ref<Outcome>('');
  /** The demographics this computer knows by name, to pick from; null until read. */
  const catalog = shallowRef<DemographicCategory[] | null>(null);
  const call = useAction((work: () => Promise<unknown>) => work());
  const error = toRef(call, 'error');
  const busy = toRef(call, 'busy');
  /** A subject just created here, whose screen opens next: shown as it is, with its outcome. */
  let justCreated: number | null = null;

  function show(detail: SubjectDetail | null) {
    subject.value = detail;
    form.value = detail ? formOf(detail) : emptyForm();
    problems.value = {};
    choices.value = {};
    joining.value = null;
  }

  const run = <T>(work: () => Promise<T>) => call.run(work) as Promise<T | undefined>;

  /** Read again with each subject opened: a push meanwhile may have taught this computer more names. */
  async function readCatalog() {
    try {
      catalog.value = await api['subjects.demographics']();
    } catch {
      // Without names the ids are still shown and kept; the form says none is known.
      catalog.value = [];
    }
  }

  // A field said to be wrong is checked again as it changes, so a corrected value stops being
  // marked at once, and one still wrong says its present problem.
  watch(
    () => ({ ...form.value.text }),
    (now, before) => {
      for (const field of Object.keys(problems.value)) {
        if (!(field in now) || now[field] === before[field]) continue;
        const left = { ...problems.value };
        const still = recheck(field, now[field]);
        if (still) left[field] = still;
        else delete left[field];
        problems.value = left;
      }
      if (outcome.value === 'problems' && Object.keys(problems.value).length === 0) outcome.value = '';
    },
  );

  return {
    subject,
    form,
    problems,
    choices,
    joining,
    catalog,
    error,
    outcome,
    busy,
    problemCount: computed(() => Object.keys(problems.value).length),
    /** Typed or chosen here and not saved yet (leaving asks first). */
    unsaved: computed(() => {
      if (joining.value !== null || Object.keys(choices.value).length > 0) return true;
      return Object.keys(inputOf(form.value, subject.value, false).input).length > 0;
    }),
    async load(localId: number) {
      if (justCreated === localId && subject.value?.localId === localId) {
        justCreated = null;
        return;
      }
      outcome.value = '';
      error.value = '';
      await Promise.all([run(async () => show(await api['subjects.get'](localId))), readCatalog()]);
    },
    /** Reads the open subject again after a sync, unless the person is in the middle of changing it. */
    async refresh() {
      const open = subject.value;
      const choosing = Object.keys(choices.value).length > 0;
      if (!open || busy.value || joining.value || choosing || Object.keys(inputOf(form.value, open, false).input).length > 0) return;
      try {
        const fresh = await api['subjects.get'](open.localId);
        if (subject.value?.localId === open.localId) show(fresh);
      } catch {
        // gone meanwhile (removed, or let go); the screen keeps what it shows
      }
    },
    /** Members of other households whose names match, for the person to pick the one to join. */
    async findHouseholdMembers(term: string): Promise<SubjectRow[]> {
      const self = subject.value?.localId;
      const found = await api['subjects.search']({ search_term: term.trim().slice(0, 200), per: 8, order_by: 'last_name' });
      return found.rows.filter((r) => r.localId !== self);
    },
    /** Picks `member`'s household to join on save; false when the subject is in it already. */
    async joinHouseholdOf(member: SubjectRow, currentHousehold: number | null): Promise<boolean> {
      const h = (await api['subjects.get'](member.localId)).household;
      if (h.localId === currentHousehold) return false;
      joining.value = { localId: h.localId, member, address: [h.address, h.zip, h.city, h.country].filter(Boolean).join(', ') || null };
      return true;
    },
    startNew() {
      outcome.value = '';
      error.value = '';
      show(null);
      void readCatalog();
    },
    /** Saves offline; answers the subject's local id when it was saved. */
    async save(): Promise<number | null> {
      const original = subject.value;
      const built = inputOf(form.value, original, joining.value !== null);
      if (built.problems.length > 0) {
        problems.value = Object.fromEntries(built.problems.map((p) => [p.field, p]));
        outcome.value = 'problems';
        return null;
      }
      const result = await run(() =>
        api['subjects.save'](original?.localId ?? null, { input: built.input, ...(joining.value ? { householdLocalId: joining.value.localId } : {}) }),
      );
      if (!result) return null;
      if (!result.saved) {
        problems.value = Object.fromEntries(result.problems.map((p) => [p.field, p]));
        outcome.value = 'problems';
        return null;
      }
      const unchanged = original !== null && Object.keys(built.input).length === 0 && joining.value === null;
      show(result.subject);
      outcome.value = original === null ? 'created' : unchanged ? 'unchanged' : 'saved';
      if (original === null) justCreated = result.subject.localId;
      return result.subject.localId;
    },
    async remove(): Promise<boolean> {
      const localId = subject.value?.localId;
      if (localId === undefined) return false;
      return (await run(() => api['subjects.remove'](localId)))?.removed === true;
    },
    async resolve(): Promise<string | null> {
      const localId = subject.value?.localId;
      if (localId === undefined) return null;
      const result = await run(() => api['subjects.resolve'](localId, { ...choices.value }));
      if (!result) return null;
      if (result.state !== 'forgotten') {
        const fresh = await run(() => api['subjects.get'](localId));
        if (fresh) show(fresh);
        outcome.value = 'resolved';
      } else {
        // Let go here too: nothing of it is left to lose by leaving.
        choices.value = {};
        joining.value = null;
      }
      return result.state;
    },
  };
});
