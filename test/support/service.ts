import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type ServeOptions } from '../../src/server/index';

export interface TestService extends RunningService {
  dataDir: string;
  /** Token of the demo's first company (event 4711) and of the second company. */
  token: string;
  otherToken: string;
  client(token?: string): ApiClient;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiClient {
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  get<T = any>(path: string): Promise<ApiAnswer<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  put<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  delete<T = any>(path: string): Promise<ApiAnswer<T>>;
}

/** Plain HTTP over loopback with a bearer token; the body is JSON when the answer is. */
export function apiClient(baseUrl: string, token: string | null): ApiClient {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(baseUrl + path, init);
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return {
    request,
    get: (p) => request('GET', p),
    post: (p, b, h) => request('POST', p, b ?? {}, h),
    patch: (p, b) => request('PATCH', p, b ?? {}),
    put: (p, b) => request('PUT', p, b ?? {}),
    delete: (p) => request('DELETE', p),
  };
}

/** The real reference service on a loopback port, over a fresh SQLite file, demo-seeded. */
export async function startTestService(options: Partial<ServeOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'muster-service-'));
  const running = await startService({
    seed: 'demo',
    rateLimit: false,
    tokensOut: join(dataDir, 'tokens.json'),
    ...options,
    dataDir,
  });
  const [first, second] = running.tokens;
  return {
    ...running,
    dataDir,
    token: first.token,
    otherToken: second.token,
    client: (token = first.token) => apiClient(running.url, token),
    async close() {
      await running.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls an import action until it has ended. */
export async function waitForAction(client: ApiClient, actionId: number, timeoutMs = 20_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await client.get(`/api/v1/participant_import_actions/${actionId}`);
    const action = body.response;
    if (action && (action.status === 'completed' || action.status === 'failed')) return action;
    if (Date.now() > until) throw new Error(`action ${actionId} still ${action?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
