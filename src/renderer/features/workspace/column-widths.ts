import type { WorkspaceRow } from '../../../core/contract/app-api';
import { GRID_FIELDS } from '../../../core/drafts/cells';

/** Rows looked at: enough to see a column's usual width, few enough to measure at once. */
const SAMPLE = 300;
const MIN = 72;
const MAX = 360;
/** The grid's cell padding (15 px a side in its compact theme) and a little air. */
const PADDING = 36;

let context: CanvasRenderingContext2D | null = null;
function measure(text: string, font: string): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 8;
  context.font = font;
  return context.measureText(text).width;
}

/** A column as wide as its header and the widest of `values` (the first rows' cells), within limits. */
export function fittedWidth(header: string, values: readonly string[]): number {
  const family = getComputedStyle(document.documentElement).fontFamily;
  const widest = Math.max(measure(header, `600 14px ${family}`), ...values.slice(0, SAMPLE).map((text) => measure(text, `14px ${family}`)));
  return Math.round(Math.min(MAX, Math.max(MIN, widest + PADDING)));
}

/**
 * Each column as wide as its header and the widest of the first rows' values, within limits:
 * a long note wraps into its title instead of pushing the other columns off-screen.
 */
export function columnWidths(rows: WorkspaceRow[], headers: Record<string, string>): Record<string, number> {
  const family = getComputedStyle(document.documentElement).fontFamily;
  const cell = `14px ${family}`;
  const head = `600 14px ${family}`;
  const widest = (texts: string[], font: string) => texts.reduce((w, text) => Math.max(w, measure(text, font)), 0);
  const sample = rows.slice(0, SAMPLE);
  const widths: Record<string, number> = {};
  const rowNumbers = sample.map((r) => String(r.sourceRow ?? ''));
  widths.row = Math.round(Math.max(widest([headers.row ?? ''], head), widest(rowNumbers, cell)) + PADDING);
  for (const field of GRID_FIELDS) {
    const values = sample.map((r) => String(r.cells[field] ?? ''));
    const wanted = Math.max(widest([headers[field] ?? ''], head), widest(values, cell)) + PADDING;
    widths[field] = Math.round(Math.min(MAX, Math.max(MIN, wanted)));
  }
  return widths;
}
