/**
 * The subject form as the page holds it (text as typed, yes/no boxes) and the body a save
 * sends: for a new subject everything filled in, for a change only what differs from the
 * record as it was opened, so a change to one field never overwrites another.
 */
import type { FieldProblem, SubjectDetail } from '../../../core/contract/app-api';
import type { SubjectInput } from '../../../core/contract/subjects';
import { todayOf } from '../../../core/subjects/dates';
import { fieldProblem } from '../../../core/subjects/field-problems';

export type InputKind = 'text' | 'email' | 'tel' | 'date';

/** Person and contact fields, in the order shown, with the kind of input each takes. */
export const PERSON_FIELDS: readonly (readonly [string, InputKind])[] = [
  ['first_name', 'text'],
  ['middle_initial', 'text'],
  ['last_name', 'text'],
  ['date_of_birth', 'date'],
  ['preferred_language', 'text'],
  ['code', 'text'],
  ['cid', 'text'],
];
export const CONTACT_FIELDS: readonly (readonly [string, InputKind])[] = [
  ['email', 'email'],
  ['phone', 'tel'],
  ['mobile_phone', 'tel'],
  ['work_phone', 'tel'],
  ['contact_exclusion_until_date', 'date'],
];
export const HOUSEHOLD_FIELDS = ['address', 'zip', 'city', 'state', 'country'] as const;
export const ID_FIELDS = ['demographic_ids', 'location_ids'] as const;
/** Yes/no boxes stored as a flag. */
export const FLAGS = ['head_of_household', 'has_account'] as const;
/** Yes/no boxes stored as the time they became true. */
export const STAMPS = ['consented_at', 'opted_out_at', 'archived_at'] as const;

const TEXT_FIELDS = [...PERSON_FIELDS, ...CONTACT_FIELDS].map(([name]) => name).concat('notes');

export interface SubjectForm {
  text: Record<string, string>;
  checked: Record<string, boolean>;
}

export function emptyForm(): SubjectForm {
  const text: Record<string, string> = {};
  for (const name of TEXT_FIELDS) text[name] = '';
  for (const name of ID_FIELDS) text[name] = '';
  for (const name of HOUSEHOLD_FIELDS) text[`household.${name}`] = '';
  const checked: Record<string, boolean> = {};
  for (const name of [...FLAGS, ...STAMPS]) checked[name] = false;
  return { text, checked };
}

export function formOf(subject: SubjectDetail): SubjectForm {
  const form = emptyForm();
  const fields = subject.fields as unknown as Record<string, string | boolean | number[] | null>;
  for (const name of TEXT_FIELDS) form.text[name] = (fields[name] as string | null) ?? '';
  for (const name of ID_FIELDS) form.text[name] = (fields[name] as number[]).join(', ');
  for (const name of HOUSEHOLD_FIELDS) form.text[`household.${name}`] = subject.household[name] ?? '';
  for (const name of FLAGS) form.checked[name] = fields[name] === true;
  for (const name of STAMPS) form.checked[name] = fields[name] !== null;
  return form;
}

/** Ids as typed ("12, 14 15"): the numbers, or null when something else was typed. */
export function parseIds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((p) => /^[1-9]\d{0,14}$/.test(p))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/**
 * The ids with `id` added; a category where a subject has at most one demographic (gender)
 * gives up the one it had: it holds only one.
 */
export function withDemographic(ids: readonly number[], id: number, catalog: readonly { exclusive: boolean; demographics: readonly { id: number }[] }[]): number[] {
  const category = catalog.find((c) => c.demographics.some((d) => d.id === id));
  const siblings = new Set(category?.exclusive ? category.demographics.map((d) => d.id) : []);
  return [...new Set([...ids.filter((d) => !siblings.has(d)), id])].sort((a, b) => a - b);
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export interface BuiltInput {
  input: SubjectInput;
  /** Problems found before sending (ids that are not numbers). */
  problems: FieldProblem[];
}

/**
 * The body to save: against `original` only what changed (null: a new subject, all that is
 * filled in). Household fields are left out when the subject moves or joins a household.
 */
export function inputOf(form: SubjectForm, original: SubjectDetail | null, joining: boolean, now: Date = new Date()): BuiltInput {
  const input: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  const before = (original?.fields ?? {}) as Record<string, string | boolean | number[] | null>;
  for (const name of TEXT_FIELDS) {
    const value = blankToNull(form.text[name]);
    if (original ? value !== (before[name] ?? null) : value !== null) input[name] = value;
  }
  for (const name of ID_FIELDS) {
    const ids = parseIds(form.text[name]);
    if (ids === null) problems.push({ field: name, kind: 'ids', limit: null, message: '' });
    else if (original ? !sameIds(ids, before[name] as number[]) : ids.length > 0) input[name] = ids;
  }
  for (const name of FLAGS) {
    if (original ? form.checked[name] !== before[name] : form.checked[name]) input[name] = form.checked[name];
  }
  for (const name of STAMPS) {
    const was = original ? before[name] !== null : false;
    if (form.checked[name] !== was) input[name] = form.checked[name] ? now.toISOString() : null;
  }
  if (!joining) {
    const household: Record<string, string | null> = {};
    for (const name of HOUSEHOLD_FIELDS) {
      const value = blankToNull(form.text[`household.${name}`]);
      if (original ? value !== (original.household[name] ?? null) : value !== null) household[name] = value;
    }
    if (Object.keys(household).length > 0) input.household = household;
  }
  return { input: input as SubjectInput, problems };
}

/** "Anna Smith", or null when the record has no name. */
export function nameOf(person: { firstName?: string | null; lastName?: string | null }): string | null {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || null;
}

/** The catalog key of a field's label: `household.city` → `household_city`. */
export const labelKey = (field: string): string => field.replace('.', '_');

/** What is wrong with one field as typed now, judged by the same rules as a save; null when nothing is. */
export function recheck(field: string, text: string, now: Date = new Date()): FieldProblem | null {
  if ((ID_FIELDS as readonly string[]).includes(field)) return parseIds(text) === null ? { field, kind: 'ids', limit: null, message: '' } : null;
  return fieldProblem(field, blankToNull(text), todayOf(now));
}
