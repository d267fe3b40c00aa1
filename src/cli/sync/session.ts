/**
 * What `muster push`, `pull`, `sync` and `status` read the same way: where the mirror is and
 * whose it is, and the token. The use cases (services/usecases) take the result as plain values.
 *
 * - Data folder: `--data DIR`, else MUSTER_DATA_DIR, else the app's folder (defaultDataDir).
 * - Account: `--account NAME`, else MUSTER_ACCOUNT, else "default" (see
 *   services/usecases/session.ts for what the name means).
 * - Token: MUSTER_TOKEN or `--token-file F` (trimmed), never an argument: arguments show in
 *   process lists and shell history. `--token` is refused with that sentence.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultDataDir } from '../../services/mirror/location';
import { checkServerUrl, type Connection } from '../../services/usecases';
import { asUsageError, fileProblem, UsageError } from '../errors';

export type Env = Record<string, string | undefined>;

export const SESSION_OPTIONS = {
  server: { type: 'string' },
  data: { type: 'string' },
  account: { type: 'string' },
  'token-file': { type: 'string' },
  json: { type: 'boolean' },
} as const;

export interface SessionValues {
  server?: string;
  data?: string;
  account?: string;
  'token-file'?: string;
}

/** Refuses a token given as an argument before anything else is looked at. */
export function refuseTokenArgument(args: readonly string[]): void {
  if (args.some((a) => a === '--token' || a.startsWith('--token='))) {
    throw new UsageError('the token is never taken as an argument (it would show in process lists and shell history); set MUSTER_TOKEN or give --token-file FILE.');
  }
}

export function readToken(file: string | undefined, env: Env): string {
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`the token file ${file} ${fileProblem((error as NodeJS.ErrnoException).code)}.`);
    }
    if (!text.trim()) throw new UsageError(`the token file ${file} is empty.`);
    return text.trim();
  }
  const token = env.MUSTER_TOKEN?.trim();
  if (!token) throw new UsageError('no access token: set MUSTER_TOKEN or give --token-file FILE.');
  return token;
}

export const dataDirOf = (values: SessionValues, env: Env): string => resolve(values.data ?? defaultDataDir(env));
export const accountOf = (values: SessionValues, env: Env): string => (values.account ?? env.MUSTER_ACCOUNT ?? 'default').trim() || 'default';

export function requireServer(values: SessionValues): string {
  if (!values.server) throw new UsageError('--server URL is required, e.g. --server https://recruiting.example.com.');
  try {
    checkServerUrl(values.server);
  } catch (error) {
    throw asUsageError(error);
  }
  return values.server;
}

/** The use cases' connection from the options and environment: the server first, then the token. */
export function connectionOf(values: SessionValues, env: Env): Connection {
  const serverUrl = requireServer(values);
  const token = readToken(values['token-file'], env);
  return { dataDir: dataDirOf(values, env), serverUrl, account: accountOf(values, env), token: () => token };
}
