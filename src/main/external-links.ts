/**
 * The only way out of the app's window: an https link the app itself shows, opened in the
 * person's browser. Everything else a page might try to open (http, file:, custom schemes,
 * hosts the app never links to) is refused, so a string from a sheet or a server that
 * looks like a link can never launch a program.
 */
// The screens link nowhere outside yet; a screen that shows a link adds its host here.
export const EXTERNAL_LINK_HOSTS: readonly string[] = [];

export function isAllowedExternalLink(url: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && hosts.includes(parsed.hostname);
}

/** A window-open handler: allowed links go to the browser; no window is ever opened. */
export function externalLinkHandler(openExternal: (url: string) => Promise<void> | void, hosts: readonly string[] = EXTERNAL_LINK_HOSTS) {
  return ({ url }: { url: string }): { action: 'deny' } => {
    if (isAllowedExternalLink(url, hosts)) void openExternal(url);
    return { action: 'deny' };
  };
}
