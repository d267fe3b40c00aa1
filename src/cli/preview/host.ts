import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AppApi, AppApiEnvelope } from '../../core/contract/app-api';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../services/app/csp';
import { dispatchAppApi, failure, INTERNAL_ERROR } from '../../services/app/dispatch';
import { fileForPath, sendFile } from './static-files';

export interface PreviewHostOptions {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  api: AppApi;
  port?: number;
  host?: string;
  /** Largest accepted API body; AppApi arguments are small. */
  bodyLimit?: number;
}

export interface PreviewHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY_HEADER,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

const API_PREFIX = '/api/app/';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export class RendererMissingError extends Error {}

function send(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
  res.end(body);
}

function sendEnvelope(res: ServerResponse, envelope: AppApiEnvelope<unknown>) {
  // Only an unexpected failure is the host's fault; a refusal a service chose to give is 400.
  const status = envelope.ok ? 200 : envelope.code === INTERNAL_ERROR ? 500 : 400;
  send(res, status, JSON.stringify(envelope), 'application/json; charset=utf-8');
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Host names the page may be reached by; any other Host header is a DNS-rebinding attempt. */
function hostAllowed(header: string | undefined, bound: string): boolean {
  if (!header) return false;
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0];
  if (bound === '0.0.0.0' || bound === '::') return true;
  return LOOPBACK.has(name) || name === bound;
}

async function handleApi(req: IncomingMessage, res: ServerResponse, api: AppApi, method: string, bodyLimit: number) {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return send(res, 405, JSON.stringify(failure('bad_request', 'Muster’s actions are called with POST.')), 'application/json; charset=utf-8');
  }
  // Requiring JSON means a page on another origin cannot call without a CORS preflight,
  // which this host never approves.
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    return sendEnvelope(res, failure('bad_request', 'Muster’s actions take a JSON array of arguments.'));
  }
  const text = await readBody(req, bodyLimit);
  if (text === null) return sendEnvelope(res, failure('bad_request', 'The request was larger than Muster accepts.'));
  let args: unknown;
  try {
    args = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    return sendEnvelope(res, failure('bad_request', 'The arguments were not valid JSON.'));
  }
  let name: string;
  try {
    name = decodeURIComponent(method);
  } catch {
    return sendEnvelope(res, failure('unknown_method', 'Muster has no action by that name.'));
  }
  sendEnvelope(res, await dispatchAppApi(api, name, args));
}

/** Serves the built renderer and the AppApi over HTTP, for a browser instead of Electron. */
export async function startPreviewHost(options: PreviewHostOptions): Promise<PreviewHost> {
  const root = options.rendererDir;
  if (!existsSync(join(root, 'index.html'))) {
    throw new RendererMissingError(`The app's UI is not built yet (no ${join(root, 'index.html')}). Run \`npm run build\` first.`);
  }
  const bound = options.host ?? '127.0.0.1';
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const server = createServer((req, res) => {
    void (async () => {
      if (!hostAllowed(req.headers.host, bound)) return send(res, 421, 'Unknown host.\n', 'text/plain; charset=utf-8');
      const path = (req.url ?? '/').split('?')[0];
      if (path.startsWith(API_PREFIX)) return handleApi(req, res, options.api, path.slice(API_PREFIX.length), bodyLimit);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        return send(res, 405, 'Method not allowed.\n', 'text/plain; charset=utf-8');
      }
      const file = fileForPath(root, path);
      if (file && (await sendFile(res, file, req.method === 'HEAD', SECURITY_HEADERS))) return;
      send(res, 404, 'Not found.\n', 'text/plain; charset=utf-8');
    })().catch(() => {
      if (!res.headersSent) send(res, 500, JSON.stringify(failure('internal_error', 'The preview host failed to answer.')), 'application/json; charset=utf-8');
      else res.destroy();
    });
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
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
