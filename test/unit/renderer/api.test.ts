import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../src/core/contract/app-api';
import { ApiError, createApi, fetchBridge } from '../../../src/renderer/api';

const info = { name: 'Muster', version: '1.0.0', platform: 'darwin', dataDir: '/d' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the renderer api module', () => {
  it('uses the preload bridge when Electron provides one', async () => {
    const muster: AppApi = { 'app.info': async () => info };
    const fetchImpl = vi.fn();
    const api = createApi({ muster }, fetchImpl);
    expect(api).toBe(muster);
    expect(await api['app.info']()).toEqual(info);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('otherwise POSTs the arguments as a JSON array to /api/app/<method>', async () => {
    const fetchImpl = vi.fn(async () => json(200, { ok: true, value: info }));
    const api = createApi({}, fetchImpl);
    expect(await api['app.info']()).toEqual(info);
    expect(fetchImpl).toHaveBeenCalledWith('/api/app/app.info', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
  });

  it('throws the host’s sentence and code from a failure envelope', async () => {
    const api = fetchBridge(async () => json(400, { ok: false, code: 'bad_arguments', message: 'Not like that.' }));
    await expect(api['app.info']()).rejects.toEqual(expect.objectContaining({ name: 'ApiError', message: 'Not like that.', code: 'bad_arguments' }));
  });

  it('explains an answer that is not an envelope instead of showing it', async () => {
    const api = fetchBridge(async () => new Response('<html>proxy error</html>', { status: 502 }));
    const failure = await api['app.info']().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Muster’s preview host gave an answer it does not understand (HTTP 502).');
  });

  it('says the host is not answering when the request cannot be made', async () => {
    const api = fetchBridge(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api['app.info']()).rejects.toMatchObject({ code: 'unreachable' });
  });
});
