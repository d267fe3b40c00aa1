import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../../support/remote';
import { startTestService, type TestService } from '../../../support/service';
import { createRemoteClient, type RemoteClient, type RemoteClientOptions } from '../../../../src/services/remote/client';
import { createImport, listImports, showImport } from '../../../../src/services/remote/imports';
import { searchSubjects } from '../../../../src/services/remote/subjects';
import { ApiError } from '../../../../src/core/contract/api-error';

let service: TestService;
const clients: RemoteClient[] = [];
const servers: Server[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await service.close();
});

function clientOf(options: Partial<RemoteClientOptions> & { serverUrl: string }): RemoteClient {
  const client = createRemoteClient({ token: () => service.token, ...options });
  clients.push(client);
  return client;
}

async function listening(server: Server): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Not the service: a peer that accepts connections and never answers. */
const silentPeer = () => listening(createNetServer(() => {}));
/** Not the service: a peer that drops the connection once the request arrives. */
const droppingPeer = () => listening(createNetServer((socket) => socket.once('data', () => socket.destroy())));
/** Not the service: something (a proxy, a portal) answering in a way the service never does. */
const answeringPeer = (listener: RequestListener) => listening(createHttpServer(listener));


const body = { external_event_id: 4711, participants: [{ name: 'Ada', email: 'ada@example.com' }] };

describe('answers of the service', () => {
  it('classifies a bad token as unauthorized and uses a renewed token on the next call', async () => {
    let token = 'not-a-token';
    let asked = 0;
    const client = clientOf({ serverUrl: service.url, token: () => (asked++, token) });
    const error = await failureOf(createImport(client, body));
    expect(error.failure).toMatchObject({ kind: 'unauthorized', status: 401, error: { code: 'unauthorized' }, mayHaveApplied: false });
    expect(error.message).toContain('give a new token');
    token = service.token;
    expect((await createImport(client, body)).participant_count).toBe(1);
    expect(asked).toBe(2);
  });

  it('never puts the token into the error', async () => {
    const secret = 'tok_secret_never_shown';
    const error = await failureOf(showImport(clientOf({ serverUrl: service.url, token: () => secret }), 1));
    expect(inspect(error, { depth: 20, showHidden: true })).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });

  it('stops before sending when there is no token', async () => {
    const url = await silentPeer();
    let connections = 0;
    servers[servers.length - 1].on('connection', () => connections++);
    const error = await failureOf(createImport(clientOf({ serverUrl: url, token: () => null }), body));
    expect(error.failure).toMatchObject({ kind: 'unauthorized', source: 'no_token', status: null });
    const bad = await failureOf(createImport(clientOf({ serverUrl: url, token: () => 'two\r\nlines' }), body));
    expect(bad.failure.kind).toBe('unauthorized');
    expect(connections).toBe(0);
  });

  it("answers not_found for another company's import and event", async () => {
    const theirs = await createImport(clientOf({ serverUrl: service.url, token: () => service.otherToken }), { ...body, external_event_id: 9001 });
    const client = clientOf({ serverUrl: service.url });
    expect((await failureOf(showImport(client, theirs.id))).failure).toMatchObject({ kind: 'not_found', status: 404, error: { code: 'not_found' } });
    expect((await failureOf(listImports(client, theirs.event_id))).kind).toBe('not_found');
  });

  it('rejects a malformed body with the service’s details', async () => {
    const client = clientOf({ serverUrl: service.url });
    const error = await failureOf(createImport(client, { external_event_id: 4711, participants: [{ name: 'A', bogus: 1 } as never] }));
    expect(error.failure).toMatchObject({ kind: 'rejected', status: 422, mayHaveApplied: false, error: { code: 'validation_failed' } });
    expect(error.failure.error?.details).toContainEqual({ field: 'participants.0.bogus', message: expect.any(String) });
    // The same failure as the contract's one error class, code and details kept.
    expect(error.api).toBeInstanceOf(ApiError);
    expect(error.api).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(error.api?.details).toContainEqual({ field: 'participants.0.bogus', message: expect.any(String) });
    expect(error.message).toMatch(/^The service rejected the request \(422\)\. The service said: “.+” The fields it refused: participants\.0\.bogus \(.+\)\.$/);
  });

  it('refuses a bad id or Idempotency-Key before sending', async () => {
    const client = clientOf({ serverUrl: service.url });
    for (const id of [0, -1, 1.5, Number.NaN]) {
      expect((await failureOf(showImport(client, id))).failure).toMatchObject({ kind: 'rejected', source: 'invalid_input', status: null });
    }
    const error = await failureOf(createImport(client, body, { idempotencyKey: 'k'.repeat(201) }));
    expect(error.failure.source).toBe('invalid_input');
  });

  it('classifies 429 as retry with the service’s Retry-After', async () => {
    const limited = await startTestService({ rateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const client = clientOf({ serverUrl: limited.url, token: () => limited.token });
      await searchSubjects(client, { per: 1 });
      await searchSubjects(client, { per: 1 });
      const error = await failureOf(createImport(client, body));
      expect(error.failure).toMatchObject({ kind: 'retry', status: 429, mayHaveApplied: false, error: { code: 'rate_limited' } });
      expect(error.failure.retryAfterMs).toBeGreaterThanOrEqual(1_000);
      expect(error.failure.retryAfterMs).toBeLessThanOrEqual(60_000);
    } finally {
      await limited.close();
    }
  });
});

describe('no answer', () => {
  it('classifies a refused connection as retry, even for a POST', async () => {
    const url = await listening(createNetServer());
    await new Promise((r) => servers.pop()?.close(r));
    const error = await failureOf(createImport(clientOf({ serverUrl: url }), body));
    expect(error.failure).toMatchObject({ kind: 'retry', source: 'network', status: null, mayHaveApplied: false });
    expect(error.message).toContain('connection refused');
  });

  it('classifies a POST that timed out as ambiguous, a GET as retry', async () => {
    const client = clientOf({ serverUrl: await silentPeer(), timeouts: { responseMs: 150 } });
    const post = await failureOf(createImport(client, body));
    expect(post.failure).toMatchObject({ kind: 'ambiguous', source: 'timeout', mayHaveApplied: true });
    expect(post.message).toBe('The service did not answer in time. The change may or may not have been made, so the next attempt checks first.');
    expect((await failureOf(showImport(client, 1))).failure).toMatchObject({ kind: 'retry', source: 'timeout' });
    expect((await failureOf(searchSubjects(client, {}))).failure).toMatchObject({ kind: 'retry', mayHaveApplied: false });
  });

  it('classifies a connection dropped after sending a POST as ambiguous', async () => {
    const client = clientOf({ serverUrl: await droppingPeer() });
    const error = await failureOf(createImport(client, body));
    expect(error.failure).toMatchObject({ kind: 'ambiguous', source: 'network', mayHaveApplied: true });
    expect(error.message).not.toMatch(/socket hang up|ECONNRESET/);
  });

  it('stops a call when its signal aborts', async () => {
    const client = clientOf({ serverUrl: await silentPeer() });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failureOf(createImport(client, body, { signal: controller.signal }));
    expect(error.failure).toMatchObject({ kind: 'ambiguous', source: 'aborted' });
    const before = await failureOf(createImport(client, body, { signal: AbortSignal.abort() }));
    expect(before.failure).toMatchObject({ kind: 'retry', source: 'aborted', mayHaveApplied: false });
  });
});

describe('answers the service never gives', () => {
  it('treats an unreadable 2xx body as a clear error: ambiguous after a POST, retry after a GET', async () => {
    const client = clientOf({
      serverUrl: await answeringPeer((request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end(request.method === 'POST' ? '<html>Welcome to the hotel Wi-Fi</html>' : '{"response": {"id": "7"}}');
      }),
    });
    const post = await failureOf(createImport(client, body));
    expect(post.failure).toMatchObject({ kind: 'ambiguous', source: 'bad_body', status: 200 });
    expect(post.message).toContain('expected a participant import');
    expect(post.message).not.toContain('Wi-Fi');
    const show = await failureOf(showImport(client, 7));
    expect(show.failure).toMatchObject({ kind: 'retry', source: 'bad_body' });
    // The contract's schema names the field that does not fit.
    expect(show.message).toBe('The service answered (200) with something this app cannot read: expected a participant import (response.event_id is missing).');
  });

  it('keeps a 503’s Retry-After and error body, sends each call once, and does not follow redirects', async () => {
    const seen: string[] = [];
    const client = clientOf({
      serverUrl: await answeringPeer((request, response) => {
        seen.push(`${request.method} ${request.url}`);
        if (request.url?.endsWith('/2')) {
          response.writeHead(301, { location: 'https://elsewhere.example/' }).end();
          return;
        }
        const retryAfter = request.method === 'POST' ? '7' : '0';
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': retryAfter });
        response.end(JSON.stringify({ error: { code: 'service_unavailable', message: 'Down for maintenance.', details: [] } }));
      }),
    });
    const post = await failureOf(createImport(client, body));
    expect(post.failure).toMatchObject({ kind: 'ambiguous', status: 503, retryAfterMs: 7_000, error: { message: 'Down for maintenance.' } });
    expect((await failureOf(showImport(client, 1))).failure).toMatchObject({ kind: 'retry', status: 503, retryAfterMs: 0 });
    expect((await failureOf(showImport(client, 2))).failure).toMatchObject({ kind: 'retry', status: 301 });
    // The outbox owns retries: got sent every call exactly once.
    expect(seen).toEqual(['POST /api/v1/participant_imports', 'GET /api/v1/participant_imports/1', 'GET /api/v1/participant_imports/2']);
  });
});

describe('server address', () => {
  it('allows https anywhere and plain http only on loopback', () => {
    expect(clientOf({ serverUrl: 'https://recruiting.example.com/base' }).baseUrl).toBe('https://recruiting.example.com/base/');
    expect(clientOf({ serverUrl: ' http://127.0.0.1:8080 ' }).baseUrl).toBe('http://127.0.0.1:8080/');
    expect(clientOf({ serverUrl: 'http://localhost:1' }).baseUrl).toBe('http://localhost:1/');
    expect(() => clientOf({ serverUrl: 'http://recruiting.example.com' })).toThrow('must start with https://');
    expect(() => clientOf({ serverUrl: 'ftp://127.0.0.1' })).toThrow('must start with https://');
    expect(() => clientOf({ serverUrl: 'recruiting' })).toThrow('is not a server address');
    expect(() => clientOf({ serverUrl: 'https://user:pw@recruiting.example.com' })).toThrow('Leave the user name and password out');
    expect(() => clientOf({ serverUrl: 'https://recruiting.example.com/?x=1' })).toThrow('must not contain');
  });
});
