import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi } from '../../src/core/contract/app-api';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { startPreview } from '../../src/cli/commands/preview';
import { UsageError } from '../../src/cli/errors';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../src/services/app/csp';

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

const post = (url: string, method: string, body: string, type = 'application/json') =>
  raw(url, `/api/app/${method}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('the preview host', () => {
  let dir: string;
  let host: PreviewHost;
  let failNext = false;
  const api: AppApi = {
    'app.info': async () => {
      if (failNext) throw new Error('disk on fire\n    at secret (/home/x/stack.js:1:1)');
      return { name: 'Muster', version: '9.9.9', platform: 'test', dataDir: '/data' };
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'muster-host-'));
    mkdirSync(join(dir, 'renderer/assets'), { recursive: true });
    writeFileSync(join(dir, 'renderer/index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'renderer/assets/app.js'), 'export {}');
    writeFileSync(join(dir, 'renderer/assets/app.css'), 'body{}');
    writeFileSync(join(dir, 'renderer/favicon.ico'), Buffer.from([0, 0, 1, 0]));
    writeFileSync(join(dir, 'secret.txt'), 'outside the root');
    host = await startPreviewHost({ rendererDir: join(dir, 'renderer'), port: 0, api, bodyLimit: 1024 });
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
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
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

  it('runs an AppApi call and answers with its envelope', async () => {
    const answer = await post(host.url, 'app.info', '[]');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { name: 'Muster', version: '9.9.9', platform: 'test', dataDir: '/data' } });
  });

  it.each([
    ['an unknown method', 'app.nothing', '[]', 'application/json', 'unknown_method'],
    ['arguments that are not an array', 'app.info', '{"a":1}', 'application/json', 'bad_arguments'],
    ['too many arguments', 'app.info', '[1]', 'application/json', 'bad_arguments'],
    ['a body that is not JSON', 'app.info', '[', 'application/json', 'bad_request'],
    ['a form post from another page', 'app.info', 'a=1', 'application/x-www-form-urlencoded', 'bad_request'],
    ['a body over the limit', 'app.info', `[${'1,'.repeat(600)}1]`, 'application/json', 'bad_request'],
  ])('answers %s with a 400 envelope', async (_what, method, body, type, code) => {
    const answer = await post(host.url, method, body, type);
    expect(answer.status).toBe(400);
    const envelope = JSON.parse(answer.body);
    expect(envelope).toMatchObject({ ok: false, code });
    expect(envelope.message).toMatch(/^[^\n]+$/);
  });

  it('answers a failing service with a 500 envelope whose message has no stack', async () => {
    failNext = true;
    const answer = await post(host.url, 'app.info', '[]');
    failNext = false;
    expect(answer.status).toBe(500);
    const envelope = JSON.parse(answer.body);
    expect(envelope).toEqual({ ok: false, code: 'internal_error', message: 'Muster could not do that: disk on fire', details: [] });
    expect(answer.body).not.toContain('stack.js');
  });

  it('answers GET on an action with 405', async () => {
    const answer = await raw(host.url, '/api/app/app.info');
    expect([answer.status, answer.headers.allow]).toEqual([405, 'POST']);
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
      expect(lines.out[1]).toContain(run.service!.url);
      const info = await post(run.host.url, 'app.info', '[]');
      expect(JSON.parse(info.body).value.dataDir).toBe(data);
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
