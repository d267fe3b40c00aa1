import { protocol } from 'electron';
import { answerAppRequest, APP_SCHEME } from './app-scheme';

/**
 * Must run before the app is ready. Standard gives the page a real origin (relative URLs,
 * 'self' in the CSP); secure makes it a secure context like https; module scripts and their
 * preloads are fetched in CORS mode, hence fetch and CORS support.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
}

/** Once ready: answers app:// from the built renderer folder `root` and nothing else. */
export function serveAppScheme(root: string): void {
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(root, request));
}
