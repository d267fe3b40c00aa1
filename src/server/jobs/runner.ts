import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/open';
import { unfinishedActionIds } from '../store/import-actions';
import { ImportActionJob } from './import-action-job';

export interface JobRunnerOptions {
  /** Participants written per transaction; progress is visible between chunks. */
  chunkSize?: number;
  /** Pause between chunks, so requests interleave (and tests can stop a job midway). */
  pauseMs?: number;
  /** Pick up queued and running actions when the service starts (default true). */
  resumeOnStart?: boolean;
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
    this.loop = this.drain().finally(() => {
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

  private async run(actionId: number): Promise<void> {
    const job = ImportActionJob.load(this.db, actionId, this.now);
    if (!job) return;
    while (!this.stopped) {
      let finished: boolean;
      try {
        finished = job.step(this.chunkSize);
      } catch (error) {
        job.fail(error);
        return;
      }
      if (finished) return;
      // Yield to the event loop so requests (and polling) are served between chunks.
      await (this.pauseMs > 0 ? sleep(this.pauseMs) : new Promise((resolve) => setImmediate(resolve)));
    }
  }
}
