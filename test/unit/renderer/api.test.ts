import { describe, expect, it, vi } from 'vitest';
import type { AppClient } from '../../../src/core/contract/app-api';
import { CLOSE_FORBIDDEN } from '../../../src/core/contract/app-socket';
import { ApiError } from '../../../src/core/contract/api-error';
import { createApi, previewSecret } from '../../../src/renderer/api';
import { socketClient, type SocketLike } from '../../../src/renderer/transport/socket-client';

/** A socket whose host side the test plays: it sees what the page sends and answers by hand. */
function fakeSocket() {
  const sent: any[] = [];
  let socket!: SocketLike & { readyState: number };
  const open = (url: string) => {
    socket = { readyState: 1, url, send: (data: string) => sent.push(JSON.parse(data)), close: () => socket.onclose?.({ code: 1000 }), onopen: null, onmessage: null, onclose: null, onerror: null } as never;
    queueMicrotask(() => socket.onopen?.({}));
    return socket;
  };
  return { sent, open, host: () => socket, say: (message: unknown) => socket.onmessage?.({ data: JSON.stringify(message) }) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the renderer api module', () => {
  it('uses the preload bridge when Electron provides one', () => {
    const muster = { 'app.info': async () => null } as unknown as AppClient;
    expect(createApi({ muster } as never)).toBe(muster);
  });

  it('takes the preview secret from the link’s fragment, keeps it for the tab and clears the address bar', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) } as Storage;
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url) } as unknown as History;
    expect(previewSecret({ hash: '#k=s3cret', pathname: '/', search: '' } as Location, storage, history)).toBe('s3cret');
    expect(replaced).toEqual(['/']);
    // A reload has no fragment any more; the tab still knows the secret.
    expect(previewSecret({ hash: '', pathname: '/', search: '' } as Location, storage, history)).toBe('s3cret');
  });
});

describe('the preview socket client', () => {
  it('says the secret first, then sends each call with its own id and unwraps the answer', async () => {
    const fake = fakeSocket();
    const api = socketClient('ws://127.0.0.1:1/api/app', 'key', fake.open);
    const answer = api['app.info']();
    await tick();
    expect(fake.sent).toEqual([{ type: 'hello', secret: 'key' }]);
    fake.say({ type: 'ready' });
    await tick();
    expect(fake.sent[1]).toEqual({ type: 'call', id: 1, method: 'app.info', args: [] });
    fake.say({ type: 'result', id: 1, envelope: { ok: true, value: { version: '1' } } });
    expect(await answer).toEqual({ version: '1' });
  });

  it('throws the host’s sentence and code from a failure envelope', async () => {
    const fake = fakeSocket();
    const api = socketClient('ws://h/api/app', 'key', fake.open);
    const answer = api['events.show'](1).catch((e: unknown) => e);
    await tick();
    fake.say({ type: 'ready' });
    await tick();
    fake.say({ type: 'result', id: 1, envelope: { ok: false, code: 'bad_input', message: 'Not like that.', details: [] } });
    const failure = await answer;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'bad_input', message: 'Not like that.' });
  });

  it('hands events to subscribers until they unsubscribe', async () => {
    const fake = fakeSocket();
    const api = socketClient('ws://h/api/app', 'key', fake.open);
    const seen: unknown[] = [];
    const stop = api.subscribe((e) => seen.push(e));
    await tick();
    fake.say({ type: 'ready' });
    fake.say({ type: 'event', event: { type: 'changed', what: 'outbox' } });
    stop();
    fake.say({ type: 'event', event: { type: 'changed', what: 'events' } });
    expect(seen).toEqual([{ type: 'changed', what: 'outbox' }]);
  });

  it('fails waiting calls with a sentence when the host goes away, and says so plainly when the secret was refused', async () => {
    const fake = fakeSocket();
    const api = socketClient('ws://h/api/app', 'key', fake.open);
    const gone = api['app.info']().catch((e: unknown) => e);
    await tick();
    fake.host().onclose?.({ code: 1006 });
    expect(await gone).toMatchObject({ code: 'unreachable', message: 'Muster’s preview host is not answering. Is `muster preview` still running?' });
    const refused = api['app.info']().catch((e: unknown) => e);
    await tick();
    fake.host().onclose?.({ code: CLOSE_FORBIDDEN });
    expect(await refused).toMatchObject({ code: 'forbidden' });
  });
});

describe('the preview event stream', () => {
  it('comes back by itself after the host went away, while someone listens; not after a refusal', async () => {
    vi.useFakeTimers();
    try {
      const sockets: SocketLike[] = [];
      const fake = fakeSocket();
      const api = socketClient('ws://h/api/app', 'key', (url) => {
        const socket = fake.open(url);
        sockets.push(socket);
        return socket;
      });
      api.subscribe(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      fake.say({ type: 'ready' });
      fake.host().onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(sockets).toHaveLength(2);
      fake.host().onclose?.({ code: CLOSE_FORBIDDEN });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sockets).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
