/**
 * The window's size and place, remembered between launches in the app's data folder. A
 * place on a display that is gone (a laptop undocked) is not restored: the window would
 * open where nobody can see it.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { dirname } from 'node:path';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

const isBounds = (b: unknown): b is Bounds =>
  typeof b === 'object' && b !== null && ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((b as Record<string, unknown>)[k]));

export function readWindowState(file: string): WindowState | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
    return isBounds(value.bounds) ? { bounds: value.bounds, maximized: value.maximized === true } : null;
  } catch {
    return null;
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomicSync(file, JSON.stringify(state));
}

/** Whether at least a corner of 100 × 50 of the window lies on one of the displays' work areas. */
export function visibleOn(bounds: Bounds, workAreas: readonly Bounds[]): boolean {
  return workAreas.some((area) => {
    const left = Math.max(bounds.x, area.x);
    const top = Math.max(bounds.y, area.y);
    const right = Math.min(bounds.x + bounds.width, area.x + area.width);
    const bottom = Math.min(bounds.y + bounds.height, area.y + area.height);
    return right - left >= 100 && bottom - top >= 50;
  });
}

/** The remembered state when it still fits the displays there are, else null (use defaults). */
export function restorableState(file: string, workAreas: readonly Bounds[]): WindowState | null {
  const state = readWindowState(file);
  return state && visibleOn(state.bounds, workAreas) ? state : null;
}
