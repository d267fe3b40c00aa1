// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusCellWhenDrawn, focusStayed } from '../../../src/renderer/features/workspace/cell-focus';

/** A grid as RevoGrid draws it: a cell of the editable columns, and room for an editor. */
function grid() {
  const host = document.createElement('revo-grid');
  host.innerHTML = `
    <revogr-data type="rgRow" col-type="rgCol"><div data-rgrow="3" data-rgcol="1" tabindex="-1">cell</div></revogr-data>
    <revogr-edit></revogr-edit>`;
  document.body.append(host);
  const outside = document.createElement('button');
  document.body.append(outside);
  return { host, outside, cell: host.querySelector<HTMLElement>('[data-rgrow="3"]')! };
}

const frames = (n: number) => new Promise<void>((resolve) => {
  const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
  next(n);
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusCellWhenDrawn', () => {
  it('focuses the cell and keeps it there while the grid draws', async () => {
    const { host, cell } = grid();
    focusCellWhenDrawn(host, 1, 3);
    expect(document.activeElement).toBe(cell);
    // The grid takes its own focus away once, as it does while it scrolls: the cell gets it back.
    host.querySelector('revogr-data')!.setAttribute('tabindex', '-1');
    (host.querySelector('revogr-data') as HTMLElement).focus();
    await frames(3);
    expect(document.activeElement).toBe(cell);
  });

  it('leaves an editor opened meanwhile alone, so what is typed goes into it', async () => {
    const { host } = grid();
    focusCellWhenDrawn(host, 1, 3);
    const input = document.createElement('input');
    host.querySelector('revogr-edit')!.append(input);
    input.focus();
    await frames(8);
    expect(document.activeElement).toBe(input);
  });

  it('goes on from an editor that F8 typed in is closing, into the problem it goes to', async () => {
    const { host, cell } = grid();
    const input = document.createElement('input');
    host.querySelector('revogr-edit')!.append(input);
    input.focus();
    focusCellWhenDrawn(host, 1, 3);
    // The grid takes its editor away a frame or so later.
    await frames(1);
    input.remove();
    await frames(3);
    expect(document.activeElement).toBe(cell);
  });

  it('leaves the focus the person moved out of the grid', async () => {
    const { host, outside } = grid();
    focusCellWhenDrawn(host, 1, 3);
    outside.focus();
    await frames(8);
    expect(document.activeElement).toBe(outside);
  });
});

describe('focusStayed', () => {
  it('holds while the focus is where the step began, or fell to the page', () => {
    const { outside, cell } = grid();
    outside.focus();
    expect(focusStayed(outside)).toBe(true);
    outside.blur();
    expect(focusStayed(outside)).toBe(true);
    cell.focus();
    expect(focusStayed(outside)).toBe(false);
  });

  it('holds anywhere in the part named, where the grid moves its own focus', () => {
    const { host, outside, cell } = grid();
    outside.focus();
    const from = document.activeElement;
    cell.focus();
    expect(focusStayed(from, host)).toBe(true);
    const elsewhere = document.createElement('a');
    elsewhere.href = '#';
    document.body.append(elsewhere);
    elsewhere.focus();
    expect(focusStayed(from, host)).toBe(false);
  });
});
