/**
 * `npm run bench [-- name …]`: runs the benchmarks and prints one JSON object per line.
 * Exits 0 whether goals are met or not: a missed budget is a figure to report, not a crash.
 */
import { runBenchmark, type Benchmark } from './harness';
import { parserBenchmark } from './parser.bench';
import { importActionBenchmark } from './import-action.bench';
import { mirrorWriteBenchmark } from './mirror-write.bench';
import { pullBenchmark } from './pull.bench';
import { pushBenchmark, pushDirectBenchmark } from './push.bench';
import { csvIntakeBenchmark, xlsxIntakeBenchmark } from './intake.bench';
import { intakeMemoryBenchmark } from './intake-memory.bench';
import { syncFaultsBenchmark } from './sync-faults.bench';
import { serveCrashBenchmark } from './serve-crash.bench';
import { searchLoadBenchmark } from './search-load.bench';
import { fuzzBenchmark } from './fuzz.bench';
import { importsConcurrentBenchmark } from './imports-concurrent.bench';
import { exportLoadBenchmark } from './export-load.bench';
import { workspaceBenchmark } from './workspace.bench';
import { workspaceUiBenchmark } from './workspace-ui.bench';
import { searchMirrorBenchmark } from './search-mirror.bench';
import { searchConformanceBenchmark } from './search-conformance.bench';
import { subjectsUiBenchmark } from './subjects-ui.bench';
import { suggestionsBenchmark } from './suggestions.bench';
import { listFromSubjectsBenchmark } from './list-from-subjects.bench';

const BENCHMARKS: Record<string, () => Benchmark> = {
  parser: parserBenchmark,
  'import-action': importActionBenchmark,
  'mirror-write': mirrorWriteBenchmark,
  pull: pullBenchmark,
  push: pushBenchmark,
  'push-direct': pushDirectBenchmark,
  'intake-xlsx': xlsxIntakeBenchmark,
  'intake-csv': csvIntakeBenchmark,
  'list-from-subjects': listFromSubjectsBenchmark,
};

/** Figures that are not times (peak memory, fault campaigns) print their own JSON. */
const OTHERS: Record<string, () => Promise<object> | object> = {
  'intake-xlsx-memory': intakeMemoryBenchmark,
  'sync-faults': syncFaultsBenchmark,
  'serve-crash': serveCrashBenchmark,
  'search-load': searchLoadBenchmark,
  fuzz: fuzzBenchmark,
  'imports-concurrent': importsConcurrentBenchmark,
  'export-load': exportLoadBenchmark,
  workspace: workspaceBenchmark,
  'workspace-ui': workspaceUiBenchmark,
  'search-mirror': searchMirrorBenchmark,
  'search-conformance': searchConformanceBenchmark,
  'subjects-ui': subjectsUiBenchmark,
  suggestions: suggestionsBenchmark,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !BENCHMARKS[name] && !OTHERS[name]);
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${[...Object.keys(BENCHMARKS), ...Object.keys(OTHERS)].join(', ')}.`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : [...Object.keys(BENCHMARKS), ...Object.keys(OTHERS)]) {
  const result = BENCHMARKS[name] ? await runBenchmark(BENCHMARKS[name]()) : await OTHERS[name]();
  console.log(JSON.stringify(result));
}
