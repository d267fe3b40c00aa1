import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../src/services/app/csp';

vi.mock('electron', () => ({}));

const { lockDownSession } = await import('../../../src/main/security');
const { FakeSession } = await import('./fake-electron');

describe('the session lock-down', () => {
  it('adds the CSP to every response, replacing none of the other headers', () => {
    const session = new FakeSession();
    lockDownSession(session as never);
    let answer: any;
    session.headersListener!({ url: 'file:///x', responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (answer = r));
    expect(answer.responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY_HEADER]);
    expect(answer.responseHeaders['Content-Type']).toEqual(['text/html']);
    expect(answer.responseHeaders['X-Content-Type-Options']).toEqual(['nosniff']);
  });

  it('keeps a strict policy: no eval, no inline script, nothing from elsewhere', () => {
    expect(CONTENT_SECURITY_POLICY_HEADER).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY_HEADER).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY_HEADER).not.toMatch(/unsafe-eval|\*|https?:/);
    // Only styles may be inline (the grid injects its own); never scripts.
    expect(CONTENT_SECURITY_POLICY_HEADER.replace("style-src 'self' 'unsafe-inline'", '')).not.toContain('unsafe-inline');
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])('denies the %s permission', (permission) => {
    const session = new FakeSession();
    lockDownSession(session as never);
    const granted = vi.fn();
    session.permissionRequest!({}, permission, granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(session.permissionCheck!({}, permission, 'file://')).toBe(false);
    expect(session.devicePermission!({ deviceType: 'usb' })).toBe(false);
  });
});
