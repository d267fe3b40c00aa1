/**
 * Between the mirror's subject fields and the service's subject bodies, for the subject
 * flows: what a create or update sends, what it tells the rebase it sent (`sent`, see
 * mirror/queries/subjects/subjects-rebase.ts), and how a record is named in a sentence.
 */
import type { Subject, SubjectInput } from '../../../core/contract/subjects';
import type { HouseholdFields, SubjectFields } from '../../mirror/queries/subjects/subject-row';
import { HOUSEHOLD_FIELDS, SUBJECT_FIELDS } from '../../mirror/queries/subjects/subject-row';
import type { MirrorHousehold } from '../../mirror/queries/subjects/households';
import type { PendingChanges } from '../../mirror/queries/subjects/subjects-local';
import type { MirrorSubject } from '../../mirror/queries/subjects/subjects';

export const SUBJECT_ENTITY = 'subject';
export const SUBJECT_OPS = { create: 'subject.create', update: 'subject.update', destroy: 'subject.destroy' } as const;

/** Every op of the subject flows carries the subject's local id; the push reads the rest. */
export interface SubjectOpPayload {
  localId: number;
}

export interface Body {
  body: SubjectInput;
  /** The optimistic lock of an update: the base's lock_version. */
  lockVersion?: number;
  /** For the rebase: fields as sent, household fields as `household.<field>`. */
  sent: Record<string, unknown>;
}

function copyFields(from: Partial<SubjectFields>, body: Record<string, unknown>, sent: Record<string, unknown>): void {
  for (const field of SUBJECT_FIELDS) {
    if (!(field in from)) continue;
    const value = from[field];
    body[field] = Array.isArray(value) ? [...value] : value;
    sent[field] = body[field];
  }
}

function copyHousehold(from: Partial<HouseholdFields>, household: Record<string, unknown>, sent: Record<string, unknown>): void {
  for (const field of HOUSEHOLD_FIELDS) {
    if (!(field in from)) continue;
    household[field] = from[field] ?? null;
    sent[`household.${field}`] = household[field];
  }
}

/**
 * The POST body of a subject the service does not have: every field; the household joined
 * by id when the service has it (with the fields changed here), else made new with its fields.
 */
export function createBody(subject: MirrorSubject, household: MirrorHousehold): Body {
  const body: Record<string, unknown> = {};
  const sent: Record<string, unknown> = {};
  copyFields(subject.fields, body, sent);
  const h: Record<string, unknown> = {};
  if (household.remoteId !== null) {
    h.id = household.remoteId;
    const base = household.base ?? household.fields;
    copyHousehold(Object.fromEntries(HOUSEHOLD_FIELDS.filter((f) => household.fields[f] !== base[f]).map((f) => [f, household.fields[f]])), h, sent);
  } else {
    copyHousehold(household.fields, h, sent);
  }
  // Tells the rebase the household was chosen by this push (new or joined): take its id.
  sent.household_id = household.remoteId;
  body.household = h;
  return { body: body as SubjectInput, sent };
}

/** The PATCH body: only what differs from the version last pulled; null when nothing does. */
export function updateBody(changes: PendingChanges): Body | null {
  const body: Record<string, unknown> = {};
  const sent: Record<string, unknown> = {};
  copyFields(changes.fields, body, sent);
  const h: Record<string, unknown> = {};
  if (changes.movedTo) {
    h.id = changes.movedTo.remoteId;
    sent.household_id = changes.movedTo.remoteId;
  }
  copyHousehold(changes.household, h, sent);
  if (Object.keys(h).length > 0) body.household = h;
  if (Object.keys(body).length === 0) return null;
  return { body: body as SubjectInput, sent, lockVersion: changes.lockVersion ?? undefined };
}

/** What identifies the person a create made, for the look-first search after a lost answer. */
export const IDENTIFYING_FIELDS = ['first_name', 'last_name', 'email', 'date_of_birth'] as const;

export type Identity = Partial<Record<(typeof IDENTIFYING_FIELDS)[number], string | null>>;

export function sameIdentity(fields: Identity, record: Subject): boolean {
  return IDENTIFYING_FIELDS.every((field) => (fields[field] ?? null) === (record[field] ?? null));
}

/** "subject 12 (Ana Lopez)" — the local id is what the UI and `muster status` show. */
export function subjectLabel(subject: Pick<MirrorSubject, 'localId' | 'fields'>): string {
  const name = [subject.fields.first_name, subject.fields.last_name].filter(Boolean).join(' ');
  return name ? `subject ${subject.localId} (${name})` : `subject ${subject.localId}`;
}

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
