import { existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppApi, AppEvent } from '../../core/contract/app-api';
import { APP_SOCKET_PATH, DOWNLOAD_PATH, SECRET_FRAGMENT_KEY } from '../../core/contract/app-socket';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../services/app/csp';
import { createAppSocket } from './socket';
import { sendDownload, type DownloadSource } from './downloads';
import { fileForPath, sendFile } from './static-files';

export interface PreviewHostOptions {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  api: AppApi;
  /** The app service's event stream, pushed to every page that said the secret. */
  subscribe?: (listener: (event: AppEvent) => void) => () => void;
  /** The per-launch secret; a fresh random one when not given. */
  secret?: string;
  port?: number;
  host?: string;
  /** Largest accepted API message; AppApi arguments are small (an upload comes in parts). */
  bodyLimit?: number;
  /** Exports the app's services hand to the browser, each taken once. */
  downloads?: DownloadSource;
}

export interface PreviewHost {
  /** The page's address with the secret in its fragment: the link to open. */
  url: string;
  /** The page's address without the secret. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY_HEADER,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export class RendererMissingError extends Error {}

function send(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
  res.end(body);
}

/** Host names the page may be reached by; any other Host header is a DNS-rebinding attempt. */
function hostAllowed(header: string | undefined, bound: string): boolean {
  if (!header) return false;
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0];
  if (bound === '0.0.0.0' || bound === '::') return true;
  return LOOPBACK.has(name) || name === bound;
}

/** Serves the built renderer and the AppApi over HTTP, for a browser instead of Electron. */
export async function startPreviewHost(options: PreviewHostOptions): Promise<PreviewHost> {
  const root = options.rendererDir;
  if (!existsSync(join(root, 'index.html'))) {
    throw new RendererMissingError(`The app's UI is not built yet (no ${join(root, 'index.html')}). Run \`npm run build\` first.`);
  }
  const bound = options.host ?? '127.0.0.1';
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const socket = createAppSocket({ api: options.api, secret, maxPayload: bodyLimit, });
  const unsubscribe = options.subscribe?.((event) => socket.broadcast(event));

  const server = createServer((req, res) => {
    void (async () => {
      if (!hostAllowed(req.headers.host, bound)) return send(res, 421, 'Unknown host.\n', 'text/plain; charset=utf-8');
      const path = (req.url ?? '/').split('?')[0];
      if (path === APP_SOCKET_PATH) return send(res, 426, 'Muster’s actions are reached over a WebSocket.\n', 'text/plain; charset=utf-8');
      if (path.startsWith(DOWNLOAD_PATH) && req.method === 'GET' && options.downloads) {
        if (await sendDownload(res, options.downloads, path.slice(DOWNLOAD_PATH.length), SECURITY_HEADERS)) return;
        return send(res, 404, 'That download was taken already or has expired. Export again.\n', 'text/plain; charset=utf-8');
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        return send(res, 405, 'Method not allowed.\n', 'text/plain; charset=utf-8');
      }
      const file = fileForPath(root, path);
      if (file && (await sendFile(res, file, req.method === 'HEAD', SECURITY_HEADERS))) return;
      send(res, 404, 'Not found.\n', 'text/plain; charset=utf-8');
    })().catch(() => {
      if (!res.headersSent) send(res, 500, 'The preview host failed to answer.\n', 'text/plain; charset=utf-8');
      else res.destroy();
    });
  });

  server.on('upgrade', (req, duplex, head) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!hostAllowed(req.headers.host, bound) || path !== APP_SOCKET_PATH) {
      duplex.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    socket.upgrade(req, duplex, head);
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bound, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = bound.includes(':') ? `[${bound}]` : bound;
  const origin = `http://${shownHost}:${port}/`;
  return {
    url: `${origin}#${SECRET_FRAGMENT_KEY}=${secret}`,
    origin,
    port,
    close: () =>
      new Promise<void>((done) => {
        unsubscribe?.();
        socket.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
