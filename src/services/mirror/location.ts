/**
 * Where mirrors live. The desktop app keeps its data in Electron's `userData` folder for an
 * app named "Muster"; the command line uses the same folder by default so `muster pull` and
 * the app share one mirror. `MUSTER_DATA_DIR` (or the CLI's `--data`) overrides it.
 *
 * - `defaultDataDir(env?, platform?, home?)` → absolute folder (not created).
 * - `normaliseServerUrl(url)` → the service URL as one canonical string.
 * - `mirrorFileFor(dataDir, serverUrl, account)` → the mirror file of that service and
 *   account; creates `dataDir` (mode 0700) if missing, and makes it 0700 if it was not. One
 *   file per service and account, so two accounts never see each other's records and a URL
 *   typed two ways is one mirror.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ownerOnlyFolder } from '../owner-only';

export const APP_FOLDER_NAME = 'Muster';

export class MirrorLocationError extends Error {
  override name = 'MirrorLocationError';
}

type Env = Record<string, string | undefined>;

/** Electron's `appData` for each platform, joined with the app's name, as `userData` is. */
export function defaultDataDir(env: Env = process.env, platform: string = process.platform, home: string = homedir()): string {
  const override = env.MUSTER_DATA_DIR?.trim();
  if (override) return resolve(override);
  if (platform === 'win32') return join(env.APPDATA?.trim() || join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.config'), APP_FOLDER_NAME);
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Lower-case scheme and host, no default port, no trailing slash, no query or fragment. */
export function normaliseServerUrl(serverUrl: string): string {
  let url: URL;
  try {
    url = new URL(serverUrl.trim());
  } catch {
    throw new MirrorLocationError(`"${serverUrl}" is not a service address; give one like https://recruiting.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new MirrorLocationError(`"${serverUrl}" is not an http or https address; give one like https://recruiting.example.com.`);
  }
  if (url.username || url.password) {
    throw new MirrorLocationError('The service address must not contain a user name or password; give the token separately.');
  }
  // URL already lower-cases scheme and host and drops a default port; be explicit anyway.
  const port = url.port && url.port !== DEFAULT_PORTS[url.protocol] ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.hostname.toLowerCase()}${port}${path}`;
}

/** A file name that is safe on every platform: letters, digits, dots and dashes only. */
function hostPart(normalised: string): string {
  const { hostname, port } = new URL(normalised);
  const host = hostname.replace(/[^a-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '').slice(0, 64) || 'service';
  return port ? `${host}-${port}` : host;
}

export function mirrorFileFor(dataDir: string, serverUrl: string, account: string): string {
  const normalised = normaliseServerUrl(serverUrl);
  const who = account.trim();
  if (!who) throw new MirrorLocationError('The mirror needs the account it belongs to; none was given.');
  const hash = createHash('sha256').update(`${normalised}\n${who}`).digest('hex').slice(0, 16);
  const dir = resolve(dataDir);
  // 0700: the mirror holds personal data of participants and subjects.
  ownerOnlyFolder(dir);
  return join(dir, `mirror-${hostPart(normalised)}-${hash}.sqlite`);
}
