/**
 * One clock for the whole page: "last sync 17 seconds ago" has to move on by itself. Every
 * component that shows a time relative to now reads this one ref, which ticks while anything
 * reads it, instead of each starting a timer of its own.
 */
import { onScopeDispose, ref, type Ref } from 'vue';

const TICK_MS = 5_000;
const now = ref(Date.now());
let readers = 0;
let timer: ReturnType<typeof setInterval> | null = null;

export function useNow(): Readonly<Ref<number>> {
  if (readers++ === 0) {
    now.value = Date.now();
    timer = setInterval(() => (now.value = Date.now()), TICK_MS);
  }
  onScopeDispose(() => {
    if (--readers === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  });
  return now;
}
