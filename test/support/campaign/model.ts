/**
 * The campaign's offline operations, applied to a mirror the way the app applies them
 * (sync/subjects/local.ts, imports/sheet-draft.ts + enqueue.ts), and the model of what the
 * service must hold once everything is synced: each subject by a `code` no edit changes
 * (so copies are found whatever else changed), each draft by its participants' external ids.
 */
import type { ParticipantInput } from '../../../src/core/contract/imports';
import type { SubjectInput } from '../../../src/core/contract/subjects';
import type { MirrorDb } from '../../../src/services/mirror/open';
import { subjectByLocalId, subjectByRemoteId } from '../../../src/services/mirror/queries/subjects/subjects';
import { enqueueDraftPush } from '../../../src/services/sync/imports';
import { createReadyDraft } from '../../../src/services/sync/imports/sheet-draft';
import { createSubjectOffline, destroySubjectOffline, SubjectChangeError, updateSubjectOffline } from '../../../src/services/sync/subjects/local';
import type { OfflineOp } from './plan';

/** The fields the campaign sets and expects on the service afterwards. */
export interface Expected {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  code: string;
  notes: string | null;
  phone: string | null;
  middle_initial: string | null;
}

export interface ModelSubject {
  code: string;
  localId: number;
  household: number;
  expected: Expected;
  destroyed: boolean;
}

export interface ModelDraft {
  draftId: number;
  externalIds: string[];
}

export interface Model {
  marker: string;
  externalEventId: number;
  subjects: ModelSubject[];
  /** Expected city per model household (members share one). */
  cities: Map<number, string | null>;
  drafts: ModelDraft[];
  /** Offline changes the mirror refused (a subject in conflict): the person was told. */
  refused: string[];
}

export const newModel = (marker: string, externalEventId: number): Model => ({ marker, externalEventId, subjects: [], cities: new Map(), drafts: [], refused: [] });

const live = (model: Model) => model.subjects.filter((s) => !s.destroyed);

/** A subject the service already had, as the mirror got it from a pull. */
export function addExisting(model: Model, db: MirrorDb, remoteId: number, expected: Expected, city: string | null): void {
  const mirrored = subjectByRemoteId(db, remoteId);
  if (!mirrored) throw new Error(`campaign setup: pulled subject ${remoteId} is not in the mirror`);
  const household = model.cities.size + 1;
  model.cities.set(household, city);
  model.subjects.push({ code: expected.code, localId: mirrored.localId, household, expected, destroyed: false });
}

export function newPerson(model: Model, tag: string): Expected {
  const code = `${model.marker}${tag}`;
  const n = model.subjects.length + 1;
  return { first_name: `Ana${n}`, last_name: `Field${model.marker}`, email: `${code.toLowerCase()}@example.com`, date_of_birth: `${1950 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`, code, notes: null, phone: null, middle_initial: null };
}

function create(db: MirrorDb, model: Model, op: Extract<OfflineOp, { kind: 'create' }>): void {
  const expected = newPerson(model, `s${model.subjects.length + 1}`);
  if (op.phone) expected.phone = `+1 555 ${1000 + model.subjects.length}`;
  const input: SubjectInput = { ...expected };
  const alive = live(model);
  const joined = op.joinEarlier !== null && alive.length > 0 ? alive[op.joinEarlier % alive.length] : null;
  let household: number;
  let options = {};
  if (joined) {
    household = joined.household;
    options = { householdLocalId: subjectByLocalId(db, joined.localId)!.householdLocalId };
  } else {
    household = model.cities.size + 1;
    model.cities.set(household, op.city);
    if (op.city !== null) input.household = { city: op.city };
  }
  const { localId } = createSubjectOffline(db, input, options);
  model.subjects.push({ code: expected.code, localId, household, expected, destroyed: false });
}

function update(db: MirrorDb, model: Model, op: Extract<OfflineOp, { kind: 'update' }>): void {
  const alive = live(model);
  if (alive.length === 0) return;
  const subject = alive[op.target % alive.length];
  const { city, email, ...fields } = op.changes;
  const input: SubjectInput = { ...fields };
  if (email !== undefined) input.email = `${subject.code.toLowerCase()}.${email}@example.com`;
  if (city !== undefined) input.household = { city };
  try {
    updateSubjectOffline(db, subject.localId, input);
  } catch (error) {
    if (!(error instanceof SubjectChangeError)) throw error;
    model.refused.push(`${subject.code}: ${error.message}`);
    return;
  }
  Object.assign(subject.expected, fields, email !== undefined ? { email: input.email } : {});
  if (city !== undefined) model.cities.set(subject.household, city);
}

function destroy(db: MirrorDb, model: Model, op: Extract<OfflineOp, { kind: 'destroy' }>): void {
  const alive = live(model);
  if (alive.length === 0) return;
  const subject = alive[op.target % alive.length];
  destroySubjectOffline(db, subject.localId);
  subject.destroyed = true;
}

function draft(db: MirrorDb, model: Model, op: Extract<OfflineOp, { kind: 'draft' }>): void {
  const tag = `${model.marker}d${model.drafts.length + 1}`;
  const people: ParticipantInput[] = Array.from({ length: op.participants }, (_, i) => ({
    external_id: `${tag}-${i + 1}`,
    name: `Person ${i + 1} ${tag}`,
    email: `${tag.toLowerCase()}p${i + 1}@example.com`,
    ...(op.gender ? { demographics: [{ demographic_category_name: 'Gender', demographic_name: i % 2 ? 'Female' : 'Male' }] } : {}),
  }));
  const source = { name: `${tag}.xlsx`, size: 100 + op.participants, hash: tag };
  const rows = people.map((participant, i) => ({ source_row: i + 2, participant }));
  const draftId = createReadyDraft(db, { externalEventId: model.externalEventId, source, sheetName: null, headerRow: 1, mapping: null, flags: op.flags }, rows);
  enqueueDraftPush(db, draftId, { direct: op.direct });
  model.drafts.push({ draftId, externalIds: people.map((p) => String(p.external_id)) });
}

/** Applies one offline operation (not `pull`, which needs the network: see run.ts). */
export function applyOffline(db: MirrorDb, model: Model, op: Exclude<OfflineOp, { kind: 'pull' }>): void {
  if (op.kind === 'create') create(db, model, op);
  else if (op.kind === 'update') update(db, model, op);
  else if (op.kind === 'destroy') destroy(db, model, op);
  else draft(db, model, op);
}
