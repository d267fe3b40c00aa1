// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusMoves } from '../../../src/renderer/features/workspace/focus-moves';

/** A grid part of three cells in a row, as RevoGrid draws them. */
function grid() {
  const host = document.createElement('div');
  host.innerHTML = '<revogr-data type="rgRow" col-type="rgCol">' + [0, 1, 2].map((x) => `<div tabindex="0" data-rgrow="5" data-rgcol="${x}">${x}</div>`).join('') + '</revogr-data>';
  document.body.append(host);
  const cell = (x: number) => host.querySelector<HTMLElement>(`[data-rgcol="${x}"]`)!;
  return { host, cell };
}

/** The moves of a new grid, with the focus in cell `x`. */
function from(x: number, most = 10_000) {
  const { host, cell } = grid();
  const moves = useFocusMoves(host, most);
  cell(x).focus();
  return { host, cell, moves };
}

describe('the grid focus moves typed and not landed yet', () => {
  afterEach(() => void (document.body.innerHTML = ''));

  it('land when another cell takes the focus, one move each', () => {
    const { cell, moves } = from(2);
    moves.started();
    moves.started();
    expect(moves.landed()).toBe(false);
    cell(1).focus();
    expect(moves.landed()).toBe(false);
    cell(0).focus();
    expect(moves.landed()).toBe(true);
  });

  it('do not land when the cell being left takes the focus again (its row redrawn)', () => {
    const { cell, moves } = from(1);
    moves.started();
    cell(1).blur();
    cell(1).focus();
    expect(moves.landed()).toBe(false);
    cell(0).focus();
    expect(moves.landed()).toBe(true);
  });

  it('start from the last cell that had the focus when the page’s body has it meanwhile', () => {
    const { cell, moves } = from(1);
    cell(1).blur();
    moves.started();
    cell(1).focus();
    expect(moves.landed()).toBe(false);
    cell(2).focus();
    expect(moves.landed()).toBe(true);
  });

  it('are given up on a while after the last one typed (an arrow at the edge moves nothing)', async () => {
    const { moves } = from(0, 30);
    moves.started();
    expect(moves.landed()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(moves.landed()).toBe(true);
  });

  it('end with a click: the focus goes where the pointer says', () => {
    const { host, moves } = from(0);
    moves.started();
    expect(moves.landed()).toBe(false);
    host.dispatchEvent(new Event('pointerdown'));
    expect(moves.landed()).toBe(true);
  });

  it('count nothing once stopped', () => {
    const { cell, moves } = from(0);
    moves.started();
    moves.stop();
    cell(1).focus();
    expect(moves.landed()).toBe(false);
  });
});
