import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_HEADER } from '../../../src/services/app/csp';

const html = readFileSync(join(resolve(__dirname, '../../..'), 'src/renderer/index.html'), 'utf8');

describe('the page’s Content-Security-Policy', () => {
  it('is the same in index.html as the one the hosts send', () => {
    const meta = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY_HEADER.startsWith(CONTENT_SECURITY_POLICY)).toBe(true);
  });

  it('allows only the app’s own scripts: no eval, no inline code', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...v]) => [name, v]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(CONTENT_SECURITY_POLICY.replace("style-src 'self' 'unsafe-inline'", '')).not.toMatch(/unsafe-|\bhttps?:|\*/);
  });

  it('keeps the page free of inline script and remote content', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
  });
});
