/**
 * The app's own scheme. The window loads app://muster/index.html, answered from the built
 * renderer folder: unlike file://, the page has an origin of its own and can name nothing
 * outside that folder. `..` (plain or encoded), backslashes, encoded slashes, empty segments
 * (an absolute path after the host), drive letters and other hosts are refused before any
 * file is touched. No Electron here, so tests run it as it is (app-protocol.ts wires it in).
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { contentTypeOf } from '../services/app/content-types';
import { PAGE_SECURITY_HEADERS } from './security';

export const APP_SCHEME = 'app';
export const APP_HOST = 'muster';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The file under `root` that an app:// URL names, or null when it may not name one. */
export function appFileFor(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.hostname !== APP_HOST || parsed.port || parsed.username || parsed.password) return null;
  const raw = parsed.pathname;
  // Encoded separators would turn into path separators only after the checks below.
  if (raw.includes('\\') || /%(5c|2f|00)/i.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const segments = decoded === '/' ? ['index.html'] : decoded.slice(1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\:\0]/.test(s))) return null;
  const base = resolve(root);
  const file = resolve(base, ...segments);
  return file.startsWith(base + sep) ? file : null;
}

type Answer = { status: number; body: Uint8Array<ArrayBuffer> | string | null; headers: Record<string, string> };

// Response headers are single strings; the session's header hook takes lists.
const SECURITY_HEADERS = Object.fromEntries(Object.entries(PAGE_SECURITY_HEADERS).map(([name, [value]]) => [name, value]));

const refusal = (status: number, text: string): Answer => ({ status, body: text, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

async function answerOf(root: string, method: string, url: string): Promise<Answer> {
  if (method !== 'GET' && method !== 'HEAD') return refusal(405, 'Only GET and HEAD are answered.');
  const file = appFileFor(root, url);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) return refusal(404, 'Not found.');
  return { status: 200, body: method === 'HEAD' ? null : new Uint8Array(await readFile(file)), headers: { 'Content-Type': contentTypeOf(file), 'Content-Length': String(info.size) } };
}

/** The answer to a request on the app scheme; every one carries the CSP and nosniff. */
export async function answerAppRequest(root: string, request: { method: string; url: string }): Promise<Response> {
  const { status, body, headers } = await answerOf(root, request.method, request.url);
  return new Response(body, { status, headers: { ...headers, ...SECURITY_HEADERS } });
}
