import type { TransitionEvent } from '../services/sync/transitions';

/**
 * What a test build of the command line hands its commands (test/support/cli-test-entry.ts
 * installs a hook that kills the process at a chosen sync transition). The release entry
 * passes none, so the shipped bundle holds no way to make it crash on purpose.
 */
export interface CommandSeams {
  onTransition?: (event: TransitionEvent) => void;
}
