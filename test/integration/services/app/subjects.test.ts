/**
 * subjects.* of the app's services against a real mirror filled by a real sync with the real
 * reference service on loopback: searching as the service does, a subject with its household,
 * offline create / change / move / remove sent by the next sync, validation answered field by
 * field, a conflict settled field by field, campaigns followed, and an export.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi, AppEvent } from '../../../../src/core/contract/app-api';
import type { Subject, SubjectFilters } from '../../../../src/core/contract/subjects';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { freePort } from '../../../support/ports';
import { startTestService, type TestService } from '../../../support/service';
import * as XLSX from '@e965/xlsx';

let service: TestService;
let dataDir: string;
let app: AppService;
let api: AppApi;
const events: AppEvent[] = [];

/** What the service answers for the same search: its total and its subjects. */
async function serviceSearch(filters: SubjectFilters): Promise<{ total: number; subjects: Subject[] }> {
  const answer = await service.client().post('/api/v1/subjects/search', filters);
  expect(answer.status).toBe(200);
  return { total: Number(answer.headers.get('x-total-count')), subjects: answer.body.response as Subject[] };
}

async function serviceSubject(id: number): Promise<{ status: number; subject: Subject }> {
  const answer = await service.client().get(`/api/v1/subjects/${id}`);
  return { status: answer.status, subject: answer.body.response as Subject };
}

async function localIdOf(term: string): Promise<number> {
  const { rows } = await api['subjects.search']({ search_term: term });
  expect(rows).toHaveLength(1);
  return rows[0].localId;
}

beforeAll(async () => {
  service = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'muster-app-subjects-'));
  app = createAppService({ dataDir });
  app.subscribe((event) => events.push(event));
  api = app.api;
  await api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
  expect(await api['sync.now']()).toMatchObject({ online: true, error: null });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('searching the mirror', () => {
  it('answers as the service does, with the age of the data', async () => {
    for (const filters of [{}, { search_term: 'smith' }, { min_age: 30, max_age: 50, consented: true }, { languages: ['de'], order_by: 'first_name', order_dir: 'desc' }] as SubjectFilters[]) {
      const mine = await api['subjects.search'](filters);
      const theirs = await serviceSearch(filters);
      expect(mine.total, JSON.stringify(filters)).toBe(theirs.total);
      expect(mine.rows.map((r) => r.remoteId)).toEqual(theirs.subjects.map((s) => s.id));
    }
    const found = await api['subjects.search']({ search_term: 'Anna Smith' });
    expect(found.rows[0]).toMatchObject({ firstName: 'Anna', lastName: 'Smith', state: 'synced', dateOfBirth: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(found.dataAsOf).toEqual(expect.any(Number));
    expect(found.campaigns).toEqual([]);
  });

  it('searches a campaign once it is followed and pulled, and refuses it in words before', async () => {
    await expect(api['subjects.search']({ recruiting_campaign_id: 1, slice: 'scheduled' })).rejects.toMatchObject({ code: 'bad_input', message: expect.stringMatching(/follow/) });
    expect(await api['subjects.follow'](1)).toEqual([expect.objectContaining({ campaignId: 1, pulledAt: null })]);
    await api['sync.now']();
    for (const slice of ['rank', 'scheduled', 'qualified'] as const) {
      const mine = await api['subjects.search']({ recruiting_campaign_id: 1, slice });
      expect(mine.total, slice).toBe((await serviceSearch({ recruiting_campaign_id: 1, slice })).total);
      expect(mine.campaigns).toEqual([expect.objectContaining({ campaignId: 1, pulledAt: expect.any(Number) })]);
    }
    expect(await api['subjects.unfollow'](1)).toEqual([]);
  }, 20_000);

  it('refuses a filter the service would refuse, naming it', async () => {
    await expect(api['subjects.search']({ min_age: 50, max_age: 20 })).rejects.toMatchObject({ code: 'bad_input' });
  });
});

describe('a subject and its household', () => {
  it('shows the whole record with the other members of the household', async () => {
    const subject = await api['subjects.get'](await localIdOf('Anna Smith'));
    expect(subject).toMatchObject({ state: 'synced', conflict: null, refused: null, fields: { first_name: 'Anna', last_name: 'Smith', preferred_language: 'en' } });
    expect(subject.household.members.map((m) => m.firstName).sort()).toEqual(['Ben', 'Cara', 'Dan']);
    // No event's catalog has been learned here yet, so no demographic id has a name.
    expect(subject.demographicNames).toEqual([]);
    await expect(api['subjects.get'](999_999)).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('answers invalid input field by field instead of throwing, and saves nothing', async () => {
    const before = (await api['subjects.search']({})).total;
    const outcome = await api['subjects.save'](null, { input: { first_name: ' ', last_name: 'Kim', email: 'kim(at)example.com', date_of_birth: '2999-01-01', household: { zip: 'x'.repeat(30) } } });
    expect(outcome.saved).toBe(false);
    const problems = outcome.saved ? [] : outcome.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'first_name', kind: 'blank' }),
        expect.objectContaining({ field: 'email', kind: 'email' }),
        expect.objectContaining({ field: 'date_of_birth', kind: 'birth_range' }),
        expect.objectContaining({ field: 'household.zip', kind: 'too_long', limit: 20 }),
      ]),
    );
    const child = await api['subjects.save'](null, { input: { first_name: 'Tim', last_name: 'Kim', date_of_birth: '2020-05-05' } });
    expect(child).toEqual({ saved: false, problems: [expect.objectContaining({ field: 'household', kind: 'child_household' })] });
    expect((await api['subjects.search']({})).total).toBe(before);
  });

  it('creates, changes, moves and removes offline; the next sync makes the service agree', async () => {
    events.length = 0;
    const created = await api['subjects.save'](null, { input: { first_name: 'Lea', last_name: 'Quist', email: 'lea.quist@example.com', household: { address: '1 Elm Road', city: 'Leipzig' } } });
    if (!created.saved) throw new Error(JSON.stringify(created.problems));
    expect(created.subject).toMatchObject({ state: 'created', remoteId: null, household: { city: 'Leipzig', remoteId: null, members: [] } });
    expect(events).toEqual(expect.arrayContaining([{ type: 'changed', what: 'subjects' }, { type: 'changed', what: 'outbox' }]));
    expect(await api['sync.status']()).toMatchObject({ pending: 1 });
    // Found offline at once, by what was typed.
    expect((await api['subjects.search']({ search_term: 'quist' })).rows).toEqual([expect.objectContaining({ localId: created.subject.localId, state: 'created' })]);

    const smiths = (await api['subjects.get'](await localIdOf('Anna Smith'))).household;
    const moved = await api['subjects.save'](created.subject.localId, { input: { phone: '+49 341 555' }, householdLocalId: smiths.localId });
    if (!moved.saved) throw new Error(JSON.stringify(moved.problems));
    expect(moved.subject.household.members.map((m) => m.firstName).sort()).toEqual(['Anna', 'Ben', 'Cara', 'Dan']);

    const ben = await localIdOf('Ben Smith');
    const benRemote = (await api['subjects.get'](ben)).remoteId!;
    expect(await api['subjects.save'](ben, { input: { notes: 'prefers mornings', household: { city: 'Halle' } } })).toMatchObject({ saved: true, subject: { state: 'updated', household: { city: 'Halle' } } });
    const zoe = await localIdOf('Zoe Hart');
    const zoeRemote = (await api['subjects.get'](zoe)).remoteId!;
    expect(await api['subjects.remove'](zoe)).toEqual({ removed: true });
    expect((await api['subjects.search']({ search_term: 'Zoe Hart' })).total).toBe(0);
    await expect(api['subjects.get'](zoe)).rejects.toMatchObject({ code: 'bad_input' });

    expect(await api['sync.now']()).toMatchObject({ pending: 0, failed: 0, error: null });
    const lea = await api['subjects.get'](created.subject.localId);
    expect(lea).toMatchObject({ state: 'synced', remoteId: expect.any(Number) });
    const onService = await serviceSubject(lea.remoteId!);
    expect(onService.subject).toMatchObject({ first_name: 'Lea', phone: '+49 341 555', household_id: (await serviceSubject(benRemote)).subject.household_id });
    expect((await serviceSubject(benRemote)).subject).toMatchObject({ notes: 'prefers mornings', household: { city: 'Halle' } });
    expect((await serviceSubject(zoeRemote)).status).toBe(404);
  }, 30_000);

  it('shows a conflict field by field and sends what the person kept', async () => {
    const id = await localIdOf('Liam Brown');
    const remoteId = (await api['subjects.get'](id)).remoteId!;
    await api['subjects.save'](id, { input: { notes: 'mine', phone: '+1 555 0100' } });
    expect((await service.client().patch(`/api/v1/subjects/${remoteId}`, { notes: 'theirs', work_phone: '+1 555 0200' })).status).toBe(200);
    await api['sync.now']();
    const conflict = await api['subjects.get'](id);
    expect(conflict.state).toBe('conflict');
    expect(conflict.conflict).toEqual({ deleted: false, fields: [{ field: 'notes', mine: 'mine', theirs: 'theirs' }] });
    expect((await api['subjects.search']({ search_term: 'Liam Brown' })).rows[0].state).toBe('conflict');
    const refused = await api['subjects.save'](id, { input: { notes: 'again' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'bad_input', message: expect.stringMatching(/resolve that conflict/) });
    await expect(api['subjects.resolve'](id, {})).rejects.toMatchObject({ code: 'bad_input', message: expect.stringMatching(/notes/) });
    expect(await api['sync.items']()).toEqual([expect.objectContaining({ state: 'rejected', title: expect.stringContaining('Liam Brown') })]);
    expect(await api['subjects.resolve'](id, { notes: 'mine' })).toEqual({ state: 'updated' });
    // The change the conflict refused is settled by the choice; the panel no longer lists it as refused.
    expect((await api['sync.items']()).map((i) => i.state)).toEqual(['pending']);
    expect(await api['sync.now']()).toMatchObject({ pending: 0, failed: 0 });
    expect(await api['sync.items']()).toEqual([]);
    expect((await serviceSubject(remoteId)).subject).toMatchObject({ notes: 'mine', phone: '+1 555 0100', work_phone: '+1 555 0200' });
    expect((await api['subjects.get'](id)).state).toBe('synced');
  }, 30_000);
});

describe('exporting a search', () => {
  /** What the preview host does with a download: takes it once, by its id. */
  const taken = (result: { path: string | null; download: { id: string; name: string } | null }) => {
    expect(result.path).toBeNull();
    const offered = app.downloads.take(result.download!.id)!;
    expect(offered.name).toBe(result.download!.name);
    expect(app.downloads.take(result.download!.id)).toBeNull();
    return offered;
  };

  it('hands every subject the search finds to the browser, formula-looking cells neutralised, when there is no save dialog', async () => {
    await api['subjects.save'](await localIdOf('Noah Klein'), { input: { notes: '=HYPERLINK("http://x","y")' } });
    const csv = await api['subjects.export']({ languages: ['de'] }, 'csv');
    expect(csv).toMatchObject({ download: { name: expect.stringMatching(/^subjects-.*\.csv$/) }, shown: false });
    expect(csv.rows).toBe((await serviceSearch({ languages: ['de'] })).total);
    const file = taken(csv);
    const text = readFileSync(file.path, 'utf8');
    expect(text).toContain('Noah');
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    app.downloads.sent(file);
    expect(existsSync(file.path)).toBe(false);
    // Two exports of the same name are two files: neither overwrites the other.
    const [one, two] = [await api['subjects.export']({}, 'xlsx'), await api['subjects.export']({}, 'xlsx')];
    expect(one.rows).toBe((await api['subjects.search']({})).total);
    expect(one.download!.name).toBe(two.download!.name);
    expect(taken(one).path).not.toBe(taken(two).path);
    expect(existsSync(join(dataDir, 'exports'))).toBe(false);
  });

  it('asks the service for its own export of the search and hands on the file it answers', async () => {
    // A page asked for does not cut the export short: the service exports every match.
    const exported = await api['subjects.exportOnService']({ languages: ['de'], page: 2, per: 1 });
    expect(exported).toMatchObject({ download: { name: expect.stringMatching(/subjects-.*-service\.xlsx$/) }, shown: false });
    const file = taken(exported);
    const book = XLSX.read(readFileSync(file.path));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Subjects, { header: 1 });
    expect(rows.length - 1).toBe((await serviceSearch({ languages: ['de'] })).total);
    // Nothing half-written is left beside the file.
    expect(readdirSync(dirname(file.path))).toEqual([basename(file.path)]);
  });

  it('says in words that the service cannot be reached, and writes nothing', async () => {
    const offlineDir = mkdtempSync(join(tmpdir(), 'muster-app-offline-'));
    const offline = createAppService({ dataDir: offlineDir });
    try {
      await offline.api['accounts.add']({ label: 'Away', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
      await expect(offline.api['subjects.exportOnService']({})).rejects.toThrow(/cannot be reached.*export from this computer instead/);
      expect(readdirSync(join(offlineDir, 'downloads'))).toEqual([]);
    } finally {
      await offline.close();
      rmSync(offlineDir, { recursive: true, force: true });
    }
  });
});
