/**
 * A subject found offline as a participant of an event's list (docs/interface.md, "Lists
 * from subjects"): the service's subject id as the external id (the one field that names
 * the same person on every later import), first and last name as the name, the e-mail,
 * the preferred language as a locale through the intake's locale suggestions (a question
 * where two locales fit), and the subject's demographics that the event's catalog has by
 * name. What a person should decide before the subject is added is flagged, not hidden.
 */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';
import type { Locale } from '../contract/locales';
import { nameKey, type CatalogCategory } from '../participants/catalog';
import { canonicalLocale } from '../participants/locales';
import { localeFinding } from '../suggestions/locale';

export interface SubjectForList {
  localId: number;
  /** The service's id; null for a subject made on this computer and not sent yet. */
  remoteId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  preferredLanguage: string | null;
  /** YYYY-MM-DD; no contact up to and including that day. */
  contactExclusionUntil: string | null;
  /** The subject's demographics with the names this computer learned for them. */
  demographics: readonly { category: string; name: string }[];
}

export const SUBJECT_FLAGS = ['no_email', 'excluded', 'not_on_service'] as const;
export type SubjectFlag = (typeof SUBJECT_FLAGS)[number];

export interface SubjectParticipant {
  participant: ParticipantInput;
  flags: SubjectFlag[];
  /** The preferred language as written, when more than one locale fits it and no answer was given. */
  question: { written: string; options: Locale[] } | null;
}

/** The event's catalog by name, to find a subject's demographics in it. */
export type CatalogByName = Map<string, { name: string; exclusive: boolean; values: Map<string, string> }>;

export function catalogByName(catalog: readonly CatalogCategory[]): CatalogByName {
  return new Map(catalog.map((c) => [nameKey(c.name), { name: c.name, exclusive: c.exclusive, values: new Map(c.demographics.map((d) => [nameKey(d.name), d.name])) }]));
}

const text = (value: string | null): string => (value ?? '').trim();

/** The locale a preferred language means: sure, a question between several, or the text as written for the workspace to flag. */
export function localeOfLanguage(written: string, answers: Readonly<Record<string, string>> = {}): { locale: string; question: SubjectParticipant['question'] } {
  if (written === '') return { locale: '', question: null };
  const exact = canonicalLocale(written);
  if (exact) return { locale: exact, question: null };
  const answer = answers[written];
  if (answer !== undefined) return { locale: answer, question: null };
  const found = localeFinding(written);
  if (!found) return { locale: written, question: null };
  if (found.sure) return { locale: found.to[0], question: null };
  return { locale: written, question: { written, options: found.to as Locale[] } };
}

function demographicsIn(subject: SubjectForList, catalog: CatalogByName): DemographicEntryInput[] {
  const entries: DemographicEntryInput[] = [];
  for (const d of subject.demographics) {
    const category = catalog.get(nameKey(d.category));
    const value = category?.values.get(nameKey(d.name));
    if (category && value !== undefined) entries.push({ demographic_category_name: category.name, demographic_name: value });
  }
  return entries;
}

/** `today` is YYYY-MM-DD; an exclusion counts its own day. */
export function participantOfSubject(subject: SubjectForList, catalog: CatalogByName, today: string, answers?: Readonly<Record<string, string>>): SubjectParticipant {
  const email = text(subject.email);
  const { locale, question } = localeOfLanguage(text(subject.preferredLanguage), answers);
  const flags: SubjectFlag[] = [];
  if (email === '') flags.push('no_email');
  if (subject.contactExclusionUntil !== null && subject.contactExclusionUntil >= today) flags.push('excluded');
  if (subject.remoteId === null) flags.push('not_on_service');
  const participant: ParticipantInput = {
    external_id: subject.remoteId === null ? '' : String(subject.remoteId),
    name: [text(subject.firstName), text(subject.lastName)].filter((part) => part !== '').join(' '),
    email,
    locale,
  };
  const demographics = demographicsIn(subject, catalog);
  if (demographics.length > 0) participant.demographics = demographics;
  return { participant, flags, question };
}
