import { describe, expect, it, vi } from 'vitest';
import { APP_API_CHANNEL, APP_API_METHODS, APP_EVENT_CHANNEL, APP_GRANT_CHANNEL } from '../../../src/core/contract/app-api';

const exposed = vi.hoisted(() => ({ worlds: new Map<string, unknown>(), invoke: null as any, on: null as any, removeListener: null as any }));
vi.mock('electron', () => {
  exposed.invoke = vi.fn(async () => ({ ok: true, value: 'from main' }));
  exposed.on = vi.fn();
  exposed.removeListener = vi.fn();
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.worlds.set(key, api) },
    ipcRenderer: { invoke: exposed.invoke, send: vi.fn(), on: exposed.on, removeListener: exposed.removeListener },
    webUtils: { getPathForFile: (file: { name: string }) => `/dropped/${file.name}` },
  };
});

const { createBridge } = await import('../../../src/preload/bridge');
const { ApiError } = await import('../../../src/core/contract/api-error');
await import('../../../src/preload/index');

describe('the preload bridge', () => {
  it('exposes exactly the AppApi methods, subscribe and grantFile as window.muster, and nothing of ipcRenderer or a path', () => {
    expect([...exposed.worlds.keys()]).toEqual(['muster']);
    const muster = exposed.worlds.get('muster') as Record<string, unknown>;
    expect(Object.keys(muster).sort()).toEqual([...APP_API_METHODS, 'grantFile', 'subscribe'].sort());
    for (const method of APP_API_METHODS) expect(typeof muster[method]).toBe('function');
    expect(Object.isFrozen(muster)).toBe(true);
    expect(JSON.stringify(Object.keys(muster))).not.toMatch(/invoke|send|on\b/);
  });

  it('turns a dropped File into a grant: the path goes from the preload to the main side, never to the page', async () => {
    const muster = exposed.worlds.get('muster') as { grantFile(f: { name: string }): Promise<unknown> };
    exposed.invoke.mockResolvedValueOnce({ ok: true, value: { grant: 'g'.repeat(32), name: 'list.xlsx', size: 10 } });
    expect(await muster.grantFile({ name: 'list.xlsx' })).toEqual({ grant: 'g'.repeat(32), name: 'list.xlsx', size: 10 });
    expect(exposed.invoke).toHaveBeenLastCalledWith(APP_GRANT_CHANNEL, '/dropped/list.xlsx');
  });

  it('sends the method and its arguments on the one channel and unwraps the value', async () => {
    const muster = exposed.worlds.get('muster') as { 'app.info'(): Promise<unknown> };
    expect(await muster['app.info']()).toBe('from main');
    expect(exposed.invoke).toHaveBeenCalledWith(APP_API_CHANNEL, { method: 'app.info', args: [] });
  });

  it('throws the main side’s sentence as an Error when the call failed', async () => {
    const bridge = createBridge({ invoke: async () => ({ ok: false, code: 'bad_arguments', message: 'That did not work.' }) } as never);
    const failure = await bridge['app.info']().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'That did not work.', code: 'bad_arguments' });
  });
});

describe('the preload event stream', () => {
  it('hands the page the event alone, never Electron’s event object, on the one channel, until unsubscribed', () => {
    const muster = exposed.worlds.get('muster') as { subscribe(l: (e: unknown) => void): () => void };
    const seen: unknown[] = [];
    const stop = muster.subscribe((event) => seen.push(event));
    const [channel, relay] = exposed.on.mock.calls.at(-1);
    expect(channel).toBe(APP_EVENT_CHANNEL);
    relay({ sender: 'ipcRenderer', senderFrame: {} }, { type: 'changed', what: 'events' });
    expect(seen).toEqual([{ type: 'changed', what: 'events' }]);
    stop();
    expect(exposed.removeListener).toHaveBeenCalledWith(APP_EVENT_CHANNEL, relay);
  });
});
