import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { LOCALES } from '../../../src/core/contract/imports';
import { startTestService, waitForAction, type TestService } from '../../support/service';
import { freshEvent, gender } from '../../support/events';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const IMPORTS = '/api/v1/participant_imports';

describe('import create', () => {
  it('records an import without acting on it and names the OAuth application as creator', async () => {
    const event = freshEvent(service);
    const { status, body } = await service.client().post(IMPORTS, {
      external_event_id: event.external_event_id,
      participants: [{ name: 'Ada', email: 'ada@example.com' }],
    });
    expect(status).toBe(201);
    expect(body.response).toMatchObject({
      event_id: event.id,
      company_id: 1,
      created_by_type: 'OauthApplication',
      document_file_name: null,
      document_content_type: null,
      document_updated_at: null,
      act_if_valid: false,
      participant_count: 1,
      participant_import_action_id: null,
    });
    expect(body.response.created_by_id).toBeGreaterThan(0);
    const actions = await service.client().get(`/api/v1/participant_import_actions?participant_import_id=${body.response.id}`);
    expect(actions.body.response).toEqual({ participant_import_actions: [], count: 0 });
  });

  it('answers 404 for an external_event_id no event carries', async () => {
    const { status, body } = await service.client().post(IMPORTS, { external_event_id: 123456789, participants: [] });
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('import index, show and destroy', () => {
  it('lists the imports of one event with a count', async () => {
    const event = freshEvent(service);
    const other = freshEvent(service);
    const api = service.client();
    for (const e of [event, event, other]) await api.post(IMPORTS, { external_event_id: e.external_event_id, participants: [] });
    const { status, body } = await api.get(`${IMPORTS}/?event_id=${event.id}`);
    expect(status).toBe(200);
    expect(body.response.count).toBe(2);
    expect(body.response.participant_imports.map((i: { event_id: number }) => i.event_id)).toEqual([event.id, event.id]);
  });

  it('lists them by the external id people type too (an extension), and says which event is missing', async () => {
    const event = freshEvent(service);
    const api = service.client();
    await api.post(IMPORTS, { external_event_id: event.external_event_id, participants: [] });
    const byExternal = await api.get(`${IMPORTS}?external_event_id=${event.external_event_id}`);
    expect(byExternal.status).toBe(200);
    expect(byExternal.body.response).toEqual((await api.get(`${IMPORTS}?event_id=${event.id}`)).body.response);
    const unknown = await api.get(`${IMPORTS}?external_event_id=987654321`);
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'An event with external_event_id 987654321 was not found.']);
    const neither = await api.get(IMPORTS);
    expect([neither.status, neither.body.error.code]).toEqual([400, 'bad_request']);
    expect(neither.body.error.message).toBe('Say which event: event_id (or external_event_id) is required.');
    expect((await api.get(`${IMPORTS}?external_event_id=abc`)).status).toBe(400);
  });

  it('shows one import and destroys it, answering the literal true', async () => {
    const api = service.client();
    const event = freshEvent(service);
    const created = (await api.post(IMPORTS, { external_event_id: event.external_event_id, participants: [] })).body.response;
    expect((await api.get(`${IMPORTS}/${created.id}`)).body.response).toEqual(created);
    const destroyed = await api.delete(`${IMPORTS}/${created.id}`);
    expect(destroyed.status).toBe(200);
    expect(destroyed.body).toEqual({ response: true });
    expect((await api.get(`${IMPORTS}/${created.id}`)).status).toBe(404);
    expect((await api.delete(`${IMPORTS}/${created.id}`)).status).toBe(404);
  });
});

describe('import parser', () => {
  it('interprets each participant with the shared rules', async () => {
    const api = service.client();
    const event = freshEvent(service);
    const created = await api.post(IMPORTS, {
      external_event_id: event.external_event_id,
      participants: [
        { external_id: 4567, name: ' Ada Lovelace ', email: 'Ada@Example.com', locale: 'de-de', note: 'n', demographics: [gender('female')] },
        { external_id: 'B2', name: 'Bob', email: 'not-an-email', locale: 'xx_XX' },
        { external_id: '4567', name: 'Ada again', email: 'other@example.com' },
      ],
    });
    const { status, body } = await api.get(`${IMPORTS}/${created.body.response.id}/parser/`);
    expect(status).toBe(200);
    const [first, second, third] = body.response.participants;
    expect(first).toMatchObject({
      external_id: '4567',
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      locale: 'de_DE',
      note: 'n',
      row_number: 1,
      invalid_fields: [],
      participant_id: null,
      match_field: null,
      duplicate_of_row: null,
    });
    expect(first.demographics).toEqual([
      { exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: expect.any(Number), demographic_id: expect.any(Number) },
    ]);
    expect(first.demographic_ids).toEqual([first.demographics[0].demographic_id]);
    expect(second.invalid_fields).toEqual(['email', 'locale']);
    expect(second.row_number).toBe(2);
    expect(third.duplicate_of_row).toBe(1);
  });

  it('reports the participant an import would match, by external id first, then e-mail', async () => {
    const api = service.client();
    const event = freshEvent(service);
    const first = await api.post(IMPORTS, {
      external_event_id: event.external_event_id,
      act_if_valid: true,
      participants: [{ external_id: 'X1', name: 'Xena', email: 'xena@example.com' }],
    });
    const done = await waitForAction(api, first.body.response.participant_import_action_id);
    expect(done.status).toBe('completed');
    const second = await api.post(IMPORTS, {
      external_event_id: event.external_event_id,
      participants: [
        { external_id: 'X1', name: 'Xena', email: 'changed@example.com' },
        { name: 'Xena', email: 'XENA@example.com' },
        { name: 'New', email: 'new@example.com' },
      ],
    });
    const parsed = (await api.get(`${IMPORTS}/${second.body.response.id}/parser`)).body.response.participants;
    expect(parsed.map((p: { match_field: string | null }) => p.match_field)).toEqual(['external_id', 'email', null]);
    expect(parsed[0].participant_id).toBe(parsed[1].participant_id);
    expect(parsed[0].participant_id).toEqual(expect.any(Number));
  });
});

describe('import lookup and export', () => {
  it('describes the import columns, flags and locales', async () => {
    const { status, body } = await service.client().get(`${IMPORTS}/lookup`);
    expect(status).toBe(200);
    expect(body.response.columns.map((c: { name: string }) => c.name)).toEqual(['external_id', 'name', 'email', 'locale', 'note', 'demographics']);
    expect(body.response.flags).toHaveLength(6);
    expect(body.response.locales).toEqual([...LOCALES]);
  });

  it('exports the import as an xlsx Document with formula-looking text as text cells, values unchanged', async () => {
    const api = service.client();
    const event = freshEvent(service);
    const created = (
      await api.post(IMPORTS, {
        external_event_id: event.external_event_id,
        participants: [{ external_id: '007', name: '=HYPERLINK("http://x","y")', email: 'ok@example.com' }],
      })
    ).body.response;
    const exported = await api.get(`${IMPORTS}/${created.id}/export`);
    expect(exported.status).toBe(200);
    const doc = exported.body.response;
    expect(doc).toMatchObject({ file_name: `participant-import-${created.id}.xlsx`, content_type: expect.stringContaining('spreadsheetml') });
    const shown = (await api.get(`${IMPORTS}/${created.id}`)).body.response;
    expect(shown.document_file_name).toBe(doc.file_name);
    expect(shown.document_updated_at).toBe(doc.created_at);
    const file = await api.get(doc.download_path);
    expect(file.status).toBe(200);
    expect(file.body.length).toBe(doc.byte_size);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(file.body).Sheets.Participants, { header: 1, raw: false });
    expect(rows[1][1]).toBe('007');
    expect(rows[1][2]).toBe('=HYPERLINK("http://x","y")');
    const cell = XLSX.read(file.body, { cellFormula: true }).Sheets.Participants.C2 as XLSX.CellObject;
    expect([cell.t, cell.f]).toEqual(['s', undefined]);
    // an import never changes: exporting again answers the same document
    expect((await api.post(`${IMPORTS}/${created.id}/export`)).body.response).toEqual(doc);
  });
});
