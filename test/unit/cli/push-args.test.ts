import { describe, expect, it } from 'vitest';
import { invalidRowsSentence, splitFlagArgs } from '../../../src/cli/sync/push-args';
import { progressPrinter } from '../../../src/cli/sync/progress';
import { syncEventOf } from '../../../src/services/usecases';
import { crashHookFromEnv } from '../../support/crash-hook';
import type { TransitionEvent } from '../../../src/services/sync/runner';

describe('import flags on the command line', () => {
  it('reads --flag, --flag=false and --no-flag, and leaves the rest alone', () => {
    expect(splitFlagArgs(['f.csv', '--skip-invalid', '--save-missing-categories=false', '--no-only-demographics', '--destroy-unmatched-participants=yes', '--direct'])).toEqual({
      args: ['f.csv', '--direct'],
      flags: { skip_invalid: true, save_missing_categories: false, only_demographics: false, destroy_unmatched_participants: true },
    });
  });

  it('refuses a value that is not true or false', () => {
    expect(() => splitFlagArgs(['--skip-invalid=maybe'])).toThrow('--skip-invalid takes true or false');
    expect(() => splitFlagArgs(['--no-skip-invalid=true'])).toThrow('takes true or false');
  });

  it('names the first invalid sheet rows in one line', () => {
    const invalid = Array.from({ length: 8 }, (_, i) => i + 2).filter((_, i) => i % 2 === 1);
    expect(invalidRowsSentence('a.csv', invalid, 8)).toBe(
      'a.csv: 4 of 8 rows are invalid (sheet rows 3, 5, 7, 9); fix them (muster check a.csv shows why) or push with --skip-invalid to leave them out.',
    );
  });
});

const event = (type: TransitionEvent['type'], kind: string, extra: Partial<TransitionEvent> = {}, op: object = {}): TransitionEvent =>
  ({ type, at: 1000, op: { id: 1, kind, entityKey: '1', remoteRef: 5, result: null, nextAttemptAt: 3500, ...op }, ...extra }) as TransitionEvent;

describe('progress lines', () => {
  it('says each step once, and the job progress only when it moves', () => {
    const lines: string[] = [];
    const printer = progressPrinter((line) => lines.push(line));
    // The transitions the outbox persists, as the use cases pass them on to the command line.
    const print = (transition: TransitionEvent) => {
      const meaning = syncEventOf(transition);
      if (meaning) printer(meaning);
    };
    print(event('claimed', 'import.create'));
    print(event('completed', 'import.create', {}, { result: { adopted: true } }));
    print(event('waiting', 'import.poll', { note: 'running 2000/50000' }));
    print(event('waiting', 'import.poll', { note: 'running 2000/50000' }));
    print(event('retry_scheduled', 'import.poll', { error: 'The service failed while handling the request (503).' }));
    print(event('completed', 'import.poll', {}, { result: { status: 'completed' } }));
    expect(lines).toEqual([
      'Creating the import…',
      'Import 5 found on the service (an earlier attempt had created it).',
      'Import action: running, 2,000 of 50,000 participants written.',
      'While waiting for the import action: The service failed while handling the request (503). Trying again in 2.5 s.',
      'Import action 5 completed.',
    ]);
  });
});

describe('the crash-test hook', () => {
  it('is off unless MUSTER_CRASH_AFTER is set, and ignores a malformed value', () => {
    expect(crashHookFromEnv({})).toBeUndefined();
    expect(crashHookFromEnv({ MUSTER_CRASH_AFTER: 'claimed:zero' })).toBeUndefined();
  });

  it('counts only the named transition (and kind) before it fires', () => {
    const kill = process.kill;
    const killed: unknown[] = [];
    process.kill = ((pid: number, signal: string) => killed.push([pid, signal]) > 0) as typeof process.kill;
    try {
      const hook = crashHookFromEnv({ MUSTER_CRASH_AFTER: 'completed:2:import.act' })!;
      hook(event('completed', 'import.create'));
      hook(event('completed', 'import.act'));
      hook(event('claimed', 'import.act'));
      expect(killed).toEqual([]);
      hook(event('completed', 'import.act'));
      expect(killed).toEqual([[process.pid, 'SIGKILL']]);
    } finally {
      process.kill = kill;
    }
  });
});
