import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi, AppEvent } from '../../src/core/contract/app-api';
import { CLOSE_BAD_MESSAGE, CLOSE_FORBIDDEN } from '../../src/core/contract/app-socket';
import { openRawSocket, secretOf } from '../support/app-socket';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { startPreview } from '../../src/cli/commands/preview';
import { UsageError } from '../../src/cli/errors';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../src/services/app/csp';
import { createDownloads } from '../../src/services/app/downloads';

/** Raw HTTP, so paths like `/../x` reach the server exactly as written. */
function raw(url: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((done, fail) => {
    const req = request({ hostname, port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end(options.body);
  });
}


describe('the preview host', () => {
  let dir: string;
  let host: PreviewHost;
  let failNext = false;
  const listeners = new Set<(event: AppEvent) => void>();
  const emit = (event: AppEvent) => listeners.forEach((l) => l(event));
  // Only app.info is called here; the other methods are never reached.
  const api = {
    'app.info': async () => {
      if (failNext) throw new Error('disk on fire\n    at secret (/home/x/stack.js:1:1)');
      return { name: 'Muster', version: '9.9.9', platform: 'test', dataDir: '/data' };
    },
  } as unknown as AppApi;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'muster-host-'));
    mkdirSync(join(dir, 'renderer/assets'), { recursive: true });
    writeFileSync(join(dir, 'renderer/index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'renderer/assets/app.js'), 'export {}');
    writeFileSync(join(dir, 'renderer/assets/app.css'), 'body{}');
    writeFileSync(join(dir, 'renderer/favicon.ico'), Buffer.from([0, 0, 1, 0]));
    writeFileSync(join(dir, 'secret.txt'), 'outside the root');
    host = await startPreviewHost({ rendererDir: join(dir, 'renderer'), port: 0, api, bodyLimit: 1024, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) });
  });

  afterAll(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page and its assets with their content types and the CSP', async () => {
    const page = await raw(host.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await raw(host.url, '/assets/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw(host.url, '/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const icon = await raw(host.url, '/favicon.ico');
    expect([icon.status, icon.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#k=[\w-]{43}$/);
  });

  it.each(['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/%00index.html', '/%E0%A4%A'])(
    'never serves a file outside the renderer folder: %s',
    async (path) => {
      const answer = await raw(host.url, path);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('outside the root');
    },
  );

  it('answers a missing file with 404 and other verbs with 405', async () => {
    expect((await raw(host.url, '/nope.js')).status).toBe(404);
    expect((await raw(host.url, '/assets')).status).toBe(404);
    expect((await raw(host.url, '/', { method: 'DELETE' })).status).toBe(405);
  });

  it('refuses a Host header that is not loopback, against DNS rebinding', async () => {
    expect((await raw(host.url, '/', { headers: { host: 'attacker.example:80' } })).status).toBe(421);
    expect((await raw(host.url, '/', { headers: { host: `localhost:${host.port}` } })).status).toBe(200);
  });

  async function ready(url = host.url) {
    const client = await openRawSocket(url);
    client.send({ type: 'hello', secret: secretOf(url) });
    expect(await client.next()).toEqual({ type: 'ready' });
    return client;
  }

  it('runs an AppApi call over the socket once the page has said the secret', async () => {
    const client = await ready();
    client.send({ type: 'call', id: 7, method: 'app.info', args: [] });
    expect(await client.next((m) => m.type === 'result')).toEqual({ type: 'result', id: 7, envelope: { ok: true, value: { name: 'Muster', version: '9.9.9', platform: 'test', dataDir: '/data' } } });
    client.socket.close();
  });

  it.each([
    ['a wrong secret', { type: 'hello', secret: 'guess' }],
    ['no secret', { type: 'hello', secret: '' }],
    ['a call before the secret', { type: 'call', id: 1, method: 'app.info', args: [] }],
    ['something that is not JSON', 'hello?'],
  ])('closes the socket on %s, answering nothing', async (_what, message) => {
    const client = await openRawSocket(host.url);
    client.send(message);
    expect((await client.closed).code).toBe(CLOSE_FORBIDDEN);
    expect(client.messages).toEqual([]);
  });

  it('stays refused: the right secret sent right after a wrong one is not heard', async () => {
    const client = await openRawSocket(host.url);
    client.send({ type: 'hello', secret: 'guess' });
    client.send({ type: 'hello', secret: secretOf(host.url) });
    client.send({ type: 'call', id: 1, method: 'app.info', args: [] });
    expect((await client.closed).code).toBe(CLOSE_FORBIDDEN);
    expect(client.messages).toEqual([]);
  });

  it('refuses a socket opened by a page of another origin, or with no origin, before any message', async () => {
    await expect(openRawSocket(host.url, { origin: 'http://attacker.example' })).rejects.toThrow(/HTTP 403/);
    await expect(openRawSocket(host.url, { origin: null })).rejects.toThrow(/HTTP 403/);
    await expect(openRawSocket(host.url, { host: 'attacker.example', origin: 'http://attacker.example' })).rejects.toThrow(/HTTP 404/);
  });

  it.each([
    ['an unknown method', 'app.nothing', [], 'unknown_method'],
    ['arguments that are not an array', 'app.info', { a: 1 }, 'bad_arguments'],
    ['too many arguments', 'app.info', [1], 'bad_arguments'],
  ])('answers %s with a failure envelope in one sentence', async (_what, method, args, code) => {
    const client = await ready();
    client.send({ type: 'call', id: 2, method, args });
    const { envelope } = await client.next((m) => m.type === 'result');
    expect(envelope).toMatchObject({ ok: false, code });
    expect(envelope.message).toMatch(/^[^\n]+$/);
    client.socket.close();
  });

  it('closes a ready socket on a message it does not understand or one over the limit', async () => {
    const confused = await ready();
    confused.send({ type: 'dance' });
    expect((await confused.closed).code).toBe(CLOSE_BAD_MESSAGE);
    const flooding = await ready();
    flooding.send({ type: 'call', id: 3, method: 'app.info', args: ['x'.repeat(2048)] });
    expect((await flooding.closed).code).toBe(1009);
  });

  it('answers a failing service with an internal_error envelope whose message has no stack', async () => {
    const client = await ready();
    failNext = true;
    client.send({ type: 'call', id: 4, method: 'app.info', args: [] });
    const { envelope } = await client.next((m) => m.type === 'result');
    failNext = false;
    expect(envelope).toEqual({ ok: false, code: 'internal_error', message: 'Muster could not do that: disk on fire', details: [] });
    client.socket.close();
  });

  it('pushes the service’s events to pages that said the secret, and to no other', async () => {
    const listening = await ready();
    const stranger = await openRawSocket(host.url);
    emit({ type: 'changed', what: 'events' });
    expect(await listening.next((m) => m.type === 'event')).toEqual({ type: 'event', event: { type: 'changed', what: 'events' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.messages).toEqual([]);
    listening.socket.close();
    stranger.socket.close();
  });

  it('answers plain HTTP on the API path with 426: the actions are not reachable with curl', async () => {
    const answer = await raw(host.url, '/api/app', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(answer.status).toBe(426);
    expect((await raw(host.url, '/api/app/app.info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' })).status).toBe(405);
  });
});

describe('muster preview', () => {
  const io = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (t: string) => lines.out.push(t), err: (t: string) => lines.err.push(t) } };
  };

  it('tells the user to build when the renderer is missing, as a usage error (exit 2)', async () => {
    const { io: sink } = io();
    const missing = join(tmpdir(), 'muster-no-such-renderer');
    const failure = await startPreview(['--port', '0'], sink, missing).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UsageError);
    expect((failure as UsageError).exitCode).toBe(2);
    expect((failure as UsageError).message).toContain('npm run build');
  });

  it('starts the demo reference service in a folder under the data folder and prints both URLs', async () => {
    const data = mkdtempSync(join(tmpdir(), 'muster-preview-'));
    const renderer = join(data, 'renderer');
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
    const { lines, io: sink } = io();
    const run = await startPreview(['--port', '0', '--data', data, '--demo'], sink, renderer);
    try {
      expect(lines.out[0]).toContain(run.host.url);
      expect(lines.out[2]).toContain(run.service!.url);
      const client = await openRawSocket(run.host.url);
      client.send({ type: 'hello', secret: secretOf(run.host.url) });
      client.send({ type: 'call', id: 1, method: 'app.info', args: [] });
      expect((await client.next((m) => m.type === 'result')).envelope.value.dataDir).toBe(data);
      client.socket.close();
      const tokens = readFileSync(join(data, 'demo-service', 'tokens.json'), 'utf8');
      const token = JSON.parse(tokens).tokens[0].token;
      const lookup = await fetch(`${run.service!.url}/api/v1/participant_imports/lookup`, { headers: { authorization: `Bearer ${token}` } });
      expect(lookup.status).toBe(200);
    } finally {
      await run.close();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('rejects a port that is not a number', async () => {
    const { io: sink } = io();
    await expect(startPreview(['--port', 'abc'], sink, '/nowhere')).rejects.toThrow(/whole number/);
  });
});

describe('the preview host’s downloads', () => {
  let dir: string;
  let host: PreviewHost;
  let downloads: ReturnType<typeof createDownloads>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'muster-downloads-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer/index.html'), '<!doctype html><title>t</title>');
    downloads = createDownloads(join(dir, 'data'));
    const api = {} as AppApi;
    host = await startPreviewHost({ rendererDir: join(dir, 'renderer'), port: 0, api, downloads: { take: downloads.take, sent: downloads.done } });
  });

  afterAll(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands an export to the browser once, as an attachment with its name, and removes it after', async () => {
    const { id, path } = downloads.place('Größe "Liste".csv');
    writeFileSync(path, 'name\nAda\n');
    const first = await raw(host.url, `/downloads/${id}`);
    expect(first.status).toBe(200);
    expect(first.body).toBe('name\nAda\n');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="Gr__e _Liste_.csv"; filename*=UTF-8''${encodeURIComponent('Größe "Liste".csv')}`);
    expect(first.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);
    await expect.poll(() => existsSync(path)).toBe(false);
    const again = await raw(host.url, `/downloads/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toContain('taken already');
  });

  it.each(['/downloads/', '/downloads/unknown-id-0123456789', '/downloads/../index.html', '/downloads/%2e%2e%2fdata'])('answers 404 for %s and serves nothing else', async (path) => {
    const answer = await raw(host.url, path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('<title>');
  });
});
