/**
 * The campaign's verdict on one run, once the outbox is idle and faults are off:
 *
 * - lost: an offline change the service does not reflect — a created subject missing, an
 *   edit not applied, a deleted one still there, a draft without its import and completed
 *   action — or an op that did not end `done` (pending, rejected or blocked);
 * - duplicated: more than one service record for one local create (subjects by their
 *   `code`, imports by their participants' external ids), more than one action per import,
 *   or a record with the run's marker that no local change explains;
 * - diverged: the mirror's subject (fields, household, lock_version, remote id, state) or
 *   its import/action (ids, status) differs from the service's.
 * Each is counted once per subject or draft; `problems` says what and where.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Subject } from '../../../src/core/contract/subjects';
import type { MirrorDb } from '../../../src/services/mirror/open';
import { draftById } from '../../../src/services/mirror/queries/drafts/drafts';
import { householdByLocalId } from '../../../src/services/mirror/queries/subjects/households';
import { actionsOfImport } from '../../../src/services/mirror/queries/imports/import-actions';
import { importOfDraft } from '../../../src/services/mirror/queries/imports/imports';
import { fieldsOfRecord, householdFieldsOf } from '../../../src/services/mirror/queries/subjects/subject-row';
import { subjectByLocalId } from '../../../src/services/mirror/queries/subjects/subjects';
import type { TestService } from '../service';
import type { Model, ModelDraft, ModelSubject } from './model';

export interface Tally {
  lost: number;
  duplicated: number;
  diverged: number;
  problems: string[];
}

class Verdict {
  readonly lost = new Set<string>();
  readonly diverged = new Set<string>();
  duplicated = 0;
  readonly problems: string[] = [];
  lose(key: string, why: string) {
    this.lost.add(key);
    this.problems.push(`lost ${key}: ${why}`);
  }
  diverge(key: string, why: string) {
    this.diverged.add(key);
    this.problems.push(`diverged ${key}: ${why}`);
  }
  duplicate(key: string, extra: number, why: string) {
    this.duplicated += extra;
    this.problems.push(`duplicated ${key} (${extra} extra): ${why}`);
  }
}

/** Every subject carrying the run's marker, as the service answers them. */
async function markedSubjects(service: TestService, marker: string): Promise<Subject[]> {
  const answer = await service.client().post('/api/v1/subjects/search', { search_term: marker, include_archived: true, per: 1000, order_by: 'id' });
  if (answer.status !== 200) throw new Error(`campaign check: search answered ${answer.status}`);
  return answer.body.response as Subject[];
}

function checkSubject(v: Verdict, db: MirrorDb, model: Model, subject: ModelSubject, records: Subject[]): void {
  const key = `subject ${subject.code} (local ${subject.localId})`;
  const rows = db.prepare('SELECT local_id FROM subjects WHERE code = ?').pluck().all(subject.code) as number[];
  if (subject.destroyed) {
    if (records.length > 0) v.lose(key, `deleted here, still on the service as ${records.map((r) => r.id).join(', ')}`);
    if (rows.length > 0) v.diverge(key, `deleted and synced, still in the mirror as local ${rows.join(', ')}`);
    return;
  }
  if (records.length === 0) return v.lose(key, 'not on the service');
  if (records.length > 1) v.duplicate(key, records.length - 1, `service records ${records.map((r) => r.id).join(', ')}`);
  const mirrored = subjectByLocalId(db, subject.localId);
  const record = records.find((r) => r.id === mirrored?.remoteId) ?? records[0];
  const wrong = Object.entries(subject.expected).filter(([field, value]) => (record as unknown as Record<string, unknown>)[field] !== value);
  if (record.household.city !== model.cities.get(subject.household)) wrong.push(['household.city', model.cities.get(subject.household)]);
  if (wrong.length > 0) v.lose(key, `service record ${record.id} lacks ${wrong.map(([f, want]) => `${f}=${JSON.stringify(want)} (has ${JSON.stringify(f === 'household.city' ? record.household.city : (record as unknown as Record<string, unknown>)[f])})`).join(', ')}`);
  if (!mirrored) return v.diverge(key, 'not in the mirror');
  if (rows.length !== 1) v.diverge(key, `the mirror holds it ${rows.length} times (local ${rows.join(', ')})`);
  const differs: string[] = [];
  if (mirrored.state !== 'synced') differs.push(`state ${mirrored.state}`);
  if (mirrored.remoteId !== record.id) differs.push(`remote id ${mirrored.remoteId} ≠ ${record.id}`);
  if (mirrored.lockVersion !== record.lock_version) differs.push(`lock_version ${mirrored.lockVersion} ≠ ${record.lock_version}`);
  if (mirrored.householdRemoteId !== record.household.id) differs.push(`household ${mirrored.householdRemoteId} ≠ ${record.household.id}`);
  const fields = fieldsOfRecord(record);
  for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
    if (!isDeepStrictEqual(mirrored.fields[field], fields[field])) differs.push(`${field} ${JSON.stringify(mirrored.fields[field])} ≠ ${JSON.stringify(fields[field])}`);
  }
  const household = householdByLocalId(db, mirrored.householdLocalId)?.fields;
  if (!isDeepStrictEqual(household, householdFieldsOf(record.household))) differs.push(`household fields ${JSON.stringify(household)} ≠ ${JSON.stringify(householdFieldsOf(record.household))}`);
  if (differs.length > 0) v.diverge(key, differs.join('; '));
}

interface ServiceImport {
  id: number;
  payload: string;
}

function checkDraft(v: Verdict, db: MirrorDb, service: TestService, draft: ModelDraft, imports: ServiceImport[]): void {
  const key = `draft ${draft.draftId}`;
  const mine = imports.filter((i) => isDeepStrictEqual((JSON.parse(i.payload) as { external_id?: unknown }[]).map((p) => String(p.external_id)), draft.externalIds));
  if (mine.length === 0) return v.lose(key, 'no import on the service');
  if (mine.length > 1) v.duplicate(key, mine.length - 1, `imports ${mine.map((i) => i.id).join(', ')}`);
  const mirrored = importOfDraft(db, draft.draftId);
  const chosen = mine.find((i) => i.id === mirrored?.id) ?? mine[0];
  const actions = service.context.db.prepare('SELECT id, status FROM participant_import_actions WHERE participant_import_id = ? ORDER BY id').all(chosen.id) as { id: number; status: string }[];
  if (actions.length === 0) return v.lose(key, `import ${chosen.id} has no action`);
  if (actions.length > 1) v.duplicate(key, actions.length - 1, `actions ${actions.map((a) => a.id).join(', ')} on import ${chosen.id}`);
  const action = actions.at(-1)!;
  if (action.status !== 'completed') v.lose(key, `action ${action.id} is ${action.status}`);
  const state = draftById(db, draft.draftId)?.state;
  const local = mirrored ? actionsOfImport(db, mirrored.id).at(-1) : undefined;
  const differs: string[] = [];
  if (state !== 'pushed') differs.push(`draft ${state}`);
  if (mirrored?.id !== chosen.id) differs.push(`import ${mirrored?.id} ≠ ${chosen.id}`);
  if (local?.id !== action.id || local?.status !== action.status) differs.push(`action ${local?.id} ${local?.status} ≠ ${action.id} ${action.status}`);
  if (differs.length > 0) v.diverge(key, differs.join('; '));
}

export async function checkRun(db: MirrorDb, service: TestService, model: Model, eventId: number): Promise<Tally> {
  const v = new Verdict();
  const unfinished = db.prepare("SELECT id, kind, state, entity_type, entity_key, last_error FROM outbox WHERE state != 'done' ORDER BY id").all() as { id: number; kind: string; state: string; entity_type: string; entity_key: string; last_error: string | null }[];
  for (const op of unfinished) v.lose(`${op.entity_type} ${op.entity_key} op ${op.id}`, `${op.kind} ended ${op.state}: ${op.last_error ?? ''}`);

  const records = await markedSubjects(service, model.marker);
  const codes = new Set(model.subjects.map((s) => s.code));
  for (const subject of model.subjects) checkSubject(v, db, model, subject, records.filter((r) => r.code === subject.code));
  const strays = records.filter((r) => !codes.has(r.code ?? ''));
  if (strays.length > 0) v.duplicate('subjects', strays.length, `records no local change explains: ${strays.map((r) => `${r.id} ${r.code}`).join(', ')}`);

  const imports = service.context.db.prepare('SELECT id, payload FROM participant_imports WHERE event_id = ? ORDER BY id').all(eventId) as ServiceImport[];
  for (const draft of model.drafts) checkDraft(v, db, service, draft, imports);
  const claimed = imports.filter((i) => model.drafts.some((d) => (JSON.parse(i.payload) as { external_id?: unknown }[]).some((p) => d.externalIds.includes(String(p.external_id)))));
  if (claimed.length < imports.length) v.duplicate('imports', imports.length - claimed.length, 'imports on the run event that no draft explains');
  for (const refused of model.refused) v.problems.push(`refused offline: ${refused}`);
  return { lost: v.lost.size, duplicated: v.duplicated, diverged: v.diverged.size, problems: v.problems };
}
