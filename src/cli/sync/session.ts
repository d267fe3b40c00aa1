/**
 * What `muster push`, `sync` and `status` share: where the mirror is and whose it is, the
 * token, and a runner over the mirror with progress lines and the crash-test hook.
 *
 * - Data folder: `--data DIR`, else MUSTER_DATA_DIR, else the app's folder (defaultDataDir).
 * - Account: `--account NAME`, else MUSTER_ACCOUNT, else "default". The interface has no
 *   who-am-I endpoint, so Muster cannot learn which account a token belongs to; the name only
 *   keeps two people's mirrors of one service apart (docs/sync.md).
 * - Token: MUSTER_TOKEN or `--token-file F` (trimmed), never an argument: arguments show in
 *   process lists and shell history. `--token` is refused with that sentence.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultDataDir, MirrorLocationError, normaliseServerUrl } from '../../services/mirror/location';
import { MirrorOpenError, openMirrorFor, type MirrorDb } from '../../services/mirror/open';
import { setSyncState } from '../../services/mirror/queries/sync-state';
import { createRemoteClient, type RemoteClient } from '../../services/remote/client';
import { serviceBaseUrl } from '../../services/remote/server-url';
import { crashHookFromEnv } from '../../services/sync/crash-hook';
import { syncHandlers } from '../../services/sync/handlers';
import { createSyncRunner, type SyncRunner, type TransitionEvent } from '../../services/sync/runner';
import { UsageError } from '../errors';

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
      throw new UsageError(`the token file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
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
    serviceBaseUrl(values.server);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return values.server;
}

/** Opens (creating if new) the mirror of this service and account, and notes both in it. */
export function openSessionMirror(values: SessionValues, env: Env): MirrorDb {
  const server = requireServer(values);
  const account = accountOf(values, env);
  let db: MirrorDb;
  try {
    db = openMirrorFor(dataDirOf(values, env), server, account);
  } catch (error) {
    if (error instanceof MirrorOpenError || error instanceof MirrorLocationError || (error as NodeJS.ErrnoException).code) throw new UsageError((error as Error).message);
    throw error;
  }
  // So `muster status` without --server can say whose mirror each file is.
  db.transaction(() => {
    setSyncState(db, 'server_url', normaliseServerUrl(server));
    setSyncState(db, 'account', account);
  })();
  return db;
}

export interface SyncSession {
  db: MirrorDb;
  remote: RemoteClient;
  runner: SyncRunner;
  close(): Promise<void>;
}

export function openSyncSession(values: SessionValues, env: Env, onTransition?: (event: TransitionEvent) => void): SyncSession {
  const server = requireServer(values);
  const token = readToken(values['token-file'], env);
  const db = openSessionMirror(values, env);
  const remote = createRemoteClient({ serverUrl: server, token: () => token });
  const crash = crashHookFromEnv(env);
  const runner = createSyncRunner({
    db,
    remote,
    handlers: syncHandlers,
    onTransition: (event) => {
      onTransition?.(event);
      crash?.(event);
    },
  });
  return {
    db,
    remote,
    runner,
    async close() {
      await runner.stop();
      remote.close();
      db.close();
    },
  };
}
