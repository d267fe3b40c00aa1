/**
 * The client's answer check, against answers made from the reference service's own: the
 * whole answer is checked against the operation's response schema, so a wrong field the app
 * does not look at yet is refused in words, while a record without this service's extension
 * fields (another service's) is taken.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect, failureOf } from '../../../support/remote';
import type { TestService } from '../../../support/service';
import { freshEvent } from '../../../support/events';
import { createRemoteClient, type RemoteClient } from '../../../../src/services/remote/client';
import { createImport, importParser, showImport } from '../../../../src/services/remote/imports';
import { ANSWER_EXTENSIONS } from '../../../../src/core/contract/extensions';
import { ParticipantImportSchema } from '../../../../src/core/contract/imports';

let service: TestService;
let real: RemoteClient;
let peer: Server;
let client: RemoteClient;
/** What the peer answers inside the envelope, set by each test. */
let answer: unknown;

beforeAll(async () => {
  ({ service, remote: real } = await connectedService());
  peer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response: answer }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  client = createRemoteClient({ serverUrl: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`, token: () => 'any' });
});
afterAll(async () => {
  client.close();
  await new Promise((resolve) => peer.close(resolve));
  await disconnect(service, real);
});

async function realImport() {
  const event = freshEvent(service);
  return createImport(real, { external_event_id: event.external_event_id, participants: [{ name: 'Ada', email: 'ada@example.com' }, { name: 'Alan', email: 'alan@example.com' }] });
}

describe('the answer check', () => {
  it('takes the service’s own answer as it is', async () => {
    const record = await realImport();
    answer = record;
    expect(await showImport(client, record.id)).toEqual(record);
  });

  it('refuses a record with a wrong field besides the ones the app acts on, naming the field', async () => {
    answer = { ...(await realImport()), participant_count: 'many' };
    const error = await failureOf(showImport(client, 1));
    expect(error.failure).toMatchObject({ kind: 'retry', source: 'bad_body', status: 200 });
    expect(error.message).toContain('expected a participant import (response.participant_count should be integer)');
  });

  it('refuses a parse whose participant has a field of the wrong kind, naming the row', async () => {
    const record = await realImport();
    const parse = await importParser(real, record.id);
    answer = { participants: parse.participants.map((p, i) => (i === 1 ? { ...p, email: 42 } : p)) };
    const error = await failureOf(importParser(client, record.id));
    expect(error.message).toContain('expected the parsed participants of an import (response.participants.1.email should be string)');
  });

  it('takes a record without this service’s extension fields, and still checks those it has', async () => {
    const record: Record<string, unknown> = { ...(await realImport()) };
    const extensions = ANSWER_EXTENSIONS.get(ParticipantImportSchema) ?? [];
    expect(extensions.length).toBeGreaterThan(0);
    for (const name of extensions) delete record[name];
    answer = record;
    expect(await showImport(client, 1)).toEqual(record);
    answer = { ...record, [extensions[0]]: 'not a value of its kind' };
    expect((await failureOf(showImport(client, 1))).message).toContain(`response.${extensions[0]} should be`);
  });
});
