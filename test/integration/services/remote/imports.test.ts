import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import type { TestService } from '../../../support/service';
import { freshEvent, gender } from '../../../support/events';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { createImport, destroyImport, exportImport, importLookup, importParser, listImports, showImport } from '../../../../src/services/remote/imports';
import { createImportAction, listImportActions, showImportAction } from '../../../../src/services/remote/import-actions';
import type { ParticipantImportAction } from '../../../../src/core/contract/imports';
import { OPERATIONS } from '../../../../src/core/contract/operations';

let service: TestService;
let client: RemoteClient;
beforeAll(async () => void ({ service, remote: client } = await connectedService()));
afterAll(() => disconnect(service, client));

const participants = [
  { external_id: 'A-1', name: 'Ada Lovelace', email: 'ada@example.com', demographics: [gender('Female')] },
  { external_id: 'A-2', name: 'Alan Turing', email: 'not-an-address' },
];

async function untilEnded(id: number): Promise<ParticipantImportAction> {
  for (let i = 0; i < 500; i++) {
    const action = await showImportAction(client, id);
    if (action.status === 'completed' || action.status === 'failed') return action;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`action ${id} did not end`);
}

describe('imports', () => {
  it('creates, shows, lists and parses an import', async () => {
    const event = freshEvent(service);
    const created = await createImport(client, { external_event_id: event.external_event_id, participants });
    expect(created).toMatchObject({ event_id: event.id, company_id: 1, act_if_valid: false, participant_count: 2, participant_import_action_id: null });

    expect(await showImport(client, created.id)).toEqual(created);

    const second = await createImport(client, { external_event_id: event.external_event_id, participants: [] });
    const index = await listImports(client, event.id);
    expect(index.count).toBe(2);
    expect(index.participant_imports.map((i) => i.id)).toEqual([created.id, second.id]);
    // Paging parameters pass through; the reference service answers the whole list regardless.
    expect((await listImports(client, event.id, { page: 1, per: 1 })).count).toBe(2);

    const parsed = await importParser(client, created.id);
    expect(parsed.participants.map((p) => [p.row_number, p.external_id, p.invalid_fields])).toEqual([
      [1, 'A-1', []],
      [2, 'A-2', ['email']],
    ]);
    expect(parsed.participants[0].demographics[0]).toMatchObject({ demographic_category_name: 'Gender', demographic_name: 'Female' });
  });

  it('exports an import as a document by GET and by POST', async () => {
    const event = freshEvent(service);
    const created = await createImport(client, { external_event_id: event.external_event_id, participants });
    const document = await exportImport(client, created.id);
    expect(document).toMatchObject({ file_name: `participant-import-${created.id}.xlsx`, byte_size: expect.any(Number) });
    expect(await exportImport(client, created.id, { method: 'POST' })).toEqual(document);
    expect((await showImport(client, created.id)).document_file_name).toBe(document.file_name);
  });

  it('destroys an import, answering true, after which it is not found', async () => {
    const event = freshEvent(service);
    const created = await createImport(client, { external_event_id: event.external_event_id, participants: [] });
    expect(await destroyImport(client, created.id)).toBe(true);
    await expect(showImport(client, created.id)).rejects.toMatchObject({ kind: 'not_found', failure: { status: 404 } });
  });

  it('reads the static lookup', async () => {
    const lookup = await importLookup(client);
    expect(lookup.columns.map((c) => c.name)).toEqual(['external_id', 'name', 'email', 'locale', 'note', 'demographics']);
    expect(lookup.flags).toHaveLength(6);
    expect(lookup.locales).toContain('de_DE');
  });

  it('sends the Idempotency-Key on POST: the same key answers the same record, replayed', async () => {
    const event = freshEvent(service);
    const body = { external_event_id: event.external_event_id, participants };
    const first = await client.call(OPERATIONS.importCreate, { body, idempotencyKey: 'remote-key-1' });
    const again = await client.call(OPERATIONS.importCreate, { body, idempotencyKey: 'remote-key-1' });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.data.id).toBe(first.data.id);
    expect((await createImport(client, body, { idempotencyKey: 'remote-key-1' })).id).toBe(first.data.id);
    expect((await listImports(client, event.id)).count).toBe(1);
    // Without a key every POST creates.
    await createImport(client, body);
    expect((await listImports(client, event.id)).count).toBe(2);
  });
});

describe('import actions', () => {
  it('creates an action, lists it, and polls it to its end', async () => {
    const event = freshEvent(service);
    const created = await createImport(client, { external_event_id: event.external_event_id, participants });
    const action = await createImportAction(client, { participant_import_id: created.id, skip_invalid: true }, { idempotencyKey: `action-${created.id}` });
    expect(action).toMatchObject({ participant_import_id: created.id, skip_invalid: true, save_missing_categories: true });
    expect(['queued', 'running', 'completed']).toContain(action.status);

    const ended = await untilEnded(action.id);
    expect(ended.status).toBe('completed');
    expect(ended.result).toMatchObject({ total: 2, valid: 1, invalid: 1, created: 1, skipped_invalid: 1 });

    const index = await listImportActions(client, created.id);
    expect(index).toEqual({ participant_import_actions: [ended], count: 1 });
    expect((await showImport(client, created.id)).participant_import_action_id).toBe(action.id);
  });

  it('follows the action of an act_if_valid import, and runs a second once the first has ended', async () => {
    const event = freshEvent(service);
    const created = await createImport(client, { external_event_id: event.external_event_id, act_if_valid: true, skip_invalid: true, participants });
    expect(created.participant_import_action_id).not.toBeNull();
    const first = await untilEnded(created.participant_import_action_id as number);
    expect(first.result?.created).toBe(1);
    const second = await createImportAction(client, { participant_import_id: created.id, skip_invalid: true });
    expect((await untilEnded(second.id)).result).toMatchObject({ created: 0, updated: 1 });
  });
});
