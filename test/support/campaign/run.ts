/**
 * One campaign run (see index.ts): a fresh mirror file; subjects the service already has,
 * pulled; the plan's faults programmed; then each phase's offline operations followed by a
 * stretch of syncing that may end in a crash (crash.ts) or a stop, the file opened again as
 * a restarted app would. Then healing: faults cleared, a new token when the old one was
 * expired, syncing until idle. Then the verdict (check.ts) and the run's subjects deleted
 * from the service, so one service serves a thousand runs without growing.
 *
 * The runner is the real one over the real handlers, with one campaign-only change: its
 * backoff is 5–40 ms instead of 1 s–5 min (`backoff`), so a run takes a fraction of a second;
 * a `Retry-After` still holds it back for real.
 */
import { rmSync } from 'node:fs';
import type { Subject } from '../../../src/core/contract/subjects';
import { firstApplicationOf, issueToken } from '../../../src/server/store/companies';
import { openMirror, type MirrorDb } from '../../../src/services/mirror/open';
import { learnEventId } from '../../../src/services/mirror/queries/imports/events';
import { createRemoteClient, type RemoteClient } from '../../../src/services/remote/client';
import { syncHandlers } from '../../../src/services/sync/handlers';
import type { HandlerRegistry } from '../../../src/services/sync/types';
import { pullAll } from '../../../src/services/sync/pull';
import { createSyncRunner, type IdleReport, type SyncRunner } from '../../../src/services/sync/runner';
import { freshEvent } from '../events';
import type { TestService } from '../service';
import { checkRun, type Tally } from './check';
import { crashable, type Crashable } from './crash';
import { traced, traceOf } from './trace';
import { addExisting, applyOffline, newModel, newPerson, type Expected, type Model } from './model';
import { seededRandom } from '../../../src/server/faults/random';
import { STEPS, type RunPlan, type SyncStretch } from './plan';

export interface RunOutcome extends Tally {
  seed: number;
  ms: number;
  crashes: number;
}

const BACKOFF = { baseMs: 5, capMs: 40 };
const STRETCH_TIMEOUT_MS = 20_000;
let runCounter = 0;

/** Leaves Idempotency-Key out, as a service that ignores it behaves: adoption alone must hold. */
const withoutKeys = (remote: RemoteClient): RemoteClient => ({ baseUrl: remote.baseUrl, close: () => remote.close(), fetchFile: (operation, params, options) => remote.fetchFile(operation, params, options), call: (operation, call) => remote.call(operation, { ...call, idempotencyKey: undefined }) });

class Session {
  process: Crashable;
  readonly dead: Crashable[] = [];
  readonly problems: string[] = [];
  readonly random: () => number;
  crashes = 0;
  private readonly app: number;

  constructor(
    readonly service: TestService,
    readonly file: string,
    readonly remote: RemoteClient,
    readonly token: { value: string },
    seed: number,
    readonly handlers: HandlerRegistry,
  ) {
    this.process = crashable(openMirror(file), remote);
    this.random = seededRandom(seed);
    this.app = firstApplicationOf(service.context.db, 1)!;
  }

  get db(): MirrorDb {
    return this.process.db;
  }

  renewToken(): void {
    this.token.value = issueToken(this.service.context.db, this.app, new Date(), null).token;
  }

  /** The app starting again on the same file. */
  reopen(): void {
    if (!this.process.dead) this.process.real.close();
    this.process = crashable(openMirror(this.file), this.remote);
  }

  runner(onTransition?: (runner: SyncRunner) => void): SyncRunner {
    const runner: SyncRunner = createSyncRunner({ db: this.db, remote: this.process.remote, handlers: this.handlers, backoff: BACKOFF, random: this.random, onTransition: () => onTransition?.(runner) });
    return runner;
  }

  async stretch(plan: SyncStretch): Promise<void> {
    let count = 0;
    let end!: (how: 'crash' | 'stop') => void;
    const ended = new Promise<'crash' | 'stop'>((resolve) => (end = resolve));
    const current = this.process;
    const runner = this.runner((r) => {
      if (++count !== plan.after) return;
      if (plan.end === 'crash') current.kill();
      else void r.stop();
      end(plan.end);
    });
    for (let renewals = 0; ; renewals++) {
      const report: IdleReport | 'crash' | 'stop' = await Promise.race([runner.runUntilIdle({ timeoutMs: STRETCH_TIMEOUT_MS }), ended]);
      if (report === 'crash') return this.restartAfterCrash(current);
      if (report !== 'stop' && report.state === 'paused' && plan.renewAtOnce && renewals < 5) {
        this.renewToken();
        runner.resume();
        continue;
      }
      if (report !== 'stop' && report.state === 'timeout') this.problems.push(`a sync stretch did not settle in ${STRETCH_TIMEOUT_MS} ms`);
      await runner.stop();
      // The crash point may be one of the stop's own transitions (an op put back).
      if (current.dead) return this.restartAfterCrash(current);
      // The app starts again after the service finished what the stopped runner sent.
      await current.settled();
      if (plan.reopen) this.reopen();
      return;
    }
  }

  private async restartAfterCrash(current: Crashable): Promise<void> {
    this.crashes++;
    if (current.killedInTransaction) this.problems.push('a crash fell inside a transaction: not a faithful crash');
    // A restarted app comes back after the service finished what the dead one sent.
    await current.settled();
    this.dead.push(current);
    this.process = crashable(openMirror(this.file), this.remote);
  }

  /** Faults off: sync until nothing can run, giving a new token when the queue pauses. */
  async heal(): Promise<void> {
    this.service.faults!.clear();
    for (let round = 0; round < 4; round++) {
      const runner = this.runner();
      runner.resume();
      const report = await runner.runUntilIdle({ timeoutMs: STRETCH_TIMEOUT_MS });
      await runner.stop();
      if (report.state === 'idle') return;
      if (report.state === 'paused') this.renewToken();
      else this.problems.push(`healing ended ${report.state}`);
    }
    this.problems.push('healing did not reach idle');
  }

  close(): void {
    for (const gone of this.dead) gone.real.close();
    if (this.process.real.open) this.process.real.close();
  }
}

/** Subjects the service has before the person goes offline, pulled into the mirror. */
async function existingSubjects(session: Session, model: Model, count: number): Promise<void> {
  if (count === 0) return;
  const made: { id: number; expected: Expected; city: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const expected = newPerson(model, `p${i}`);
    const city = `Old town ${i}`;
    const answer = await session.service.client().post('/api/v1/subjects', { ...expected, household: { city } });
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`campaign setup: creating a subject answered ${answer.status}`);
    made.push({ id: (answer.body.response as Subject).id, expected, city });
  }
  await pullAll(session.db, session.remote);
  for (const { id, expected, city } of made) addExisting(model, session.db, id, expected, city);
}

/** Deletes what the run left on the service (keeps searches and pulls of later runs small). */
async function cleanUp(service: TestService, marker: string): Promise<void> {
  const api = service.client();
  const answer = await api.post('/api/v1/subjects/search', { search_term: marker, include_archived: true, per: 1000 });
  for (const record of answer.body.response as Subject[]) await api.delete(`/api/v1/subjects/${record.id}`);
}

export interface RunOptions {
  /** Adds the outbox, the faults and every request to a failing run's problems. */
  trace?: boolean;
  /** The flows' handlers; another registry only to prove the checks catch a broken flow. */
  handlers?: HandlerRegistry;
}

export async function runOne(service: TestService, plan: RunPlan, dir: string, options: RunOptions = {}): Promise<RunOutcome> {
  const trace = options.trace === true;
  const started = Date.now();
  const marker = `Q${plan.seed}R${++runCounter}Z`;
  const file = `${dir}/run-${plan.seed}-${runCounter}.sqlite`;
  const token = { value: '' };
  const client = createRemoteClient({ serverUrl: service.url, token: () => token.value, timeouts: { responseMs: 10_000, idleMs: 10_000 } });
  const calls: string[] = [];
  const remote = traced(plan.keys ? client : withoutKeys(client), trace ? calls : null);
  const session = new Session(service, file, remote, token, plan.seed, options.handlers ?? syncHandlers);
  session.renewToken();
  const event = freshEvent(service);
  const model = newModel(marker, event.external_event_id);
  let tally: Tally = { lost: 0, duplicated: 0, diverged: 0, problems: [] };
  const decisionsFrom = service.faults!.decisions.length;
  try {
    if (plan.eventKnown) learnEventId(session.db, event.external_event_id, event.id);
    await existingSubjects(session, model, plan.existing);
    service.faults!.clear().next(plan.faults.next.map((f) => f ?? { kind: 'latency', ms: 0 }));
    for (const rule of plan.faults.when) service.faults!.when(STEPS[rule.step], rule.fault, rule.times);
    for (const phase of plan.phases) {
      for (const op of phase.ops) {
        if (op.kind !== 'pull') applyOffline(session.db, model, op);
        // A pull may meet the faults too: it fails as it would for the person, and is let be.
        else await pullAll(session.db, session.remote).catch(() => undefined);
      }
      await session.stretch(phase.sync);
    }
    await session.heal();
    tally = await checkRun(session.db, service, model, event.id);
    if (trace && tally.problems.length > 0) tally.problems.push(...traceOf(session.db, service, decisionsFrom), ...calls);
  } catch (error) {
    session.problems.push(`the run failed: ${(error as Error).stack ?? String(error)}`);
  } finally {
    service.faults!.clear();
    session.close();
    client.close();
    rmSync(file, { force: true });
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    await cleanUp(service, marker);
  }
  return { seed: plan.seed, ms: Date.now() - started, crashes: session.crashes, ...tally, problems: [...session.problems, ...tally.problems] };
}
