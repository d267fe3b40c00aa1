import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type ApiClient, type TestService } from '../../support/service';

let now = new Date('2025-06-15T12:00:00Z');
const SUBJECTS = '/api/v1/subjects';

let service: TestService;
let api: ApiClient;
const byCode = new Map<string, any>();

beforeAll(async () => {
  service = await startTestService({ now: () => now });
  api = service.client();
  const all = await api.post(`${SUBJECTS}/search`, { per: 1000, include_archived: true });
  for (const s of all.body.response) byCode.set(s.code, s);
});
afterAll(() => service.close());

const create = async (body: object) => {
  const answer = await api.post(SUBJECTS, { first_name: 'Test', last_name: 'Person', ...body });
  expect(answer.status).toBe(201);
  return answer.body.response;
};

describe('update', () => {
  it('PATCH changes only the fields sent, counts lock_version up and sets updated_at', async () => {
    const subject = await create({ email: 'keep@example.com', notes: 'keep' });
    now = new Date('2025-06-15T13:00:00Z');
    const { status, body } = await api.patch(`${SUBJECTS}/${subject.id}`, { first_name: 'Changed', lock_version: 0 });
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ first_name: 'Changed', email: 'keep@example.com', notes: 'keep', lock_version: 1, updated_at: '2025-06-15T13:00:00.000Z', created_at: subject.created_at });
    expect((await api.get(`${SUBJECTS}/${subject.id}`)).body.response.first_name).toBe('Changed');
  });

  it('PUT is read the same way (partial), and clears a field sent as null', async () => {
    const subject = await create({ phone: '555-0000', notes: 'x' });
    const { status, body } = await api.put(`${SUBJECTS}/${subject.id}`, { phone: null });
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ phone: null, notes: 'x', can_call: false, lock_version: 1 });
  });

  it('answers 409 for a stale lock_version and changes nothing', async () => {
    const subject = await create({});
    expect((await api.patch(`${SUBJECTS}/${subject.id}`, { notes: 'first', lock_version: 0 })).status).toBe(200);
    const stale = await api.patch(`${SUBJECTS}/${subject.id}`, { notes: 'second', lock_version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const current = (await api.get(`${SUBJECTS}/${subject.id}`)).body.response;
    expect([current.notes, current.lock_version]).toEqual(['first', 1]);
    expect((await api.put(`${SUBJECTS}/${subject.id}`, { notes: 'second', lock_version: 1 })).body.response.lock_version).toBe(2);
  });

  it('refuses blank names and bad values with 422 naming each', async () => {
    const subject = await create({});
    const answer = await api.patch(`${SUBJECTS}/${subject.id}`, { last_name: ' ', email: 'a@b', opted_out_at: 'yesterday' });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: any) => d.field).sort()).toEqual(['email', 'last_name', 'opted_out_at']);
  });

  it('household fields edit the household everyone in it shares', async () => {
    const elena = byCode.get('N05');
    const { body } = await api.patch(`${SUBJECTS}/${elena.id}`, { household: { address: 'Calle Nueva 9' } });
    expect(body.response.household).toMatchObject({ id: elena.household_id, address: 'Calle Nueva 9', city: 'Madrid' });
    const felipe = (await api.get(`${SUBJECTS}/${byCode.get('N06').id}`)).body.response;
    expect(felipe.household.address).toBe('Calle Nueva 9');
  });

  it('household.id moves the subject; a household left empty is gone', async () => {
    const mover = await create({});
    const left = mover.household_id;
    const hugo = byCode.get('N08'); // lives alone in the blank household
    const moved = await api.patch(`${SUBJECTS}/${mover.id}`, { household: { id: hugo.household_id } });
    expect(moved.status).toBe(200);
    expect(moved.body.response.household_id).toBe(hugo.household_id);
    const back = await api.patch(`${SUBJECTS}/${mover.id}`, { household: { id: left } });
    expect(back.status).toBe(422);
    expect(back.body.error.details.map((d: any) => d.field)).toEqual(['household.id']);
  });

  it('a child may move into a household that has someone else in it', async () => {
    const cara = byCode.get('N03');
    const moved = await api.patch(`${SUBJECTS}/${cara.id}`, { household: { id: byCode.get('N09').household_id } });
    expect(moved.status).toBe(200);
    expect(moved.body.response).toMatchObject({ is_minor: true, household_id: byCode.get('N09').household_id });
  });

  it('refuses a birth date that makes someone living alone a child', async () => {
    const alone = await create({});
    const answer = await api.patch(`${SUBJECTS}/${alone.id}`, { date_of_birth: '20150101' });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: any) => d.field)).toEqual(['date_of_birth']);
    const withFamily = byCode.get('N02');
    expect((await api.patch(`${SUBJECTS}/${withFamily.id}`, { date_of_birth: '20150101' })).status).toBe(200);
  });

  it("refuses another company's household on update", async () => {
    const other = await service.client(service.otherToken).post(`${SUBJECTS}/search`, { per: 1 });
    const subject = await create({});
    const answer = await api.patch(`${SUBJECTS}/${subject.id}`, { household: { id: other.body.response[0].household_id } });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: any) => d.field)).toEqual(['household.id']);
  });
});

describe('destroy', () => {
  it('answers the destroyed subject as it was, then 404', async () => {
    const subject = await create({ email: 'gone@example.com' });
    const { status, body } = await api.delete(`${SUBJECTS}/${subject.id}`);
    expect(status).toBe(200);
    expect(body.response).toEqual(subject);
    expect((await api.get(`${SUBJECTS}/${subject.id}`)).status).toBe(404);
    expect((await api.delete(`${SUBJECTS}/${subject.id}`)).status).toBe(404);
    // its household went with it: nobody can join it any more
    const join = await api.post(SUBJECTS, { first_name: 'A', last_name: 'B', household: { id: subject.household_id } });
    expect(join.status).toBe(422);
  });

  it('keeps a shared household when one member goes', async () => {
    const anna = byCode.get('N01');
    const extra = await create({ household: { id: anna.household_id } });
    expect((await api.delete(`${SUBJECTS}/${extra.id}`)).status).toBe(200);
    expect((await api.get(`${SUBJECTS}/${anna.id}`)).body.response.household_id).toBe(anna.household_id);
  });
});

describe("another company's subjects", () => {
  it('answer 404 on show, update and destroy, and stay unchanged', async () => {
    const other = service.client(service.otherToken);
    const target = byCode.get('N12');
    const answers = await Promise.all([
      other.get(`${SUBJECTS}/${target.id}`),
      other.patch(`${SUBJECTS}/${target.id}`, { first_name: 'Hacked' }),
      other.put(`${SUBJECTS}/${target.id}`, { first_name: 'Hacked' }),
      other.delete(`${SUBJECTS}/${target.id}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    const mine = (await api.get(`${SUBJECTS}/${target.id}`)).body.response;
    expect([mine.first_name, mine.lock_version]).toEqual(['Liam', 0]);
  });
});
