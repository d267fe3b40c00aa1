/**
 * `npm run bench [-- name …]`: runs the benchmarks and prints one JSON object per line.
 * Exits 0 whether goals are met or not: a missed budget is a figure to report, not a crash.
 */
import { runBenchmark, type Benchmark } from './harness';
import { parserBenchmark } from './parser.bench';
import { importActionBenchmark } from './import-action.bench';

const BENCHMARKS: Record<string, () => Benchmark> = {
  parser: parserBenchmark,
  'import-action': importActionBenchmark,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !BENCHMARKS[name]);
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}.`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHMARKS)) {
  const result = await runBenchmark(BENCHMARKS[name]());
  console.log(JSON.stringify(result));
}
