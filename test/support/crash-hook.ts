/**
 * CRASH-TEST HOOK, only in the test build of the command line (cli-test-entry.ts).
 * `MUSTER_CRASH_AFTER=<transition>:<n>` (e.g. `claimed:3`, `remote_ref:1`, `completed:2`)
 * makes the process kill itself with SIGKILL right after the n-th persisted transition of
 * that type (see runner.ts), optionally of one op kind only:
 * `MUSTER_CRASH_AFTER=completed:1:import.create`. No cleanup runs, as with a power cut or a
 * killed process, so test/e2e/sync-crash.test.ts can prove that a sync resumed from any
 * state completes exactly once. Unset, it does nothing.
 */
import type { TransitionEvent } from '../../src/services/sync/transitions';

export function crashHookFromEnv(env: Record<string, string | undefined> = process.env): ((event: TransitionEvent) => void) | undefined {
  const spec = env.MUSTER_CRASH_AFTER?.trim();
  if (!spec) return undefined;
  const [type, count, kind] = spec.split(':');
  const target = Number(count ?? '1');
  if (!type || !Number.isInteger(target) || target < 1) return undefined;
  let seen = 0;
  return (event) => {
    if (event.type !== type || (kind && event.op.kind !== kind)) return;
    seen++;
    if (seen === target) process.kill(process.pid, 'SIGKILL');
  };
}
