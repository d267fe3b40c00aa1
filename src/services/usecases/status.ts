/**
 * Where syncing stands, from the outbox alone (no token, no network): for one service's
 * mirror or every mirror in a data folder, the counts per state, the oldest pending change,
 * the last successful sync, the current error and each push's state.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mirrorFileFor } from '../mirror/location';
import { MirrorOpenError, openMirror, type MirrorDb } from '../mirror/open';
import { outboxStatus, type OutboxStatus } from '../mirror/queries/outbox/outbox-status';
import { getSyncState } from '../mirror/queries/outbox/sync-state';
import { draftPushStatuses, type DraftPushStatus } from '../sync/imports';
import { UseCaseError } from './errors';
import { checkServerUrl } from './account-mirror';

export type { OutboxStatus, DraftPushStatus };

export interface MirrorStatus {
  server: string | null;
  account: string | null;
  file: string;
  outbox: OutboxStatus;
  drafts: DraftPushStatus[];
}

export interface StatusInput {
  dataDir: string;
  /** One service's mirror (with `account`); otherwise every mirror in the folder. */
  serverUrl?: string;
  account: string;
}

export interface StatusReport {
  mirrors: MirrorStatus[];
  /** Sentences about mirror files that could not be read. */
  problems: string[];
}

function describe(db: MirrorDb, file: string, now: number): MirrorStatus {
  return {
    server: getSyncState(db, 'server_url'),
    account: getSyncState(db, 'account'),
    file,
    outbox: outboxStatus(db, now),
    drafts: draftPushStatuses(db),
  };
}

function mirrorFiles(input: StatusInput): string[] {
  if (input.serverUrl) {
    checkServerUrl(input.serverUrl);
    const file = mirrorFileFor(input.dataDir, input.serverUrl, input.account);
    if (!existsSync(file)) throw new UseCaseError(`nothing was synced with ${input.serverUrl} (account ${input.account}) from this computer yet; the mirror would be ${file}.`, 'failed');
    return [file];
  }
  if (!existsSync(input.dataDir)) return [];
  return readdirSync(input.dataDir).filter((name) => /^mirror-.*\.sqlite$/.test(name)).sort().map((name) => join(input.dataDir, name));
}

export function mirrorStatus(input: StatusInput, now: number = Date.now()): StatusReport {
  const mirrors: MirrorStatus[] = [];
  const problems: string[] = [];
  for (const file of mirrorFiles(input)) {
    let db: MirrorDb;
    try {
      db = openMirror(file);
    } catch (error) {
      if (error instanceof MirrorOpenError) {
        problems.push(error.message);
        continue;
      }
      throw error;
    }
    try {
      mirrors.push(describe(db, file, now));
    } finally {
      db.close();
    }
  }
  return { mirrors, problems };
}
