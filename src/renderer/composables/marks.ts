/**
 * Performance marks in the page, read by `npm run bench -- workspace-ui` and `subjects-ui`:
 * from a cell edit, a filter change or a keystroke in a search to the next painted frame
 * after its answer is shown.
 */
import { nextTick } from 'vue';

export function markStart(name: string): void {
  performance.mark(`${name}:start`);
}

/** Measures from the last start mark to the frame after Vue has applied the change. */
export async function markPainted(name: string): Promise<void> {
  await nextTick();
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  if (performance.getEntriesByName(`${name}:start`).length > 0) performance.measure(name, `${name}:start`);
}
