/**
 * Keeps the keyboard focus in a list when the control that had it goes. A row fixed, merged
 * or removed leaves the list with its buttons, and the browser drops the focus on the page's
 * body, from where Tab starts over at the top of the window. Here it goes to the item now in
 * the gone one's place (the next row, as a mail app goes on to the next message), or to the
 * list's heading when none is left.
 *
 * Items carry `aria-posinset` (1-based, as a virtual list sets it), which says their place in
 * the whole list even when only some are drawn; `focus` names what to focus in an item.
 */
import type { Ref } from 'vue';
import { gone, useLastFocus } from './last-focus';

export interface KeptFocus {
  /** Each item of the list; it carries `aria-posinset`. */
  item: string;
  /** The control to focus in an item. */
  focus: string;
  /** Where the focus goes when the list has no item left, with tabindex="-1"; without it, the part around the list sees to it. */
  fallback?: string;
  /**
   * A list inside an item, keeping the focus of its own controls (`item`) while it is drawn
   * (`list`): this one then leaves them to it, and takes over when it is gone.
   */
  nested?: { item: string; list: () => HTMLElement | null };
}

export function useKeptFocus(root: Ref<HTMLElement | null>, where: KeptFocus): void {
  const placeIn = (item: Element) => Number(item.getAttribute('aria-posinset')) - 1;
  /** The control that had the focus last, its item's place (0-based; -1 outside an item), and whether a nested list holds it. */
  const had = useLastFocus(
    root,
    (control) => {
      const item = control.closest(where.item);
      return { place: item ? placeIn(item) : -1, nested: where.nested !== undefined && control.closest(where.nested.item) !== null };
    },
    () => bringBack(),
    { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] },
  );

  const dropped = () => document.activeElement === null || document.activeElement === document.body;

  /**
   * What takes the focus: the item now at `place`, or the last item when the list got shorter
   * than that; the heading when no item is left. Nothing when the place is not drawn (the
   * person scrolled the list away from it), so the list is not scrolled back under them.
   */
  const successor = (place: number): HTMLElement | null | undefined => {
    const items = [...(root.value?.querySelectorAll(where.item) ?? [])];
    if (items.length === 0 || place < 0) return where.fallback === undefined ? null : root.value?.querySelector<HTMLElement>(where.fallback);
    const size = Number(items[0].getAttribute('aria-setsize'));
    const item = items.find((i) => placeIn(i) === place) ?? (place >= size ? items.find((i) => placeIn(i) === size - 1) : undefined);
    return item?.querySelector<HTMLElement>(where.focus);
  };

  function bringBack() {
    const last = had();
    if (!last || !gone(last.control) || !(dropped() || document.activeElement === last.control)) return;
    if (last.at.nested && where.nested?.list()?.isConnected) return;
    const target = successor(last.at.place);
    if (target && target !== last.control) target.focus();
  }
}
