/**
 * Performance marks in the page, read by `npm run bench -- workspace-ui` and `subjects-ui`:
 * from a cell edit, a filter change or a keystroke in a search to the frame that shows its
 * answer, painted.
 */
import { nextTick } from 'vue';

export function markStart(name: string): void {
  performance.mark(`${name}:start`);
}

/**
 * A message posted from a frame's animation callback is delivered once that frame's style,
 * layout and paint are done, so this ends when the answer is on screen. (Two animation frames
 * would end at the start of the frame after, a whole frame late.)
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    }),
  );
}

/** Measures from the last start mark to the painted frame after Vue has applied the change. */
export async function markPainted(name: string): Promise<void> {
  await nextTick();
  await afterPaint();
  if (performance.getEntriesByName(`${name}:start`).length > 0) performance.measure(name, `${name}:start`);
}
