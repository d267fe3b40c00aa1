/**
 * A dialog whose buttons go out of reach as its step runs (Send, then the sending; Start,
 * then the action): the focus stays in the dialog, on its first control still there (Close
 * once the result is in), or on its title meanwhile. Without this the browser drops the
 * focus on the page's body when the pressed button is disabled or taken away, and a screen
 * reader loses its place in the dialog.
 */
import { nextTick, watch, type Ref, type WatchSource } from 'vue';
import { focusHeading } from './focus-heading';

export function keepFocusThroughSteps(dialog: Ref<HTMLDialogElement | null>, titleId: string, steps: WatchSource[]): void {
  watch(steps, async () => {
    await nextTick();
    const box = dialog.value;
    const at = document.activeElement;
    if (!box || (at !== null && at !== document.body && at.id !== titleId && box.contains(at) && !at.matches(':disabled'))) return;
    const control = box.querySelector<HTMLElement>('button:not(:disabled)');
    if (control) return control.focus();
    // The title only while nothing else can hold it: focusable from the start, it would take the
    // dialog's first focus from its first control.
    const title = box.querySelector<HTMLElement>(`#${titleId}`);
    if (title) focusHeading(title);
  });
}
