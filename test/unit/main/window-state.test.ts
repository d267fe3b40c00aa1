import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWindowState, restorableState, visibleOn, writeWindowState } from '../../../src/main/window-state';

const dir = mkdtempSync(join(tmpdir(), 'muster-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('the remembered window', () => {
  it('comes back with its size, place and maximized state', () => {
    const file = join(dir, 'state.json');
    writeWindowState(file, { bounds: { x: 1600, y: 100, width: 1200, height: 800 }, maximized: true });
    expect(restorableState(file, [laptop, monitor])).toEqual({ bounds: { x: 1600, y: 100, width: 1200, height: 800 }, maximized: true });
  });

  it('is not restored onto a display that is gone (the laptop was undocked)', () => {
    const file = join(dir, 'undocked.json');
    writeWindowState(file, { bounds: { x: 1600, y: 100, width: 1200, height: 800 }, maximized: false });
    expect(restorableState(file, [laptop])).toBeNull();
    expect(visibleOn({ x: 1400, y: 10, width: 800, height: 600 }, [laptop])).toBe(false);
    expect(visibleOn({ x: 1300, y: 10, width: 800, height: 600 }, [laptop])).toBe(true);
  });

  it('starts from the defaults when the file is missing or damaged', () => {
    expect(readWindowState(join(dir, 'none.json'))).toBeNull();
    writeFileSync(join(dir, 'broken.json'), '{"bounds": {"x": "left"}');
    expect(readWindowState(join(dir, 'broken.json'))).toBeNull();
    writeFileSync(join(dir, 'odd.json'), '{"bounds": {"x": 1, "y": 2, "width": "wide", "height": 3}}');
    expect(readWindowState(join(dir, 'odd.json'))).toBeNull();
  });
});
