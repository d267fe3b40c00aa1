/**
 * Benchmarks report ratios against a floor measured in the same run, because bare wall
 * times on shared, noisy machines mean little. Figure and floor are measured alternately
 * and the median of each is kept.
 */
export interface Measure {
  /** Runs once and answers the seconds the measured work took (setup excluded). */
  (): Promise<number> | number;
}

export interface Benchmark {
  name: string;
  description: string;
  /** Work items per run (participants, rows…), for the throughput figure. */
  items: number;
  unit: string;
  floorName: string;
  setup?(): Promise<void> | void;
  figure: Measure;
  floor: Measure;
  teardown?(): Promise<void> | void;
  /** Goals as the issues state them; `ratio` goals are upper bounds, `perSecond` lower bounds. */
  goal: { ratio?: number; perSecond?: number };
  runs?: number;
}

export interface BenchResult {
  name: string;
  description: string;
  unit: string;
  items: number;
  seconds: number;
  per_second: number;
  floor: { name: string; seconds: number; per_second: number };
  ratio: number;
  goal: Benchmark['goal'];
  met: boolean;
  runs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const collect = () => (globalThis as { gc?: () => void }).gc?.();

export async function runBenchmark(bench: Benchmark): Promise<BenchResult> {
  const runs = bench.runs ?? 3;
  await bench.setup?.();
  const figures: number[] = [];
  const floors: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      collect();
      floors.push(await bench.floor());
      collect();
      figures.push(await bench.figure());
    }
  } finally {
    await bench.teardown?.();
  }
  const seconds = median(figures);
  const floorSeconds = median(floors);
  const ratio = seconds / floorSeconds;
  const perSecond = bench.items / seconds;
  const met = (bench.goal.ratio === undefined || ratio <= bench.goal.ratio) && (bench.goal.perSecond === undefined || perSecond >= bench.goal.perSecond);
  return {
    name: bench.name,
    description: bench.description,
    unit: bench.unit,
    items: bench.items,
    seconds: round(seconds),
    per_second: Math.round(perSecond),
    floor: { name: bench.floorName, seconds: round(floorSeconds), per_second: Math.round(bench.items / floorSeconds) },
    ratio: round(ratio),
    goal: bench.goal,
    met,
    runs,
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

export const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;
export const now = (): bigint => process.hrtime.bigint();
