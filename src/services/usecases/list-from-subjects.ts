/**
 * The subjects found offline as participants of an event's list: a new list, or more rows
 * of one already open. Planned first (who is added, who is already in the list, who is
 * flagged, which preferred languages need a choice of locale), then added as planned.
 * Everything is read from the mirror; nothing needs the service.
 */
import type { SubjectFilters } from '../../core/contract/subjects';
import type { ParticipantInput } from '../../core/contract/imports';
import { cellsOf, GRID_FIELDS } from '../../core/drafts/cells';
import { catalogByName, participantOfSubject, type SubjectFlag } from '../../core/drafts/subject-participant';
import { todayOf } from '../../core/subjects/dates';
import type { MirrorDb } from '../mirror/open';
import { catalogFor, demographicNames } from '../mirror/queries/imports/catalog';
import { draftById, editableDraft, DraftError } from '../mirror/queries/drafts/drafts';
import { draftParticipants } from '../mirror/queries/drafts/draft-rows';
import { subjectsForList } from '../mirror/queries/subjects/subjects-for-list';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { createDraftFromRows } from './draft-from-rows';
import type { DraftSession } from './draft-session';
import { UseCaseError, refusal } from './errors';
import { searchMirrorSubjects } from './subject-search';

/** Every subject a search finds (all pages), or the ones picked from its results. */
export type SubjectSelection = { filters: SubjectFilters } | { localIds: readonly number[] };

export interface SubjectsToList {
  externalEventId: number;
  selection: SubjectSelection;
  /** The locale chosen for a preferred language as written, where several fit. */
  locales?: Readonly<Record<string, string>>;
  /** Add the flagged subjects too (no e-mail, or not to be contacted yet). */
  includeFlagged?: boolean;
}

export interface ListPerson {
  localId: number;
  name: string;
}

export interface SubjectsPlan {
  found: number;
  /** How many become rows. */
  adding: number;
  /** Already in the list (same external id or e-mail): not added twice. */
  repeats: (ListPerson & { email: string })[];
  /** Each flagged subject and why; added only when asked. */
  flagged: (ListPerson & { flags: Exclude<SubjectFlag, 'not_on_service'>[]; excludedUntil: string | null })[];
  /** Made on this computer and not sent yet: without the service's id they could not be matched later, so they wait. */
  unsent: ListPerson[];
  /** Preferred languages that fit several locales, with how many subjects wrote each. */
  questions: { written: string; options: string[]; subjects: number }[];
}

export interface PlannedSubjects {
  plan: SubjectsPlan;
  participants: ParticipantInput[];
}

const keyOf = (text: string | number | null | undefined): string => String(text ?? '').trim().toLowerCase();

function localIdsOf(db: MirrorDb, selection: SubjectSelection, today: string): readonly number[] {
  if ('localIds' in selection) return selection.localIds;
  return searchMirrorSubjects(db, selection.filters, today, { all: true }).localIds;
}

/** Who of the selection would be added to the list with these rows, and who not and why. */
export function planSubjects(db: MirrorDb, input: SubjectsToList, existing: readonly ParticipantInput[], today: string = todayOf(new Date())): PlannedSubjects {
  const subjects = subjectsForList(db, localIdsOf(db, input.selection, today));
  const catalog = catalogByName(catalogFor(db, input.externalEventId));
  const names = new Map(demographicNames(db, [...new Set(subjects.flatMap((s) => s.demographicIds))]).map((d) => [d.id, d]));
  const ids = new Set(existing.map((p) => keyOf(p.external_id)).filter((k) => k !== ''));
  const emails = new Set(existing.map((p) => keyOf(p.email)).filter((k) => k !== ''));
  const plan: SubjectsPlan = { found: subjects.length, adding: 0, repeats: [], flagged: [], unsent: [], questions: [] };
  const questions = new Map<string, SubjectsPlan['questions'][number]>();
  const participants: ParticipantInput[] = [];
  for (const subject of subjects) {
    const demographics = subject.demographicIds.flatMap((id) => names.get(id) ?? []);
    const { participant, flags, question } = participantOfSubject({ ...subject, demographics }, catalog, today, input.locales);
    const person = { localId: subject.localId, name: String(participant.name ?? '') };
    if (flags.includes('not_on_service')) {
      plan.unsent.push(person);
      continue;
    }
    const id = keyOf(participant.external_id);
    const email = keyOf(participant.email);
    if (ids.has(id) || (email !== '' && emails.has(email))) {
      plan.repeats.push({ ...person, email: String(participant.email ?? '') });
      continue;
    }
    if (flags.length > 0) {
      plan.flagged.push({ ...person, flags: flags as SubjectsPlan['flagged'][number]['flags'], excludedUntil: flags.includes('excluded') ? subject.contactExclusionUntil : null });
      if (!input.includeFlagged) continue;
    }
    if (question) {
      const asked = questions.get(question.written) ?? { written: question.written, options: question.options, subjects: 0 };
      asked.subjects++;
      questions.set(question.written, asked);
    }
    ids.add(id);
    if (email !== '') emails.add(email);
    participants.push(participant);
  }
  plan.adding = participants.length;
  plan.questions = [...questions.values()];
  return { plan, participants };
}

/** What adding the selection to a new list, or to this draft, would do; nothing is written. */
export function previewSubjectsForList(place: MirrorPlace, input: SubjectsToList & { draftId?: number }): SubjectsPlan {
  return withAccountMirror(place, (db) => planSubjects(db, input, input.draftId === undefined ? [] : draftParticipants(db, listDraft(db, input.draftId, input.externalEventId).id)).plan);
}

/** A new list of the event made of the selection, as planned. */
export function subjectsToNewList(place: MirrorPlace, input: SubjectsToList & { name: string }): { draftId: number; plan: SubjectsPlan } {
  return withAccountMirror(place, (db) => {
    const { plan, participants } = planSubjects(db, input, []);
    if (participants.length === 0) throw new UseCaseError(nothingToAdd(plan), 'input');
    return { draftId: createDraftFromRows(db, { externalEventId: input.externalEventId, name: input.name, participants }).id, plan };
  });
}

/**
 * The selection added after the last row of a draft open in the workspace: one step of its
 * history (undone at once if it was a mistake), checked with the rest.
 */
export function subjectsIntoDraft(place: MirrorPlace, session: DraftSession, input: SubjectsToList): { plan: SubjectsPlan; change: ReturnType<DraftSession['paste']> } {
  const { plan, participants } = withAccountMirror(place, (db) => planSubjects(db, input, draftParticipants(db, listDraft(db, session.draftId, input.externalEventId).id)));
  if (participants.length === 0) throw new UseCaseError(nothingToAdd(plan), 'input');
  const rows = participants.map((p) => {
    const cells = cellsOf(p);
    return GRID_FIELDS.filter((f) => cells[f] !== '').map((field) => ({ field, value: cells[field] }));
  });
  return { plan, change: session.paste([], rows) };
}

function listDraft(db: MirrorDb, draftId: number, externalEventId: number) {
  if (!draftById(db, draftId)) throw refusal('draft_gone', 'input', { draft: draftId });
  try {
    const draft = editableDraft(db, draftId);
    if (draft.externalEventId !== externalEventId) throw new UseCaseError(`Draft ${draftId} is a list of event ${draft.externalEventId}, not of event ${externalEventId}.`, 'input');
    return draft;
  } catch (error) {
    if (error instanceof DraftError) throw new UseCaseError(error.message, 'input');
    throw error;
  }
}

function nothingToAdd(plan: SubjectsPlan): string {
  if (plan.found === 0) return 'The search finds no subjects to add.';
  if (plan.flagged.length > 0 && plan.repeats.length + plan.unsent.length + plan.flagged.length === plan.found) return 'Every subject found is flagged (no e-mail, or not to be contacted yet); choose to add them anyway, or search again.';
  return 'Every subject found is already in the list or not yet on the service; nothing was added.';
}
