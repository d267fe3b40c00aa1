import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY_HEADER } from '../services/app/csp';
import { externalLinkHandler } from './external-links';

/**
 * The window shows only the app's own page: it never navigates, opens windows or attaches
 * webviews. A link the app shows (https, to a host on its list) opens in the browser.
 */
export function lockDownContents(contents: WebContents, openExternal: (url: string) => Promise<void> | void = () => undefined): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(externalLinkHandler(openExternal));
}

/** What every answer to the page carries, from the app scheme or (in development) the dev server. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, [string]>> = {
  'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER],
  'X-Content-Type-Options': ['nosniff'],
};

/**
 * Every response carries the CSP (the meta tag covers the page too, the header covers what
 * a meta tag cannot), and the renderer is never granted camera, notifications, etc.
 */
export function lockDownSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        ...PAGE_SECURITY_HEADERS,
      },
    });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
