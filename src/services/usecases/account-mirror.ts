/**
 * The mirror of one service and account, opened from plain values, and the pool that keeps
 * such connections open between calls. Kept apart from the sync session (session.ts) so
 * work on the mirror alone (a draft open in the workspace, a search) does not load the
 * remote client and the sync runner.
 *
 * The interface has no who-am-I endpoint, so Muster cannot learn which account a token
 * belongs to; `account` only keeps two people's mirrors of one service apart (docs/sync.md).
 */
import { MirrorLocationError, normaliseServerUrl } from '../mirror/location';
import { MirrorOpenError, openMirrorFor, type MirrorDb } from '../mirror/open';
import { setSyncState } from '../mirror/queries/outbox/sync-state';
import { serviceBaseUrl } from '../remote/server-url';
import { UseCaseError, refusal } from './errors';

/** Where a mirror lives and whose it is. */
export interface MirrorPlace {
  dataDir: string;
  serverUrl: string;
  account: string;
  /** Connections kept open between calls (the app's); without it each call opens the file. */
  mirrors?: MirrorPool;
}

/** Refuses a server address the client could not use, in the client's own words. */
export function checkServerUrl(serverUrl: string): void {
  try {
    serviceBaseUrl(serverUrl);
  } catch (error) {
    throw new UseCaseError((error as Error).message);
  }
}

/** Opens (creating if new) the mirror of this service and account, and notes both in it. */
export function openAccountMirror(place: MirrorPlace): MirrorDb {
  checkServerUrl(place.serverUrl);
  let db: MirrorDb;
  try {
    db = openMirrorFor(place.dataDir, place.serverUrl, place.account);
  } catch (error) {
    if (error instanceof MirrorOpenError || error instanceof MirrorLocationError || (error as NodeJS.ErrnoException).code) throw new UseCaseError((error as Error).message);
    throw error;
  }
  // So a status without a server named can say whose mirror each file is.
  db.transaction(() => {
    setSyncState(db, 'server_url', normaliseServerUrl(place.serverUrl));
    setSyncState(db, 'account', place.account);
  })();
  return db;
}

/**
 * Runs `work` over the account's mirror: the place's pooled connection when it has a pool,
 * otherwise one opened for the call and closed afterwards whatever happens.
 */
export function withAccountMirror<T>(place: MirrorPlace, work: (db: MirrorDb) => T): T {
  if (place.mirrors) return work(place.mirrors.get(place));
  const db = openAccountMirror(place);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * One open connection per mirror, kept between calls. A search typed letter by letter then
 * reads from a warm page cache with its statements compiled, instead of opening the file,
 * checking its migrations and reading its pages from disk again for each letter. Safe beside
 * sync sessions: each has its own connection, and WAL lets readers and one writer share it.
 */
export interface MirrorPool {
  get(place: MirrorPlace): MirrorDb;
  /** Closes every connection to mirrors of this service and account (an account removed). */
  forget(serverUrl: string, account: string): void;
  /** Closes them all; the pool opens nothing afterwards (the app is quitting). */
  close(): void;
}

export function createMirrorPool(): MirrorPool {
  const open = new Map<string, { db: MirrorDb; serverUrl: string; account: string }>();
  let closed = false;
  return {
    get(place) {
      if (closed) throw refusal('closing', 'interrupted');
      const key = JSON.stringify([place.dataDir, place.serverUrl, place.account]);
      let entry = open.get(key);
      if (!entry?.db.open) {
        entry = { db: openAccountMirror(place), serverUrl: place.serverUrl, account: place.account };
        open.set(key, entry);
      }
      return entry.db;
    },
    forget(serverUrl, account) {
      for (const [key, entry] of open) {
        if (entry.serverUrl !== serverUrl || entry.account !== account) continue;
        if (entry.db.open) entry.db.close();
        open.delete(key);
      }
    },
    close() {
      closed = true;
      for (const { db } of open.values()) if (db.open) db.close();
      open.clear();
    },
  };
}
