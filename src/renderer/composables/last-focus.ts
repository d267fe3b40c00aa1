/**
 * The control inside a part of the page (a list, a toolbar) that had the keyboard focus last,
 * for a part that gives the focus back when a control takes it away with it (removed or
 * disabled). Focus the person moved elsewhere, or let go of (a click elsewhere blurs it), is
 * theirs: the control is forgotten then. `read` takes what else is needed of the control
 * while it is still in place; `changed` hears every change of the part `observe` names.
 */
import { onBeforeUnmount, watch, type Ref } from 'vue';

/** A control that can no longer hold the focus: removed from the page, or disabled. */
export const gone = (control: HTMLElement): boolean => !control.isConnected || control.matches(':disabled');

export function useLastFocus<T>(root: Ref<HTMLElement | null>, read: (control: HTMLElement) => T, changed: () => void, observe: MutationObserverInit): () => { control: HTMLElement; at: T } | null {
  let had: { control: HTMLElement; at: T } | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) had = { control: event.target, at: read(event.target) };
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node) {
      if (!root.value?.contains(event.relatedTarget)) had = null;
      return;
    }
    const left = event.target;
    queueMicrotask(() => {
      if (had?.control === left && left instanceof HTMLElement && !gone(left)) had = null;
    });
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Node && root.value?.contains(event.target))) had = null;
  };

  const observer = new MutationObserver(changed);
  // The part may come and go (with its draft): the listeners follow it.
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
      observer.observe(el, observe);
    },
    // At once, as the part is drawn: a focus given right after is heard.
    { immediate: true, flush: 'sync' },
  );
  onBeforeUnmount(() => detach(root.value));
  return () => had;
}
