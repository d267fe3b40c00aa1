/**
 * The focus on a heading, as a place to go on from (a new screen, a dialog whose controls are
 * all busy): it becomes focusable by script only, so Tab never stops on it.
 */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
