/**
 * Keeps the focus on a toolbar's button while the action it started runs. The toolbar's
 * buttons are disabled meanwhile, and a disabled button drops the focus on the page's body:
 * Enter on Undo undid once, and a second Enter did nothing. The focus goes back to the button
 * once it is enabled again, or, when the action left it disabled for good (nothing more to
 * undo), to the nearest control that takes it.
 */
import { watch, type Ref } from 'vue';
import { useLastFocus } from './last-focus';

const CONTROLS = 'button, select, input, a[href]';

export function useFocusThroughBusy(root: Ref<HTMLElement | null>, busy: () => boolean): void {
  const takesFocus = (control: Element): control is HTMLElement => control instanceof HTMLElement && !control.matches(':disabled');

  /** The enabled control nearest to `from`: in its own group first (Redo's is Undo), then in the toolbar's order. */
  function nearest(from: HTMLElement): HTMLElement | undefined {
    const group = from.closest('[role="group"]');
    return (group && root.value?.contains(group) ? nearestIn(group, from) : undefined) ?? (root.value ? nearestIn(root.value, from) : undefined);
  }

  function nearestIn(within: Element, from: HTMLElement): HTMLElement | undefined {
    const controls = [...within.querySelectorAll(CONTROLS)];
    const at = controls.indexOf(from);
    for (let d = 1; d < controls.length; d++) {
      for (const i of [at + d, at - d]) {
        const control = controls[i];
        if (control && takesFocus(control)) return control;
      }
    }
    return undefined;
  }

  /** The button that had the focus, while the focus went nowhere else (it may sit on the disabled button). */
  const lostWith = (): HTMLElement | null => {
    const had = last()?.control ?? null;
    const active = document.activeElement;
    return had && had.isConnected && (active === null || active === document.body || active === had) ? had : null;
  };

  /** The button enabled again: it has the focus back. */
  function comeBack() {
    const had = lostWith();
    if (had && takesFocus(had) && document.activeElement !== had) had.focus();
  }

  /**
   * The action done and drawn, the button still disabled (nothing more to undo): its nearest
   * neighbour. Only then: the rest of the page may be drawn a moment before the toolbar is.
   */
  function afterBusy() {
    const had = lostWith();
    if (busy() || !had) return;
    if (takesFocus(had)) comeBack();
    else nearest(had)?.focus();
  }

  const last = useLastFocus(root, () => undefined, comeBack, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  watch(busy, afterBusy, { flush: 'post' });
}
