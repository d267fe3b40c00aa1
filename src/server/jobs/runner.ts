import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/open';
import { unfinishedActionIds } from '../store/import-actions';
import { ImportActionJob, JobTakenOver } from './import-action-job';

/** Where the runner reports what went wrong; causes go here, never to clients. */
export interface JobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const SILENT: JobLog = { error: () => {}, warn: () => {} };

export interface JobRunnerOptions {
  /** Participants written per transaction; progress is visible between chunks. */
  chunkSize?: number;
  /** Pause between chunks, so requests interleave (and tests can stop a job midway). */
  pauseMs?: number;
  /** Pick up queued and running actions when the service starts (default true). */
  resumeOnStart?: boolean;
  log?: JobLog;
}

export const DEFAULT_CHUNK_SIZE = 2000;

/**
 * Runs import actions outside the request, one at a time, oldest first. Every step of a
 * job is one SQLite transaction that also records how far the job got, so a stopped or
 * killed service resumes each queued or running action where it left off: never lost,
 * never a chunk written twice.
 */
export class JobRunner {
  private readonly queue: number[] = [];
  private current: number | null = null;
  private loop: Promise<void> | null = null;
  private stopped = true;
  private readonly chunkSize: number;
  private readonly pauseMs: number;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
    this.pauseMs = Math.max(0, options.pauseMs ?? 0);
  }

  start(): void {
    this.stopped = false;
    if (this.options.resumeOnStart !== false) for (const id of unfinishedActionIds(this.db)) this.enqueue(id);
    this.kick();
  }

  enqueue(actionId: number): void {
    if (this.current !== actionId && !this.queue.includes(actionId)) this.queue.push(actionId);
    this.kick();
  }

  /** Stops after the chunk in progress; unfinished jobs stay queued in the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  /** Resolves when nothing is queued or running (for the command line and tests). */
  async whenIdle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  private kick(): void {
    if (this.loop || this.stopped || this.queue.length === 0) return;
    this.loop = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'the job runner stopped unexpectedly'))
      .finally(() => {
        this.loop = null;
        this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.queue.length > 0) {
      const id = this.queue.shift() as number;
      this.current = id;
      try {
        await this.run(id);
      } finally {
        this.current = null;
      }
    }
  }

  private get log(): JobLog {
    return this.options.log ?? SILENT;
  }

  /**
   * Runs one job to its end. A job another process moved on is left to that process; a
   * failing job is marked failed; and if even that cannot be written (a full disk), the
   * job stays as it is for the next start rather than taking the service down.
   */
  private async run(actionId: number): Promise<void> {
    let job: ImportActionJob | null;
    try {
      job = ImportActionJob.load(this.db, actionId, this.now);
    } catch (error) {
      this.log.error({ err: error, actionId }, 'could not load an import action');
      return;
    }
    if (!job) return;
    while (!this.stopped) {
      let finished: boolean;
      try {
        finished = job.step(this.chunkSize);
      } catch (error) {
        if (error instanceof JobTakenOver) {
          this.log.warn({ actionId }, 'another runner is working on this import action; leaving it');
          return;
        }
        this.log.error({ err: error, actionId }, 'an import action failed');
        try {
          job.fail();
        } catch (failure) {
          this.log.error({ err: failure, actionId }, 'could not record the failure; the action resumes at the next start');
        }
        return;
      }
      if (finished) return;
      // Yield to the event loop so requests (and polling) are served between chunks.
      await (this.pauseMs > 0 ? sleep(this.pauseMs) : new Promise((resolve) => setImmediate(resolve)));
    }
  }
}
