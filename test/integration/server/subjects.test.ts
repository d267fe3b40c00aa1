import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type ApiClient, type TestService } from '../../support/service';

const NOW = new Date('2025-06-15T12:00:00Z');
const SUBJECTS = '/api/v1/subjects';

let service: TestService;
let api: ApiClient;
/** Household ids from the seed: the Smiths (two adults, two children) and the other company's first. */
let smithHousehold: number;
let otherHousehold: number;
let otherDemographic: number;

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  api = service.client();
  const found = await api.post(`${SUBJECTS}/search`, { search_term: 'anna smith' });
  smithHousehold = found.body.response[0].household_id;
  const other = await service.client(service.otherToken).post(`${SUBJECTS}/search`, { per: 1 });
  otherHousehold = other.body.response[0].household_id;
  const db = service.context.db;
  otherDemographic = (db.prepare('SELECT d.id FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.company_id = 2').get() as { id: number }).id;
});
afterAll(() => service.close());

const fieldsOf = (answer: any): string[] => answer.body.error.details.map((d: any) => d.field).sort();

describe('create', () => {
  it('makes a blank household when none is given, and answers the whole record', async () => {
    const { status, body } = await api.post(SUBJECTS, { first_name: 'Iris', last_name: 'Vale' });
    expect(status).toBe(201);
    expect(body.response).toMatchObject({
      id: expect.any(Number),
      company_id: 1,
      first_name: 'Iris',
      last_name: 'Vale',
      email: null,
      date_of_birth: null,
      cid: null,
      head_of_household: false,
      has_account: false,
      demographic_ids: [],
      location_ids: [],
      age: null,
      is_minor: false,
      consented: false,
      can_email: false,
      can_call: false,
      lock_version: 0,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(body.response.household).toEqual({ id: body.response.household_id, address: null, city: null, country: null, state: null, zip: null });
    expect((await api.get(`${SUBJECTS}/${body.response.id}`)).body).toEqual(body);
  });

  it('stores every field in its answered form: trimmed, blanks as null, dates as YYYY-MM-DD, timestamps in UTC', async () => {
    const db = service.context.db;
    const demographicId = (db.prepare("SELECT id FROM demographics WHERE name = 'Female' ORDER BY id LIMIT 1").get() as { id: number }).id;
    const locationId = (db.prepare('SELECT id FROM locations WHERE company_id = 1 ORDER BY id LIMIT 1').get() as { id: number }).id;
    const { status, body } = await api.post(SUBJECTS, {
      first_name: '  Olive ',
      last_name: 'Stone',
      middle_initial: 'R',
      email: ' olive.stone@example.com ',
      date_of_birth: '19850412',
      phone: '',
      mobile_phone: '+1 555 0199',
      notes: '   ',
      code: 'X-1',
      cid: 4567,
      preferred_language: 'en',
      head_of_household: true,
      has_account: true,
      contact_exclusion_until_date: '2025-06-15',
      onboarding_completed_at: '2025-01-02T10:30:00+02:00',
      consented_at: '2025-01-02T08:30:00Z',
      demographic_ids: [demographicId, demographicId],
      location_ids: [locationId],
      household: { address: ' 1 Oak Road ', city: 'Leeds', country: 'GB', state: '', zip: 'LS1 1AA' },
    });
    expect(status).toBe(201);
    expect(body.response).toMatchObject({
      first_name: 'Olive',
      email: 'olive.stone@example.com',
      date_of_birth: '1985-04-12',
      age: 40,
      phone: null,
      notes: null,
      cid: '4567',
      onboarding_completed_at: '2025-01-02T08:30:00.000Z',
      consented: true,
      demographic_ids: [demographicId],
      location_ids: [locationId],
      // excluded through today, inclusive
      can_email: false,
      can_call: false,
    });
    expect(body.response.household).toMatchObject({ address: '1 Oak Road', city: 'Leeds', state: null, zip: 'LS1 1AA' });
  });

  it('joins an existing household of the company with household.id', async () => {
    const { status, body } = await api.post(SUBJECTS, { first_name: 'Gran', last_name: 'Smith', date_of_birth: '1950-01-01', household: { id: smithHousehold } });
    expect(status).toBe(201);
    expect(body.response.household_id).toBe(smithHousehold);
    expect(body.response.household.address).toBe('12 Elm Street');
  });

  it('rule 3: a child without a household that already has a subject is refused', async () => {
    for (const household of [undefined, { city: 'Leeds' }]) {
      const answer = await api.post(SUBJECTS, { first_name: 'Tim', last_name: 'Tiny', date_of_birth: '2019-05-05', household });
      expect(answer.status).toBe(422);
      expect(fieldsOf(answer)).toEqual(['household']);
    }
  });

  it('rule 3: a child joining a household with an adult in it is created', async () => {
    const { status, body } = await api.post(SUBJECTS, { first_name: 'Tim', last_name: 'Smith', date_of_birth: '2019-05-05', household: { id: smithHousehold } });
    expect(status).toBe(201);
    expect(body.response).toMatchObject({ is_minor: true, age: 6, household_id: smithHousehold });
  });

  it("refuses another company's household, demographics and unknown locations, naming each field", async () => {
    const answer = await api.post(SUBJECTS, {
      first_name: 'Pia',
      last_name: 'Lee',
      household: { id: otherHousehold },
      demographic_ids: [otherDemographic],
      location_ids: [99_999],
    });
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toEqual(['demographic_ids', 'household.id', 'location_ids']);
  });

  it('names every invalid value at once', async () => {
    const answer = await api.post(SUBJECTS, {
      first_name: '  ',
      email: 'not-an-email',
      date_of_birth: '2025-13-01',
      contact_exclusion_until_date: 'tomorrow',
      archived_at: '2024-01-01 10:00',
      middle_initial: 'x'.repeat(11),
      household: { zip: '9'.repeat(21) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(fieldsOf(answer)).toEqual(['archived_at', 'contact_exclusion_until_date', 'date_of_birth', 'email', 'first_name', 'household.zip', 'last_name', 'middle_initial']);
  });

  it('refuses a birth date in the future', async () => {
    const answer = await api.post(SUBJECTS, { first_name: 'A', last_name: 'B', date_of_birth: '2025-06-16' });
    expect(fieldsOf(answer)).toEqual(['date_of_birth']);
  });

  it('refuses wrong types and unknown fields through the schema', async () => {
    const answer = await api.post(SUBJECTS, {
      first_name: 'A',
      last_name: 'B',
      nickname: 'Al',
      head_of_household: 'yes',
      cid: 1.5,
      demographic_ids: ['a'],
      household: { street: 'x' },
    });
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toEqual(expect.arrayContaining(['nickname', 'head_of_household', 'cid', 'demographic_ids.0', 'household.street']));
  });
});

describe('show', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await api.get(`${SUBJECTS}/999999`)).status).toBe(404);
    expect((await api.get(`${SUBJECTS}/abc`)).status).toBe(400);
  });
});
