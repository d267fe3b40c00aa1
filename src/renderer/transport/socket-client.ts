/**
 * The page's side of the preview's AppApi: one WebSocket, opened on the first call, that
 * says the per-launch secret first and then carries calls and the event stream. When the
 * host goes away, waiting calls fail with a sentence and the next call connects again.
 */
import { ApiError } from '../../core/contract/api-error';
import { APP_API_METHODS, type AppApiMethod, type AppClient, type AppEvent } from '../../core/contract/app-api';
import { APP_SOCKET_PATH, CLOSE_FORBIDDEN, type HostMessage } from '../../core/contract/app-socket';

/** What the client needs of a WebSocket: the browser's, or a test's. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const UNREACHABLE = 'Muster’s preview host is not answering. Is `muster preview` still running?';
const FORBIDDEN = 'This page was not opened from the link `muster preview` printed, so it may not use Muster’s actions. Open that link.';

export function socketClient(url: string, secret: string | null, open: (url: string) => SocketLike): AppClient {
  let socket: SocketLike | null = null;
  let ready: Promise<SocketLike> | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(event: AppEvent) => void>();
  let retryIn = 500;
  let closedByPage = false;

  const failAll = (error: ApiError) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };

  const connect = (): Promise<SocketLike> => {
    ready ??= new Promise<SocketLike>((resolve, reject) => {
      const ws = open(url);
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', secret: secret ?? '' }));
      ws.onmessage = (event) => {
        let message: HostMessage;
        try {
          message = JSON.parse(String(event.data)) as HostMessage;
        } catch {
          return;
        }
        if (message.type === 'ready') resolve(ws);
        else if (message.type === 'event') for (const listener of listeners) listener(message.event);
        else if (message.type === 'result') {
          const call = waiting.get(message.id);
          if (!call) return;
          waiting.delete(message.id);
          const { envelope } = message;
          if (envelope.ok) call.resolve(envelope.value);
          else call.reject(new ApiError(envelope.code, envelope.message, envelope.details ?? [], envelope.words ? { words: envelope.words } : {}));
        }
      };
      ws.onclose = (event) => {
        const refused = event.code === CLOSE_FORBIDDEN;
        const error = refused ? new ApiError('forbidden', FORBIDDEN) : new ApiError('unreachable', UNREACHABLE);
        reject(error);
        failAll(error);
        socket = null;
        ready = null;
        // The event stream comes back by itself after a sleep or a restart of the host.
        if (!refused && !closedByPage && listeners.size > 0) {
          retryIn = Math.min(retryIn * 2, 30_000);
          setTimeout(() => void connect().then(() => (retryIn = 500), () => undefined), retryIn);
        }
      };
      ws.onerror = () => undefined; // onclose follows and says what happened
    });
    return ready;
  };

  const call = async (method: AppApiMethod, args: unknown[]) => {
    const ws = await connect();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ type: 'call', id, method, args }));
    });
  };

  const methods = Object.fromEntries(APP_API_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]));
  return {
    ...methods,
    subscribe(listener: (event: AppEvent) => void) {
      listeners.add(listener);
      // Events flow once the socket is ready; subscribing opens it.
      void connect().catch(() => undefined);
      return () => listeners.delete(listener);
    },
    close() {
      closedByPage = true;
      socket?.close();
    },
  } as unknown as AppClient;
}

export { APP_SOCKET_PATH };
