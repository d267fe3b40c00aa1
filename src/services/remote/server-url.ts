/** Loopback hosts may use plain http: the reference service in tests, the demo, `muster serve`. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The service's base address, checked: https anywhere, http only on loopback (a token must
 * never cross a network in clear text), no credentials, query or fragment. The answer ends
 * with `/` so request paths resolve below any path prefix the service lives under.
 */
export function serviceBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`“${text}” is not a server address; give one like https://recruiting.example.com.`);
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`The server address must start with https:// (plain http:// is only allowed for 127.0.0.1): “${text}”.`);
  }
  if (url.username || url.password) throw new Error('Leave the user name and password out of the server address; the token is given separately.');
  if (url.search || url.hash) throw new Error(`The server address must not contain “?” or “#”: “${text}”.`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
