/**
 * A raw client of the preview's AppApi socket (the `ws` package, so a test can set Origin
 * and Host as a browser or an attacker would), collecting what the host sends.
 */
import WebSocket from 'ws';

export interface RawSocket {
  socket: WebSocket;
  messages: any[];
  /** Resolves with the close code and reason once the host closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** The next message matching `test`, within 5 s. */
  next(test?: (message: any) => boolean): Promise<any>;
}

export function socketUrl(pageUrl: string): string {
  const { host } = new URL(pageUrl);
  return `ws://${host}/api/app`;
}

export function secretOf(pageUrl: string): string {
  return new URLSearchParams(new URL(pageUrl).hash.slice(1)).get('k') ?? '';
}

export function openRawSocket(pageUrl: string, options: { origin?: string | null; host?: string } = {}): Promise<RawSocket> {
  const { origin: own } = new URL(pageUrl);
  const headers: Record<string, string> = options.host ? { host: options.host } : {};
  const socket = new WebSocket(socketUrl(pageUrl), { headers, ...(options.origin === null ? {} : { origin: options.origin ?? own }) });
  const messages: any[] = [];
  const waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    messages.push(message);
    const index = waiters.findIndex((w) => w.test(message));
    if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        closed,
        send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next: (test = () => true) =>
          new Promise((done, fail) => {
            const found = messages.find(test);
            if (found) return done(found);
            const timer = setTimeout(() => fail(new Error('no such message within 5 s')), 5_000);
            waiters.push({ test, resolve: (m) => (clearTimeout(timer), done(m)) });
          }),
      }),
    );
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
