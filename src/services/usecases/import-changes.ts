/**
 * A person's changes to an import already on the service: an import action with the six
 * flags (followed to its end), and the import's destroy. Each is saved in the outbox first,
 * like every other change, and then sent; when the service cannot be reached the change
 * waits there and the next sync sends it.
 */
import type { ImportChangeResult } from '../../core/contract/app-api';
import { DEFAULT_IMPORT_FLAGS, type ImportFlags } from '../../core/contract/imports';
import { opsOfEntity } from '../mirror/queries/outbox/outbox';
import { enqueueImportAction, enqueueImportDestroy, IMPORT_ENTITY, ImportChangeError } from '../sync/import-review';
import { UseCaseError } from './errors';
import type { EventSink, SyncEvent } from './events';
import { reviewOf } from './import-review';
import { runSession, startNow } from './run';
import { withSyncSession, type Connection, type SyncSession } from './session';

export type { ImportChangeResult };

export interface ImportChangeOptions {
  onEvent?: EventSink<SyncEvent>;
  signal?: AbortSignal;
  /** End at the first failed attempt instead of waiting out retries (the app says at once that the change waits). */
  untilFailure?: boolean;
}

const WAITING = new Set(['pending', 'in_flight']);

/**
 * Runs the outbox until the given ops have ended (or they cannot go on now), then says how
 * they stand. Earlier changes of the same import run first, so their failures count as ours.
 */
async function follow(session: SyncSession, importId: number, opIds: readonly number[], options: ImportChangeOptions): Promise<ImportChangeResult> {
  const open = () => opsOfEntity(session.db, IMPORT_ENTITY, importId).filter((op) => WAITING.has(op.state));
  const ours = () => opsOfEntity(session.db, IMPORT_ENTITY, importId).filter((op) => opIds.includes(op.id));
  const tried = new Map(open().map((op) => [op.id, op.attempts]));
  startNow(session);
  const end = await runSession(session, {
    signal: options.signal,
    settled: () => ours().every((op) => !WAITING.has(op.state)),
    nextAttemptAt: () => open().find((op) => op.state === 'pending')?.nextAttemptAt ?? null,
    ...(options.untilFailure ? { failed: () => open().some((op) => op.lastError !== null && op.attempts > (tried.get(op.id) ?? 0)) } : {}),
  });
  const refused = ours().find((op) => op.state === 'rejected' || op.state === 'blocked')?.lastError ?? null;
  const stillOpen = open();
  const waiting = stillOpen.length > 0 ? (stillOpen.find((op) => op.lastError)?.lastError ?? 'It waits in the outbox until the service can be reached.') : null;
  return { end, refused, waiting, review: reviewOf(session.db, importId, waiting) };
}

function queued<T>(enqueue: () => T): T {
  try {
    return enqueue();
  } catch (error) {
    if (error instanceof ImportChangeError) throw new UseCaseError(error.message, 'input');
    throw error;
  }
}

/** Starts an import action on the import with `flags` (the interface's defaults fill the rest) and follows it. */
export async function actOnImport(connection: Connection, importId: number, flags: Partial<ImportFlags>, options: ImportChangeOptions = {}): Promise<ImportChangeResult> {
  const chosen: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, ...flags };
  return withSyncSession(connection, { onEvent: options.onEvent }, async (session) => {
    const { actOpId, pollOpId } = queued(() => enqueueImportAction(session.db, importId, chosen));
    return follow(session, importId, [actOpId, pollOpId], options);
  });
}

/** Destroys the import on the service; the mirror forgets it with its parse and actions once the service has. */
export async function destroyImportOf(connection: Connection, importId: number, options: ImportChangeOptions = {}): Promise<ImportChangeResult> {
  return withSyncSession(connection, { onEvent: options.onEvent }, async (session) => {
    const opId = queued(() => enqueueImportDestroy(session.db, importId));
    return follow(session, importId, [opId], options);
  });
}
