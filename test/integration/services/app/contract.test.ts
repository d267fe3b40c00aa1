/**
 * The AppApi contract, run the same way over both transports the renderer can have:
 * Electron's IPC (the preload's bridge talking to the main side's handler) and the browser
 * preview's WebSocket (the renderer's socket client talking to the preview host). Behind
 * both: the real app service over a real data folder, syncing with the real reference
 * service on loopback.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { AppClient, AppEvent } from '../../../../src/core/contract/app-api';
import { ApiError } from '../../../../src/core/contract/api-error';
import { startPreviewHost, type PreviewHost } from '../../../../src/cli/preview/host';
import { createBridge } from '../../../../src/preload/bridge';
import { socketClient, type SocketLike } from '../../../../src/renderer/transport/socket-client';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { PREVIEW_TOKENS_FILE } from '../../../../src/services/app/token-vault';
import { startTestService, type TestService } from '../../../support/service';
import { secretOf, socketUrl } from '../../../support/app-socket';
import { messageOf } from '../../../../src/renderer/composables/failure';
import { i18n } from '../../../../src/renderer/i18n';

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined, removeHandler: () => undefined } }));
const { createAppApiHandler } = await import('../../../../src/main/ipc');

interface Transport {
  client: AppClient;
  close(): Promise<void>;
}

const OWN_PAGE = 'file:///app/out/renderer/index.html';

/** The preload's bridge over an in-process ipcRenderer whose invoke reaches the main handler. */
async function overIpc(app: AppService): Promise<Transport> {
  const handler = createAppApiHandler(app.api, (url) => url === OWN_PAGE);
  const listeners = new Set<(e: unknown, event: AppEvent) => void>();
  const unsubscribe = app.subscribe((event) => listeners.forEach((l) => l({}, structuredClone(event))));
  const ipc = {
    invoke: async (_channel: string, message: unknown) => structuredClone(await handler({ senderFrame: { url: OWN_PAGE, parent: null } } as never, structuredClone(message))),
    on: (_channel: string, listener: (e: unknown, event: AppEvent) => void) => listeners.add(listener),
    removeListener: (_channel: string, listener: (e: unknown, event: AppEvent) => void) => listeners.delete(listener),
  };
  return { client: createBridge(ipc as never), close: async () => unsubscribe() };
}

/** The renderer's socket client against the real preview host. */
async function overSocket(app: AppService, rendererDir: string): Promise<Transport> {
  const host: PreviewHost = await startPreviewHost({ rendererDir, port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
  const origin = new URL(host.url).origin;
  const client = socketClient(socketUrl(host.url), secretOf(host.url), (url) => new WebSocket(url, { origin }) as unknown as SocketLike);
  return { client, close: () => host.close() };
}

const transports: [string, (app: AppService, rendererDir: string) => Promise<Transport>][] = [
  ['Electron IPC', overIpc],
  ['the preview WebSocket', overSocket],
];

describe.each(transports)('the AppApi over %s', (_name, connect) => {
  let service: TestService;
  let dataDir: string;
  let app: AppService;
  let transport: Transport;
  let api: AppClient;

  beforeAll(async () => {
    service = await startTestService();
    dataDir = mkdtempSync(join(tmpdir(), 'muster-contract-'));
    app = createAppService({ dataDir });
    transport = await connect(app, join(__dirname, '../../../../out/renderer'));
    api = transport.client;
  });

  afterAll(async () => {
    await transport?.close();
    await app?.close();
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says what the app is and where its data lives', async () => {
    expect(await api['app.info']()).toMatchObject({ name: 'Muster', dataDir });
  });

  it('refuses a call with arguments that do not fit, in a sentence, before any service runs', async () => {
    const failure = await api['events.add']({ externalEventId: -4 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'bad_arguments' });
    expect((failure as Error).message).toMatch(/^The action "events\.add" was called with argument 1\.externalEventId that should be >= 1\.$/);
  });

  it('asks for a connection before it shows events', async () => {
    await expect(api['events.list']()).rejects.toMatchObject({ code: 'no_account', message: 'Connect to a recruiting service or try the demo first.' });
  });

  it('tests a connection and says in words what is wrong', async () => {
    expect(await api['accounts.test']({ serverUrl: 'ftp://x', token: 't' })).toMatchObject({ ok: false, problem: 'bad_url' });
    expect(await api['accounts.test']({ serverUrl: 'http://127.0.0.1:9', token: 't' })).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(await api['accounts.test']({ serverUrl: service.url, token: 'not-a-token' })).toMatchObject({ ok: false, problem: 'token_refused' });
    expect(await api['accounts.test']({ serverUrl: `${service.url}/elsewhere`, token: service.token })).toMatchObject({ ok: false, problem: 'not_muster' });
    expect(await api['accounts.test']({ serverUrl: service.url, token: service.token })).toEqual({ ok: true, problem: null, detail: null });
  });

  it('adds an account whose token never comes back to the page', async () => {
    const view = await api['accounts.add']({ label: 'Office', serverUrl: service.url, token: service.token });
    expect(view.accounts).toEqual([expect.objectContaining({ label: 'Office', serverUrl: service.url, account: 'default', demo: false, hasToken: true })]);
    expect(view.activeId).toBe(view.accounts[0].id);
    expect(view.tokenStorage).toBe('file');
    expect(JSON.stringify(view)).not.toContain(service.token);
    // The preview's vault: a file only this user can read.
    const mode = (await import('node:fs')).statSync(join(dataDir, PREVIEW_TOKENS_FILE)).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain(service.token);
  });

  it('carries a refusal’s catalog words across, so the page says it in its own language', async () => {
    const failure = await api['drafts.page'](987_654, { limit: 1 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'bad_input', message: 'There is no draft 987654 on this computer (it may have been deleted).' });
    expect((failure as ApiError).words).toEqual([{ key: 'refusals.draft_gone', params: { draft: 987_654 } }]);
    i18n.global.locale.value = 'de';
    try {
      expect(messageOf(failure)).toBe('Auf diesem Computer gibt es keinen Entwurf 987654 (er wurde vielleicht gelöscht).');
    } finally {
      i18n.global.locale.value = 'en';
    }
    expect(messageOf(failure)).toBe('There is no draft 987654 on this computer (it may have been deleted).');
  });

  it('adds an event offline and shows it with no imports yet', async () => {
    const added = await api['events.add']({ externalEventId: 4711, name: 'Tasting' });
    expect(added).toMatchObject({ externalEventId: 4711, name: 'Tasting', linked: false, imports: 0, drafts: 0 });
    expect((await api['events.list']()).events.map((e) => e.externalEventId)).toEqual([4711]);
    await expect(api['events.show'](4712)).rejects.toMatchObject({ code: 'bad_input', message: 'Event 4712 is not in this list yet; add it first.' });
  });

  it('syncs now, tells the page as it goes, and says it is online with a last sync time', async () => {
    const seen: AppEvent[] = [];
    const stop = api.subscribe((event) => seen.push(event));
    const status = await api['sync.now']();
    expect(status).toMatchObject({ connected: true, online: true, syncing: false, pending: 0, failed: 0, tokenRefused: false, error: null });
    expect(status.lastSyncAt).toEqual(expect.any(Number));
    await expect.poll(() => seen.some((e) => e.type === 'sync.status' && e.status.syncing === false)).toBe(true);
    expect(seen.some((e) => e.type === 'sync.status' && e.status.syncing === true)).toBe(true);
    stop();
    expect(await api['sync.items']()).toEqual([]);
    await expect(api['sync.retry'](999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('searches the subjects the sync fetched, answers invalid input field by field, and refuses an unknown filter before any service runs', async () => {
    const found = await api['subjects.search']({ search_term: 'smith', order_by: 'first_name' });
    expect(found.total).toBe(4);
    expect(found.rows[0]).toMatchObject({ firstName: 'Anna', lastName: 'Smith', state: 'synced' });
    expect(await api['subjects.save'](null, { input: { first_name: ' ', last_name: 'Kim' } })).toEqual({
      saved: false,
      problems: [{ field: 'first_name', kind: 'blank', limit: null, message: 'must not be blank' }],
    });
    const failure = await api['subjects.search']({ shoe_size: 42 } as never).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'bad_arguments' });
  });

  it('says the token was refused, and syncs again once it is replaced', async () => {
    const { accounts } = await api['accounts.add']({ label: 'Stale', serverUrl: service.url, token: 'revoked-token' });
    const stale = accounts.find((a) => a.label === 'Stale')!;
    expect(stale.account).toBe('account-2');
    expect(await api['sync.now']()).toMatchObject({ tokenRefused: true, online: true });
    await api['accounts.replaceToken'](stale.id, service.token);
    expect(await api['sync.now']()).toMatchObject({ tokenRefused: false, online: true, error: null });
  });

  it('writes a diagnostics bundle that says what a supporter needs and holds no token', async () => {
    // Without a file manager to show it in (the preview), the bundle is handed to the browser.
    const { path, download, shown } = await api['files.exportDiagnostics']();
    expect({ path, shown }).toEqual({ path: null, shown: false });
    expect(download!.name).toMatch(/^muster-diagnostics-.*\.json$/);
    const text = readFileSync(app.downloads.take(download!.id)!.path, 'utf8');
    const bundle = JSON.parse(text);
    expect(bundle.app.dataDir).toBe(dataDir);
    expect(bundle.settings.accounts.map((a: { label: string }) => a.label)).toEqual(['Office', 'Stale']);
    expect(bundle.mirrors.mirrors.length).toBeGreaterThan(0);
    expect(text).not.toContain(service.token);
    expect(text).not.toContain('revoked-token');
  });
});

describe('the built-in demo', () => {
  it('is refused in a sentence where the host offers none, and leaves no account behind when it cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-demo-'));
    const without = createAppService({ dataDir: dir });
    await expect(without.api['accounts.startDemo']()).rejects.toMatchObject({ code: 'demo_unavailable', message: 'The built-in demo is not available here.' });
    const broken = createAppService({ dataDir: dir, demo: async () => Promise.reject(new Error('port 4781 is taken')) });
    await expect(broken.api['accounts.startDemo']()).rejects.toMatchObject({ code: 'demo_failed', message: 'The demo service could not start: port 4781 is taken' });
    expect((await broken.api['accounts.list']()).accounts).toEqual([]);
    await without.close();
    await broken.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the demo service, started once', () => {
  it('starts once however many ask at once, and serves a demo account removed and added again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-demo-once-'));
    let launches = 0;
    const launcher = async () => {
      launches++;
      await new Promise((r) => setTimeout(r, 20));
      return { url: 'http://127.0.0.1:4999', port: 4999, token: 'demo-token-1234', close: async () => undefined };
    };
    const app = createAppService({ dataDir: dir, demo: launcher });
    const [a, b] = await Promise.all([app.api['accounts.startDemo'](), app.api['accounts.startDemo']()]);
    expect(launches).toBe(1);
    expect(a.accounts).toHaveLength(1);
    expect(b.accounts).toEqual(a.accounts);
    await app.api['accounts.remove'](a.accounts[0].id);
    const again = await app.api['accounts.startDemo']();
    expect(again.accounts).toEqual([expect.objectContaining({ demo: true, serverUrl: 'http://127.0.0.1:4999', hasToken: true })]);
    expect(launches).toBe(1);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
