import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../src/services/app/csp';
import { answerAppRequest, appFileFor } from '../../../src/main/app-scheme';

const tmp = mkdtempSync(join(tmpdir(), 'muster-app-scheme-'));
const root = join(tmp, 'renderer');

beforeAll(() => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="app"></div>');
  writeFileSync(join(root, 'assets', 'index.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'index.css'), 'body{}');
  // What a page must never reach: a file next to the folder, and a folder whose name starts
  // like the renderer's.
  writeFileSync(join(tmp, 'secret.txt'), 'token');
  mkdirSync(join(tmp, 'renderer-evil'));
  writeFileSync(join(tmp, 'renderer-evil', 'secret.txt'), 'token');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The URL parser resolves dot segments (encoded ones too) before anything sees the path, so
// these name files inside the folder (none of which exist).
const DOT_SEGMENTS = [
  'app://muster/../secret.txt',
  'app://muster/%2e%2e/secret.txt',
  'app://muster/%2E%2E/%2e%2e/secret.txt',
  'app://muster/../renderer-evil/secret.txt',
];
const REFUSED = [
  'app://muster/..%2fsecret.txt',
  'app://muster/..%2Fsecret.txt',
  'app://muster/..%5csecret.txt',
  'app://muster/assets/..%5C..%5Csecret.txt',
  'app://muster/..\\secret.txt',
  'app://muster/assets\\..\\..\\secret.txt',
  `app://muster/${encodeURIComponent(join(tmp, 'secret.txt'))}`,
  `app://muster/${join(tmp, 'secret.txt')}`,
  'app://muster//etc/passwd',
  'app://muster/C:/Windows/win.ini',
  'app://muster/C%3A%5CWindows%5Cwin.ini',
  'app://muster/index.html%00.js',
  'app://muster/%E0%A4%A',
  'app://evil/index.html',
  'app://muster:8080/index.html',
  'app://user:pw@muster/index.html',
  'file:///etc/passwd',
  'https://muster/index.html',
  'not a url',
];
const HOSTILE = [...DOT_SEGMENTS, ...REFUSED];

describe('which file an app:// URL names', () => {
  it('maps the page and its assets into the renderer folder', () => {
    expect(appFileFor(root, 'app://muster/')).toBe(join(root, 'index.html'));
    expect(appFileFor(root, 'app://muster/index.html?x=1#/about')).toBe(join(root, 'index.html'));
    expect(appFileFor(root, 'app://muster/assets/index.js')).toBe(join(root, 'assets', 'index.js'));
    expect(appFileFor(root, 'app://muster/assets/a%20b.js')).toBe(join(root, 'assets', 'a b.js'));
  });

  it.each(HOSTILE)('never names a file outside the folder: %s', (url) => {
    const file = appFileFor(root, url);
    if (file !== null) expect(file.startsWith(root + sep)).toBe(true);
  });

  it('refuses encoded separators, backslashes, absolute paths, drive letters and other hosts outright', () => {
    for (const url of REFUSED) expect(appFileFor(root, url), url).toBeNull();
  });
});

describe('the answers on the app scheme', () => {
  const get = (url: string, method = 'GET') => answerAppRequest(root, { method, url });

  it('serves the page and its assets with their content types, the CSP and nosniff', async () => {
    for (const [url, type, text] of [
      ['app://muster/index.html', 'text/html; charset=utf-8', '<!doctype html><div id="app"></div>'],
      ['app://muster/assets/index.js', 'text/javascript; charset=utf-8', 'export {};'],
      ['app://muster/assets/index.css', 'text/css; charset=utf-8', 'body{}'],
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type'), url).toBe(type);
      expect(answer.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY_HEADER);
      expect(answer.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(await answer.text(), url).toBe(text);
    }
  });

  it.each(HOSTILE)('reads nothing outside the folder and still sends the CSP: %s', async (url) => {
    const answer = await get(url);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('token');
    expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY_HEADER);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a missing file with 404, HEAD without a body and anything else with 405', async () => {
    expect((await get('app://muster/missing.js')).status).toBe(404);
    expect((await get('app://muster/assets')).status).toBe(404);
    const head = await get('app://muster/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('35');
    expect(await head.text()).toBe('');
    const post = await get('app://muster/index.html', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY_HEADER);
  });
});
