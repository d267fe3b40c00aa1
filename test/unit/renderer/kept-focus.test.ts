// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, nextTick, ref, type App } from 'vue';
import { useKeptFocus } from '../../../src/renderer/composables/kept-focus';

/**
 * A list like the problems panel's: rows (by id) drawn from place `first` of `size`, each
 * item a row button and a fix button, keyed by its row as Vue keys the panel's.
 */
function list(rows: number[], size: number) {
  const shown = ref(rows);
  const total = ref(size);
  const first = ref(0);
  const Panel = defineComponent(() => {
    const root = ref<HTMLElement | null>(null);
    useKeptFocus(root, { item: 'li', focus: '.row', fallback: 'h3' });
    return () =>
      h('section', { ref: root }, [
        h('h3', { tabindex: -1 }, 'Problems'),
        h('button', { class: 'group' }, 'A group'),
        h(
          'ol',
          shown.value.map((row, k) => h('li', { key: row, 'aria-posinset': first.value + k + 1, 'aria-setsize': total.value }, [h('button', { class: 'row' }, `Row ${row}`), h('button', { class: 'fix' }, `Fix ${row}`)])),
        ),
      ]);
  });
  const host = document.createElement('div');
  document.body.append(host);
  const app: App = createApp(Panel);
  app.mount(host);
  apps.push(app);
  const button = (selector: string) => host.querySelector<HTMLButtonElement>(selector)!;
  /** The list after an edit or a scroll: the rows drawn now from place `from`, of `size`. */
  const become = async (rows: number[], size = total.value, from = 0) => {
    shown.value = rows;
    total.value = size;
    first.value = from;
    await nextTick();
    // The observer answers in a microtask after the DOM changed.
    await Promise.resolve();
  };
  return { host, button, become };
}

const apps: App[] = [];
const focused = () => document.activeElement?.textContent;

describe('the focus kept in a list whose focused control goes', () => {
  afterEach(() => {
    for (const app of apps.splice(0)) app.unmount();
    document.body.innerHTML = '';
  });

  it('goes to the item now in the gone one’s place', async () => {
    const { button, become } = list([0, 1, 2, 3], 4);
    button('li[aria-posinset="2"] .fix').focus();
    // Row 1 fixed and gone: row 2 moves up into its place.
    await become([0, 2, 3], 3);
    expect(focused()).toBe('Row 2');
    expect(document.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('2');
  });

  it('goes to the last item when the last one went, and to the heading when none is left', async () => {
    const { button, become } = list([0, 1], 2);
    button('li[aria-posinset="2"] .row').focus();
    await become([0], 1);
    expect(focused()).toBe('Row 0');
    await become([], 0);
    expect(document.activeElement?.tagName).toBe('H3');
  });

  it('goes to the same item’s row when its fix button is disabled while it runs', async () => {
    const { button } = list([0, 1, 2], 3);
    const fix = button('li[aria-posinset="2"] .fix');
    fix.focus();
    fix.disabled = true;
    await Promise.resolve();
    expect(focused()).toBe('Row 1');
  });

  it('goes to the heading when a control outside the items goes', async () => {
    const { button, host } = list([0, 1], 2);
    button('.group').focus();
    button('.group').remove();
    await Promise.resolve();
    expect(document.activeElement).toBe(host.querySelector('h3'));
  });

  it('leaves the focus where the person put it, outside the list', async () => {
    const { button, become } = list([0, 1, 2], 3);
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    button('li[aria-posinset="2"] .fix').focus();
    elsewhere.focus();
    await become([0, 2], 2);
    expect(document.activeElement).toBe(elsewhere);
    // Even once the focus fell from there to the body: what the list had is no longer its.
    elsewhere.remove();
    await become([0], 1);
    expect(document.activeElement).toBe(document.body);
  });

  it('forgets the control once the person lets go of the focus (a click elsewhere blurs it)', async () => {
    const { button, become } = list([0, 1, 2], 3);
    const fix = button('li[aria-posinset="2"] .fix');
    fix.focus();
    fix.blur();
    await Promise.resolve();
    await become([0, 2], 2);
    expect(document.activeElement).toBe(document.body);
  });

  it('does not scroll the list back to a place the person scrolled away from', async () => {
    const { button, become } = list([0, 1, 2], 50);
    button('li[aria-posinset="1"] .row').focus();
    // Scrolled on: the items drawn are further down; the focused one is no longer drawn.
    await become([20, 21, 22], 50, 20);
    expect(document.activeElement).toBe(document.body);
  });
});
