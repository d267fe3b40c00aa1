/**
 * The contract between the outbox runner (runner.ts) and the flows (imports/, subjects/).
 *
 * A handler performs ONE outbox op against the service and says how it ended:
 * - `done`: the op succeeded; `remoteRef`/`result` are stored on the op and `apply` (if any)
 *   writes the answer into the mirror in the SAME transaction as `outbox.complete`, so the
 *   mirror never shows a change the outbox still thinks is pending (or the other way round).
 * - `wait`: not a failure (e.g. an import action still running): the op goes back to pending
 *   and is tried again at `at`; it is not counted as an error (no backoff growth); `apply`
 *   (e.g. the job's progress) is written in the same transaction.
 * - `reject`: the handler refuses the op for good with a sentence (see below).
 * A failure is thrown as a RemoteError (src/services/remote/errors.ts); the runner classifies
 * it (retry / ambiguous / unauthorized / conflict / not_found / rejected). A handler that can
 * turn a conflict/not_found/rejected into something better (adopt, mark a conflict) catches
 * it itself. Any other thrown Error rejects the op with its message.
 *
 * Exactly once: a handler of a creating POST must, when `mayHaveRun(op)` (an earlier attempt
 * was claimed, so its POST may have reached the service), first LOOK for what that attempt may
 * have created (list/search, compare content) and adopt it; and it calls
 * `ctx.recordRemoteRef(op.id, id)` as soon as it knows the created id, before anything else.
 * The op a handler gets is already claimed: `attempts` counts this attempt (≥ 1).
 */
import type { MirrorDb } from '../mirror/open';
import type { OutboxOp } from '../mirror/queries/outbox/outbox';
import type { RemoteClient } from '../remote/client';
import type { Message } from '../../core/i18n';

export interface SyncContext {
  db: MirrorDb;
  remote: RemoteClient;
  now(): number;
  /** Aborted when the runner stops: pass it to remote calls. */
  signal: AbortSignal;
  /**
   * `setRemoteRef(db, opId, ref)` plus the runner's `remote_ref` transition (crash-test hook):
   * call it the moment a created or adopted record's id is known, before anything else.
   */
  recordRemoteRef(opId: number, ref: number): void;
}

export type OpOutcome =
  | { type: 'done'; remoteRef?: number | null; result?: unknown; apply?: (db: MirrorDb) => void }
  | { type: 'wait'; at: number; note?: string; apply?: (db: MirrorDb) => void }
  /** The handler turned a refusal into a sentence itself (e.g. to mark its record failed in
   *  `apply`, which runs in the same transaction as `outbox.reject`). */
  | { type: 'reject'; error: string; status?: number | null; apply?: (db: MirrorDb) => void; /** `error` as catalog words, when Muster's own. */ words?: Message[] };

// `any`: each handler names its own payload type; the registry holds them all.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpHandler = (op: OutboxOp<any>, ctx: SyncContext) => Promise<OpOutcome>;

export type HandlerRegistry = Record<string, OpHandler>;

/**
 * True when an earlier attempt of this op may already have reached the service: the op has
 * been claimed before (claim counts attempts, and a crash mid-flight leaves attempts > 1 after
 * the reset). The runner claims before calling the handler, so attempts is ≥ 1 on the first run.
 */
export const mayHaveRun = (op: OutboxOp<unknown>): boolean => op.attempts > 1;
