/**
 * `npm run bench -- sync-faults`: the randomized sync campaign of issue 5 at full size —
 * random offline operations × random fault schedules × crashes against the reference service
 * on loopback, each run checked for lost changes, duplicates and a mirror that disagrees with
 * the service (test/support/campaign). Not a timing: it prints the counts.
 *
 * SYNC_FAULT_RUNS (default 1,000) and SYNC_FAULT_SEED (default 1; run i uses seed + i) choose
 * the runs. A failing run is listed with its seed; replay it alone, with every request it
 * made, by `runCampaign({ runs: 1, seed, trace: true })`.
 */
import { runCampaign } from '../support/campaign';

export interface SyncFaultsResult {
  name: 'sync-faults';
  description: string;
  runs: number;
  lost: number;
  duplicated: number;
  diverged: number;
  /** Runs with anything wrong (including a run that could not finish). */
  failed: number;
  crashes: number;
  seed: number;
  seconds: number;
  failures: { seed: number; lost: number; duplicated: number; diverged: number; problems: string[] }[];
}

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return value;
}

export async function syncFaultsBenchmark(): Promise<SyncFaultsResult> {
  const runs = count('SYNC_FAULT_RUNS', 1_000);
  const seed = count('SYNC_FAULT_SEED', 1);
  const report = await runCampaign({
    runs,
    seed,
    onRun: (_outcome, i) => {
      if ((i + 1) % 100 === 0) process.stderr.write(`sync-faults: ${i + 1}/${runs} runs\n`);
    },
  });
  return {
    name: 'sync-faults',
    description: 'random offline operations × random fault schedules × crashes; every run checked for lost, duplicated and diverged records',
    runs: report.runs,
    lost: report.lost,
    duplicated: report.duplicated,
    diverged: report.diverged,
    failed: report.failed,
    crashes: report.crashes,
    seed,
    seconds: report.seconds,
    failures: report.failures.slice(0, 5).map((f) => ({ ...f, problems: f.problems.slice(0, 6) })),
  };
}
