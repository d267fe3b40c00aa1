/**
 * Keeps the focus on a toolbar's button while the action it started runs. The toolbar's
 * buttons are disabled meanwhile, and a disabled button drops the focus on the page's body:
 * Enter on Undo undid once, and a second Enter did nothing. The focus goes back to the button
 * once it is enabled again, or, when the action left it disabled for good (nothing more to
 * undo), to the nearest control that takes it.
 */
import { onBeforeUnmount, watch, type Ref } from 'vue';

const CONTROLS = 'button, select, input, a[href]';

export function useFocusThroughBusy(root: Ref<HTMLElement | null>, busy: () => boolean): void {
  /** The control that had the focus last, until the person takes it out of the toolbar. */
  let had: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) had = event.target;
  };
  // Focus the person moved elsewhere is theirs, or let go of (a click elsewhere blurs it).
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node) {
      if (!root.value?.contains(event.relatedTarget)) had = null;
      return;
    }
    const left = event.target;
    queueMicrotask(() => {
      if (had === left && left instanceof HTMLElement && left.isConnected && takesFocus(left)) had = null;
    });
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Node && root.value?.contains(event.target))) had = null;
  };

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

  const lost = () => {
    const active = document.activeElement;
    return had !== null && had.isConnected && (active === null || active === document.body || active === had);
  };

  /** The button enabled again: it has the focus back. */
  function comeBack() {
    if (lost() && had && takesFocus(had) && document.activeElement !== had) had.focus();
  }

  /**
   * The action done and drawn, the button still disabled (nothing more to undo): its nearest
   * neighbour. Only then: the rest of the page may be drawn a moment before the toolbar is.
   */
  function afterBusy() {
    if (busy() || !lost() || !had) return;
    if (takesFocus(had)) comeBack();
    else nearest(had)?.focus();
  }

  const observer = new MutationObserver(comeBack);
  watch(busy, afterBusy, { flush: 'post' });
  // The toolbar may come and go with its draft: the listeners follow it.
  const detach = (el: HTMLElement | null | undefined) => {
    observer.disconnect();
    document.removeEventListener('pointerdown', onPointerDown, true);
    el?.removeEventListener('focusin', onFocusIn);
    el?.removeEventListener('focusout', onFocusOut);
  };
  watch(
    root,
    (el, old) => {
      detach(old);
      if (!el) return;
      el.addEventListener('focusin', onFocusIn);
      el.addEventListener('focusout', onFocusOut);
      document.addEventListener('pointerdown', onPointerDown, true);
      observer.observe(el, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    },
    { immediate: true, flush: 'post' },
  );
  onBeforeUnmount(() => detach(root.value));
}
