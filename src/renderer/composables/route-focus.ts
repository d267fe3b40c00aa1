import type { Router } from 'vue-router';
import { focusHeading } from './focus-heading';

/** How long a screen may take to show its heading (the workspace's waits for its draft). */
const WAIT_MS = 5_000;

/**
 * After a route change the focus goes to the new screen's heading, so a keyboard or screen
 * reader user starts on the screen they went to instead of at the top of the page (the link
 * that had the focus is gone with the old screen). Focus the person has already put
 * somewhere else stays where it is.
 */
export function focusHeadingOnRouteChange(router: Router, root: () => HTMLElement | null): void {
  let stop: () => void = () => undefined;
  // Until the person has pressed a key or a pointer, the app is still finding its first
  // screen (a start may redirect to the welcome screen): the page keeps its own starting
  // point, where the skip link comes first.
  let touched = false;
  const touch = () => (touched = true);
  window.addEventListener('keydown', touch, { capture: true, once: true });
  window.addEventListener('pointerdown', touch, { capture: true, once: true });
  router.afterEach((to, from, failure) => {
    stop();
    if (failure || from.matched.length === 0 || !touched) return;
    const started = performance.now();
    const look = () => {
      const main = root();
      // Free: on nothing, on the page, or on the link that was followed.
      const at = document.activeElement;
      const free = at === null || at === document.body || at === main || !at.isConnected || at.closest('a') !== null;
      if (!main || !free) return true;
      const heading = main.querySelector<HTMLElement>('h1, h2');
      if (!heading) return performance.now() - started > WAIT_MS;
      focusHeading(heading);
      return true;
    };
    const observer = new MutationObserver(() => void (look() && stop()));
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      stop = () => undefined;
    };
    observer.observe(root() ?? document.body, { childList: true, subtree: true });
    // Once the new screen is drawn: until then the old one, and its focus, are still there.
    requestAnimationFrame(() => void (look() && stop()));
  });
}
