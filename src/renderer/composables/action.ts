import { shallowReactive } from 'vue';
import { messageOf } from './failure';

/** An async action as a screen shows it: whether it runs, its last answer, and its failure in words. */
export interface Action<A extends unknown[], T> {
  busy: boolean;
  /** The last failure as the sentence the main side said; '' while none (or after a new start). */
  error: string;
  /** The last answer, kept until the next one arrives. */
  result: T | null;
  /** Runs the work; answers its result, or undefined when it failed (then `error` says why). */
  run(...args: A): Promise<T | undefined>;
  /** Forgets the last answer and failure, e.g. when the dialog showing them opens again. */
  clear(): void;
}

/**
 * Wraps one kind of call so no screen resets a busy flag by hand. Runs may overlap (edits
 * typed quickly): `busy` lasts until the last of them ends, every failure is said (a lost
 * edit must not pass in silence), and only the latest run's answer is kept, since an earlier
 * one arriving late answers a question no longer asked.
 */
export function useAction<A extends unknown[], T>(work: (...args: A) => Promise<T>): Action<A, T> {
  let started = 0;
  let running = 0;
  const state: Action<A, T> = shallowReactive({
    busy: false,
    error: '',
    result: null as T | null,
    async run(...args: A) {
      const mine = ++started;
      running++;
      state.busy = true;
      state.error = '';
      try {
        const value = await work(...args);
        if (mine === started) state.result = value;
        return value;
      } catch (failure) {
        state.error = messageOf(failure);
        return undefined;
      } finally {
        state.busy = --running > 0;
      }
    },
    clear() {
      state.result = null;
      state.error = '';
    },
  });
  return state;
}
