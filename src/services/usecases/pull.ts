/**
 * Pull a mirror up to date: the imports and actions of the events it knows, and every
 * subject of the account. Read-only towards the service; local changes are never
 * overwritten, and what was pulled before is kept when a pull fails half-way.
 */
import { existsSync, rmSync } from 'node:fs';
import { mirrorFileFor } from '../mirror/location';
import { lastSyncAt, markSynced } from '../mirror/queries/outbox/sync-state';
import { countByState } from '../mirror/queries/subjects/subjects';
import { followCampaign } from '../mirror/queries/subjects/campaigns';
import { createRemoteClient } from '../remote/client';
import { isRemoteError } from '../remote/errors';
import { pullAll, type PullReport } from '../sync/pull';
import { UseCaseError } from './errors';
import type { EventSink } from './events';
import { type Connection } from './session';
import { openAccountMirror } from './account-mirror';

export type { PullReport };

export type PullEvent = { type: 'subjects-pulled'; pulled: number; total: number | null };

export interface PullMirrorOptions {
  onEvent?: EventSink<PullEvent>;
  /** Stops between pages; what was written so far is kept. */
  signal?: AbortSignal;
  /** Campaigns to follow from now on (their slices are pulled with this pull and every next one). */
  follow?: readonly number[];
}

/** A pull that could not reach the service on a mirror it had just made leaves no file behind. */
function forgetNewMirror(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

export async function pullMirror(connection: Connection, options: PullMirrorOptions = {}): Promise<PullReport> {
  const file = mirrorFileFor(connection.dataDir, connection.serverUrl, connection.account);
  const isNew = !existsSync(file);
  const db = openAccountMirror(connection);
  let pulledNothing = false;
  const remote = createRemoteClient({ serverUrl: connection.serverUrl, token: connection.token, onContact: connection.onContact });
  try {
    for (const campaignId of options.follow ?? []) followCampaign(db, campaignId);
    const report = await pullAll(db, remote, {
      signal: options.signal,
      ...(options.onEvent ? { onPage: (counts, total) => options.onEvent!({ type: 'subjects-pulled', pulled: counts.pulled, total }) } : {}),
    });
    // A complete pull is a sync: the mirror now shows what the service had at this moment.
    markSynced(db);
    return report;
  } catch (error) {
    if (isRemoteError(error)) {
      if (options.signal?.aborted) throw new UseCaseError('the pull was stopped; what was pulled so far is kept.', 'interrupted');
      pulledNothing = isNew && lastSyncAt(db) === null && Object.values(countByState(db)).every((n) => n === 0);
      if (error.kind === 'unauthorized') throw new UseCaseError(error.message, 'token_refused').saidAs(error.failure.words);
      const unanswered = error.failure.source === 'network' || error.failure.source === 'timeout';
      throw new UseCaseError(error.message, unanswered ? 'unreachable' : 'failed').saidAs(error.failure.words);
    }
    throw error;
  } finally {
    remote.close();
    db.close();
    if (pulledNothing) forgetNewMirror(file);
  }
}
