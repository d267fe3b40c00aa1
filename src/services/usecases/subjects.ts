/**
 * The subjects of one account's mirror as the app's subject screens show them, read offline:
 * a search answered with the service's own filters (subject-search.ts), one subject with its
 * household and, when it is in conflict, both versions of each field in dispute.
 *
 * - `searchSubjectRows(place, filters)` → a page of compact rows, the total, the age of the
 *   data and the followed campaigns with the age of their slices.
 * - `subjectDetail(place, localId)` → the whole record, its household and its conflict.
 * - `followCampaignOffline` / `unfollowCampaignOffline` → the followed campaigns afterwards.
 */
import type { SubjectFilters } from '../../core/contract/subjects';
import type { CatalogCategory } from '../../core/participants/catalog';
import type { Message } from '../../core/i18n';
import type { MirrorDb } from '../mirror/open';
import { householdByLocalId } from '../mirror/queries/subjects/households';
import { opsOfEntity } from '../mirror/queries/outbox/outbox';
import { subjectByLocalId, type MirrorSubject } from '../mirror/queries/subjects/subjects';
import { householdMembers, isGoneOnService } from '../mirror/queries/subjects/subjects-sync';
import { fieldsOfRecord, householdFieldsOf, type HouseholdFields, type SubjectFields } from '../mirror/queries/subjects/subject-row';
import { lastSyncAt } from '../mirror/queries/outbox/sync-state';
import { conflictFields, DELETED } from '../sync/subjects/conflicts';
import { SUBJECT_ENTITY } from '../sync/subjects/fields';
import { UseCaseError } from './errors';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { followCampaign, followedCampaigns, searchMirrorSubjects, unfollowCampaign } from './subject-search';
import { demographicNames, knownCatalog } from '../mirror/queries/imports/catalog';

export type RowState = 'synced' | 'created' | 'updated' | 'conflict';
type Value = string | boolean | number[] | null;

export interface SubjectRow {
  localId: number;
  remoteId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  state: RowState;
}

export interface CampaignFollowed {
  campaignId: number;
  pulledAt: number | null;
  members: number;
  problem: string | null;
}

export interface SubjectRows {
  rows: SubjectRow[];
  total: number;
  totalIsAtLeast: boolean;
  page: number;
  per: number;
  dataAsOf: number | null;
  campaigns: CampaignFollowed[];
}

export interface HouseholdMember {
  localId: number;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
}

export interface SubjectDetail {
  localId: number;
  remoteId: number | null;
  state: RowState;
  fields: SubjectFields;
  household: { localId: number; remoteId: number | null; members: HouseholdMember[] } & HouseholdFields;
  conflict: { deleted: boolean; fields: { field: string; mine: Value; theirs: Value }[] } | null;
  refused: string | null;
  /** `refused` as catalog words, when it is the stored sentence of the failed call. */
  refusedWords: Message[] | null;
  dataAsOf: number | null;
  /** Names learned for the subject's demographic ids (events' catalogs); unknown ids are left out. */
  demographicNames: { id: number; category: string; name: string }[];
}

/** A destroyed subject waits only to be sent; the screens no longer show it. */
const rowState = (subject: MirrorSubject): RowState => (subject.state === 'destroyed' ? 'updated' : subject.state);

function rowOf(subject: MirrorSubject): SubjectRow {
  const f = subject.fields;
  return { localId: subject.localId, remoteId: subject.remoteId, firstName: f.first_name, lastName: f.last_name, email: f.email, phone: f.phone ?? f.mobile_phone ?? f.work_phone, dateOfBirth: f.date_of_birth, state: rowState(subject) };
}

function campaignsOf(db: MirrorDb): CampaignFollowed[] {
  return followedCampaigns(db).map((c) => ({ campaignId: c.campaignId, pulledAt: c.pulledAt, members: c.members, problem: (c as { problem?: string | null }).problem ?? null }));
}

/** A list screen says "more than 1,000": counting a million matches costs more than the page. */
const COUNT_UP_TO = 1000;

export function searchSubjectRows(place: MirrorPlace, filters: SubjectFilters): SubjectRows {
  return withAccountMirror(place, (db) => {
    const found = searchMirrorSubjects(db, filters, undefined, { countUpTo: COUNT_UP_TO });
    const rows = found.localIds.map((id) => subjectByLocalId(db, id)).filter((s): s is MirrorSubject => s !== null).map(rowOf);
    return { rows, total: found.total, totalIsAtLeast: found.totalIsAtLeast, page: found.page, per: found.per, dataAsOf: lastSyncAt(db), campaigns: campaignsOf(db) };
  });
}

/** Every subject a search finds, in its order, read in one go (for an export). */
export function searchAllSubjects(db: MirrorDb, filters: SubjectFilters): MirrorSubject[] {
  const { localIds } = searchMirrorSubjects(db, filters, undefined, { all: true });
  return localIds.map((id) => subjectByLocalId(db, id)).filter((s): s is MirrorSubject => s !== null);
}

function requireSubject(db: MirrorDb, localId: number): MirrorSubject {
  const subject = subjectByLocalId(db, localId);
  if (!subject || subject.state === 'destroyed') throw new UseCaseError(`Subject ${localId} is not on this computer (it may have been removed).`, 'input', false, 'subject_unknown');
  return subject;
}

const addressOf = (h: HouseholdFields): string | null => [h.address, h.zip, h.city, h.state, h.country].filter(Boolean).join(', ') || null;

function conflictOf(db: MirrorDb, subject: MirrorSubject): SubjectDetail['conflict'] {
  if (subject.state !== 'conflict') return null;
  if (isGoneOnService(subject)) return { deleted: true, fields: [{ field: DELETED, mine: null, theirs: null }] };
  const theirs = subject.pulled!;
  const theirFields = fieldsOfRecord(theirs) as unknown as Record<string, Value>;
  const theirHousehold = householdFieldsOf(theirs.household);
  const household = householdByLocalId(db, subject.householdLocalId)!;
  const fields = conflictFields(db, subject.localId).map((field) => {
    if (field === 'household_id') return { field, mine: addressOf(household.fields), theirs: addressOf(theirHousehold) };
    if (field.startsWith('household.')) {
      const name = field.slice('household.'.length) as keyof HouseholdFields;
      return { field, mine: household.fields[name] ?? null, theirs: theirHousehold[name] ?? null };
    }
    return { field, mine: (subject.fields as unknown as Record<string, Value>)[field] ?? null, theirs: theirFields[field] ?? null };
  });
  return { deleted: false, fields };
}

export function detailOf(db: MirrorDb, localId: number): SubjectDetail {
  const subject = requireSubject(db, localId);
  const household = householdByLocalId(db, subject.householdLocalId)!;
  const members = householdMembers(db, household.localId)
    .filter((id) => id !== localId)
    .map((id) => subjectByLocalId(db, id))
    .filter((s): s is MirrorSubject => s !== null && s.state !== 'destroyed')
    .map((s) => ({ localId: s.localId, firstName: s.fields.first_name, lastName: s.fields.last_name, dateOfBirth: s.fields.date_of_birth }));
  const refusal = opsOfEntity(db, SUBJECT_ENTITY, localId).filter((op) => op.state === 'rejected').at(-1);
  return {
    localId,
    remoteId: subject.remoteId,
    state: rowState(subject),
    fields: subject.fields,
    household: { localId: household.localId, remoteId: household.remoteId, ...household.fields, members },
    conflict: conflictOf(db, subject),
    refused: refusal?.lastError ?? null,
    refusedWords: refusal?.lastError ? refusal.lastErrorWords : null,
    dataAsOf: lastSyncAt(db),
    demographicNames: demographicNames(db, subject.fields.demographic_ids ?? []),
  };
}

export function subjectDetail(place: MirrorPlace, localId: number): SubjectDetail {
  return withAccountMirror(place, (db) => detailOf(db, localId));
}

export function followCampaignOffline(place: MirrorPlace, campaignId: number): CampaignFollowed[] {
  return withAccountMirror(place, (db) => {
    followCampaign(db, campaignId);
    return campaignsOf(db);
  });
}

export function unfollowCampaignOffline(place: MirrorPlace, campaignId: number): CampaignFollowed[] {
  return withAccountMirror(place, (db) => {
    unfollowCampaign(db, campaignId);
    return campaignsOf(db);
  });
}

/** The demographics this computer knows by name, grouped by category, for the subject form to pick from. */
export function demographicCatalog(place: MirrorPlace): CatalogCategory[] {
  return withAccountMirror(place, (db) => knownCatalog(db));
}
