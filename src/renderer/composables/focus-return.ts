/**
 * A button pressed from the keyboard is often disabled while its step runs (Save, Export,
 * Test connection, Download), and the browser then drops the focus on the page's body: the
 * next Tab starts over at the top of the window. When the control that lost the focus so is
 * enabled again and the focus is still nowhere, it has it back. Parts with a rule of their own
 * (the workspace's lists and toolbar, a dialog's result) have placed the focus by then, and
 * focus the person put somewhere meanwhile is theirs: either way this one lets go.
 */
const nowhere = () => document.activeElement === null || document.activeElement === document.body;

/** How long a step may run and still get the focus back when it is done. */
const LONGEST_MS = 60_000;

export function returnFocusAfterBusy(root: HTMLElement = document.body): () => void {
  let lost: { control: HTMLElement; at: number } | null = null;
  // Watching only while a control waits: the grid redraws thousands of nodes as a person types.
  const observer = new MutationObserver(() => {
    if (!lost) return observer.disconnect();
    const { control, at } = lost;
    if (!control.isConnected || !nowhere() || performance.now() - at > LONGEST_MS) forget();
    else if (!control.matches(':disabled')) {
      forget();
      control.focus();
    }
  });
  const forget = () => {
    lost = null;
    observer.disconnect();
  };

  const onFocusOut = (event: FocusEvent) => {
    const control = event.target;
    if (event.relatedTarget !== null || !(control instanceof HTMLElement)) return;
    // Read once the blur is done: disabled then, it lost the focus by being disabled.
    queueMicrotask(() => {
      if (!control.isConnected || !control.matches(':disabled') || !nowhere()) return;
      lost = { control, at: performance.now() };
      observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    });
  };
  root.addEventListener('focusout', onFocusOut);
  return () => {
    forget();
    root.removeEventListener('focusout', onFocusOut);
  };
}
