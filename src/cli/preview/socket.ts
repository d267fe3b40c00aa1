/**
 * The AppApi over a WebSocket for the browser preview. A connection is taken only from the
 * host's own page (Origin and Host checked at the upgrade) and is served only after it
 * sends the per-launch secret; until then every other message closes it. Calls go through
 * the same dispatch as Electron's IPC; the service's events are pushed to every ready page.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppApi, AppEvent } from '../../core/contract/app-api';
import { CLOSE_BAD_MESSAGE, CLOSE_FORBIDDEN, type ClientMessage, type HostMessage } from '../../core/contract/app-socket';
import { dispatchAppApi } from '../../services/app/dispatch';

export interface SocketOptions {
  api: AppApi;
  secret: string;
  /** Largest message accepted. */
  maxPayload: number;
  /** How long a new socket may take to say the secret. */
  helloTimeoutMs?: number;
}

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parse(data: unknown): ClientMessage | null {
  try {
    const value: unknown = JSON.parse(String(data));
    if (typeof value !== 'object' || value === null) return null;
    const m = value as Record<string, unknown>;
    if (m.type === 'hello' && typeof m.secret === 'string') return { type: 'hello', secret: m.secret };
    if (m.type === 'call' && Number.isSafeInteger(m.id) && typeof m.method === 'string') return { type: 'call', id: m.id as number, method: m.method, args: m.args as unknown[] };
  } catch {
    // not JSON
  }
  return null;
}

export function createAppSocket(options: SocketOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  const ready = new Set<WebSocket>();
  const send = (socket: WebSocket, message: HostMessage) => socket.send(JSON.stringify(message));

  wss.on('connection', (socket: WebSocket) => {
    // ws still delivers frames that arrive after close(): a refused socket must stay refused.
    let closing = false;
    const refuse = (code: number, reason: string) => {
      closing = true;
      socket.close(code, reason);
    };
    const hello = setTimeout(() => refuse(CLOSE_FORBIDDEN, 'No secret was given.'), options.helloTimeoutMs ?? 5_000);
    // ws reports a message over the limit or a broken frame as an error after closing the
    // socket itself; unheard, that error would take the whole preview down.
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clearTimeout(hello);
      ready.delete(socket);
    });
    socket.on('message', (data) => {
      if (closing) return;
      const message = parse(data);
      if (!ready.has(socket)) {
        clearTimeout(hello);
        if (message?.type !== 'hello' || !sameSecret(message.secret, options.secret)) return refuse(CLOSE_FORBIDDEN, 'Open the link muster preview printed.');
        ready.add(socket);
        return send(socket, { type: 'ready' });
      }
      if (message?.type !== 'call') return refuse(CLOSE_BAD_MESSAGE, 'Muster received a message it does not understand.');
      void dispatchAppApi(options.api, message.method, message.args).then((envelope) => {
        if (socket.readyState === socket.OPEN) send(socket, { type: 'result', id: message.id, envelope });
      });
    });
  });

  return {
    /**
     * Takes an upgrade request for the API path (its Host already checked); refuses one whose
     * page came from another origin: browsers always send Origin on a WebSocket.
     */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const origin = req.headers.origin;
      if (!origin || origin !== `http://${req.headers.host}`) {
        socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    broadcast(event: AppEvent) {
      for (const socket of ready) send(socket, { type: 'event', event });
    },
    close() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
    },
  };
}
