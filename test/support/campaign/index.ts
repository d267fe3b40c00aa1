/**
 * The randomized sync campaign (issue 5): random offline operations × random fault
 * schedules × crashes, each run checked afterwards for lost changes, duplicates and a mirror
 * that disagrees with the service (check.ts).
 *
 * `runCampaign({ runs, seed, service? })` runs `runs` runs, run i from seed `seed + i`
 * (plan.ts draws everything from it with fast-check), one after another against one
 * reference service on loopback (started here unless given) in fault mode, each with its own
 * mirror file in a temp folder. A failing run is replayed alone with
 * `runCampaign({ runs: 1, seed: <its seed> })`; fault timing (which request a `next` fault
 * meets when several run at once) can still differ between replays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HandlerRegistry } from '../../../src/services/sync/types';
import { startTestService, type TestService } from '../service';
import { planOf } from './plan';
import { runOne, type RunOutcome } from './run';

export { planOf, type RunPlan } from './plan';
export type { RunOutcome } from './run';

export interface CampaignOptions {
  runs: number;
  seed: number;
  service?: TestService;
  /** Called after each run, e.g. for a progress line. */
  onRun?: (outcome: RunOutcome, index: number) => void;
  /** Adds the outbox, the faults the service made and every request to a failing run's problems. */
  trace?: boolean;
  /** The flows' handlers; another registry only to prove the checks catch a broken flow. */
  handlers?: HandlerRegistry;
}

export interface CampaignReport {
  runs: number;
  seed: number;
  lost: number;
  duplicated: number;
  diverged: number;
  /** Runs with anything wrong: counted above, or a run that could not finish. */
  failed: number;
  crashes: number;
  seconds: number;
  failures: { seed: number; lost: number; duplicated: number; diverged: number; problems: string[] }[];
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const started = Date.now();
  const service = options.service ?? (await startTestService({ faults: {} }));
  if (!service.faults) throw new Error('the campaign needs a reference service in fault mode: startTestService({ faults: {} })');
  const dir = mkdtempSync(join(tmpdir(), 'muster-campaign-'));
  const report: CampaignReport = { runs: 0, seed: options.seed, lost: 0, duplicated: 0, diverged: 0, failed: 0, crashes: 0, seconds: 0, failures: [] };
  try {
    for (let i = 0; i < options.runs; i++) {
      const outcome = await runOne(service, planOf(options.seed + i), dir, { trace: options.trace, handlers: options.handlers });
      report.runs++;
      report.lost += outcome.lost;
      report.duplicated += outcome.duplicated;
      report.diverged += outcome.diverged;
      report.crashes += outcome.crashes;
      if (outcome.lost + outcome.duplicated + outcome.diverged > 0 || outcome.problems.length > 0) {
        report.failed++;
        report.failures.push({ seed: outcome.seed, lost: outcome.lost, duplicated: outcome.duplicated, diverged: outcome.diverged, problems: outcome.problems });
      }
      options.onRun?.(outcome, i);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!options.service) await service.close();
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}
