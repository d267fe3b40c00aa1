/**
 * A sync session over the mirror of one service and account, opened from plain values.
 * The faces decide where the values come from (the command line from its options and
 * environment, the app from its settings and the keychain); nothing here reads either.
 */
import type { MirrorDb } from '../mirror/open';
import { createRemoteClient, type RemoteClient, type RemoteContact, type TokenSource } from '../remote/client';
import { syncHandlers } from '../sync/handlers';
import { createSyncRunner, type SyncRunner, type TransitionEvent } from '../sync/runner';
import { openAccountMirror, type MirrorPlace } from './account-mirror';
import { syncEventOf, type EventSink, type SyncEvent } from './events';

/** A mirror place plus the token to reach its service with. */
export interface Connection extends MirrorPlace {
  token: TokenSource;
  /** Hears what each call showed of the service (reached or not), e.g. for an online indicator. */
  onContact?: (contact: RemoteContact) => void;
}

export interface SessionOptions {
  onEvent?: EventSink<SyncEvent>;
  /** Every persisted transition, raw (the crash-test hook listens here). */
  onTransition?: (event: TransitionEvent) => void;
}

export interface SyncSession {
  db: MirrorDb;
  remote: RemoteClient;
  runner: SyncRunner;
  close(): Promise<void>;
}

export function openSyncSession(connection: Connection, options: SessionOptions = {}): SyncSession {
  const db = openAccountMirror(connection);
  const remote = createRemoteClient({ serverUrl: connection.serverUrl, token: connection.token, onContact: connection.onContact });
  const runner = createSyncRunner({
    db,
    remote,
    handlers: syncHandlers,
    onTransition: (event) => {
      const meaning = options.onEvent ? syncEventOf(event) : null;
      if (meaning) options.onEvent!(meaning);
      options.onTransition?.(event);
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

/** Runs `work` over a session that is closed afterwards, whatever happens. */
export async function withSyncSession<T>(connection: Connection, options: SessionOptions, work: (session: SyncSession) => Promise<T>): Promise<T> {
  const session = openSyncSession(connection, options);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}
