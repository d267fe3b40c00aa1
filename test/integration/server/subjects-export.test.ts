import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { startTestService, type ApiClient, type TestService } from '../../support/service';

const NOW = new Date('2025-06-15T12:00:00Z');
const SUBJECTS = '/api/v1/subjects';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

let service: TestService;
let api: ApiClient;
let formulaId: number;
const idOf = new Map<string, number>();

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  api = service.client();
  formulaId = (await api.post(SUBJECTS, { first_name: FORMULA, last_name: '+SUM(A1)', email: 'safe@example.com' })).body.response.id;
  const all = await api.post(`${SUBJECTS}/search`, { per: 1000, include_archived: true });
  for (const s of all.body.response) idOf.set(s.code, s.id);
});
afterAll(() => service.close());

/** Exports a selection and reads the file back as rows of text, header first. */
async function exportRows(body: object, client = api): Promise<string[][]> {
  const created = await client.post(`${SUBJECTS}/export`, body);
  expect(created.status).toBe(201);
  expect(created.body.response).toMatchObject({ id: expect.any(Number), file_name: expect.stringMatching(/^subjects-20250615-120000\.xlsx$/), byte_size: expect.any(Number) });
  const file = await client.get(created.body.response.download_path);
  expect(file.status).toBe(200);
  const book = XLSX.read(file.body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets.Subjects, { header: 1, raw: false, defval: '' });
}

describe('export', () => {
  it('writes formula-looking text as text cells, never formulas, with the value unchanged', async () => {
    const [header, ...rows] = await exportRows({ selected_subjects: [formulaId] });
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0][header.indexOf(name)];
    expect(cell('First name')).toBe(FORMULA);
    expect(cell('Last name')).toBe('+SUM(A1)');
    const created = await api.post(`${SUBJECTS}/export`, { selected_subjects: [formulaId] });
    const sheet = XLSX.read((await api.get(created.body.response.download_path)).body, { type: 'buffer', cellFormula: true }).Sheets.Subjects;
    const written = Object.entries(sheet).filter(([address]) => !address.startsWith('!')).map(([, c]) => c as XLSX.CellObject);
    expect(written.filter((c) => c.f !== undefined)).toEqual([]);
    expect(written.find((c) => c.v === FORMULA)?.t).toBe('s');
    expect(cell('E-mail')).toBe('safe@example.com');
    expect(cell('ID')).toBe(String(formulaId));
  });

  it('writes every matching subject, not one page', async () => {
    const [, ...rows] = await exportRows({ per: 5, page: 2 });
    expect(rows).toHaveLength(39); // 38 seeded and not archived, plus the one made above
  });

  it("adds each subject's campaign standing when the selection names a campaign, in the search's order", async () => {
    const [header, ...rows] = await exportRows({ recruiting_campaign_id: 1, slice: 'qualified' });
    expect(header.slice(-5)).toEqual(['Rank', 'Outcome', 'Schedule status', 'Interaction rating', 'Last contacted at']);
    expect(rows.map((r) => r[header.indexOf('Code')])).toEqual(['N13', 'N14', 'N15', 'N16', 'N17']);
    expect(rows.map((r) => r[header.indexOf('Outcome')])).toEqual(['qualified_accepted', 'qualified_accepted', 'qualified_accepted', 'alternate', 'schedule_conflict']);
    const anna = (await exportRows({ selected_subjects: [idOf.get('N01')] }))[1];
    expect(anna).toContain('Gender: Female; Age Group: 35-44');
    expect(anna).toContain('Downtown lab');
  });

  it('has the columns export_params describes', async () => {
    const params = (await api.get(`${SUBJECTS}/export_params`)).body.response;
    expect(params.format).toBe('xlsx');
    const [header] = await exportRows({ selected_subjects: [formulaId] });
    expect(header).toEqual(params.columns.map((c: any) => c.header));
  });

  it("answers 404 when another company exports with this company's campaign", async () => {
    const other = service.client(service.otherToken);
    expect((await other.post(`${SUBJECTS}/export`, { recruiting_campaign_id: 1 })).status).toBe(404);
    const [, ...rows] = await exportRows({}, other);
    expect(rows.every((r) => /^B\d\d$/.test(r[1]))).toBe(true);
  });

  it('refuses the same malformed filters as search', async () => {
    const answer = await api.post(`${SUBJECTS}/export`, { slice: 'rank' });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details[0].field).toBe('slice');
  });
});

describe('send_email_params', () => {
  it('counts who an e-mail to the selection reaches and who it cannot', async () => {
    const { status, body } = await api.post(`${SUBJECTS}/send_email_params`, { recruiting_campaign_id: 1, slice: 'contacted', per: 2 });
    expect(status).toBe(200);
    // contacted: 13–21, 24, 26; N16 is contact-excluded and N21 has no address
    const reached = ['N13', 'N14', 'N15', 'N17', 'N18', 'N19', 'N20', 'N24', 'N26'];
    expect(body.response).toEqual({ recipient_count: 9, excluded_count: 2, subject_ids: reached.map((c) => idOf.get(c)) });
  });

  it('answers 404 for a campaign of another company', async () => {
    expect((await service.client(service.otherToken).post(`${SUBJECTS}/send_email_params`, { recruiting_campaign_id: 1 })).status).toBe(404);
  });
});

describe('filter_params', () => {
  it('describes every filter the interface names, with its type', async () => {
    const { status, body } = await api.get(`${SUBJECTS}/filter_params`);
    expect(status).toBe(200);
    const names = body.response.filters.map((f: any) => f.name);
    const interfaceNames = `recruiting_campaign_id slice recruiting_blast_id only_quota_qualified selected_subjects search_term page per order_by
      order_dir include_archived interaction_rating_threshold call_eligible blast_eligible opt_outs participated participated_after
      participated_before date_part min_age max_age adult_with_minor_date_part adult_with_minor_min_age adult_with_minor_max_age
      created_after created_before has_account consented can_call can_email languages location_ids demographic_ids selected_outcomes
      adult_with_minor_demographic_ids`.split(/\s+/);
    expect([...names].sort()).toEqual([...interfaceNames].sort());
    const byName = Object.fromEntries(body.response.filters.map((f: any) => [f.name, f]));
    expect(byName.per).toMatchObject({ type: 'integer', maximum: 1000, default: 25 });
    expect(byName.slice.values).toEqual(['rank', 'scheduled', 'qualified', 'terminated', 'unconfirmed', 'contacted', 'ineligible']);
    expect(byName.location_ids.type).toBe('integer[]');
    expect(body.response.paging.headers).toEqual({ total: 'x-total-count', page: 'x-page', per: 'x-per-page' });
  });
});
