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
 * Wraps one kind of call so no screen resets a busy flag by hand. Only the latest run's
 * answer or failure lands: an earlier one finishing late would show an answer to a question
 * no longer asked, and `busy` stays until the latest run ends.
 */
export function useAction<A extends unknown[], T>(work: (...args: A) => Promise<T>): Action<A, T> {
  let latest = 0;
  const state: Action<A, T> = shallowReactive({
    busy: false,
    error: '',
    result: null as T | null,
    async run(...args: A) {
      const mine = ++latest;
      state.busy = true;
      state.error = '';
      try {
        const value = await work(...args);
        if (mine === latest) state.result = value;
        return value;
      } catch (failure) {
        if (mine === latest) state.error = messageOf(failure);
        return undefined;
      } finally {
        if (mine === latest) state.busy = false;
      }
    },
    clear() {
      state.result = null;
      state.error = '';
    },
  });
  return state;
}
