/**
 * A block pasted from a spreadsheet goes to the main side whole, as one step of the history
 * (cells it covers and rows it adds), instead of the grid writing its part and the rest
 * following as added rows. It starts at the grid's focus as it is now (the rows under a
 * remembered focus may have moved since).
 */
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { PASTE_LIMITS, pastedBlock, withoutTrailingBlankRows, type PastedBlock, type PastedColumns } from '../../../core/drafts/paste';
import type { GridModel } from './grid-models';

type FocusedCell = { model?: GridModel; column?: { prop?: string } } | null;

export interface GridPaste {
  host: () => HTMLElement | null;
  readonly: () => boolean;
  /** The grid's editable columns, in order. */
  fields: () => readonly string[];
  /** The rows the grid shows, and whether only some are (then a paste adds none). */
  shown: () => { rows: readonly WorkspaceRow[]; filtered: boolean };
  /** The block as the draft's cells (a catalog's category columns folded into one). */
  cells: (block: PastedColumns<string>, textAt: (position: number) => string) => PastedBlock;
  paste: (block: PastedBlock) => void;
  tooLarge: (rows: number) => void;
}

/** The grid's `beforepasteapply` listener. */
export function gridPaste(to: GridPaste): (event: CustomEvent<{ parsed?: unknown[][]; event?: Event }>) => void {
  return (event) => {
    const block = event.detail?.parsed;
    if (!Array.isArray(block)) return;
    // The grid hears pastes anywhere on the page; one into a field elsewhere is that field's.
    event.preventDefault();
    const target = event.detail.event?.target;
    if (target instanceof Element && !to.host()?.contains(target) && target.closest('input, textarea, select, [contenteditable]')) return;
    event.detail.event?.preventDefault();
    if (to.readonly()) return;
    const grid = to.host()?.querySelector('revo-grid') as (HTMLElement & { getFocused?: () => Promise<FocusedCell> }) | null;
    void grid?.getFocused?.().then((focus) => {
      const field = focus?.column?.prop;
      const fields = to.fields();
      if (!focus?.model || field === undefined || !fields.includes(field)) return;
      const { rows, filtered } = to.shown();
      const values = block.map((row) => (Array.isArray(row) ? row.map((v) => (v === null || v === undefined ? '' : String(v))) : []));
      const over = pastedBlock(withoutTrailingBlankRows(values), rows, { position: focus.model.position, field }, { grow: !filtered, fields: [...fields] });
      const texts = new Map(rows.map((r) => [r.position, r.cells.demographics]));
      const pasted = to.cells(over, (position) => texts.get(position) ?? '');
      if (pasted.edits.length > PASTE_LIMITS.edits || pasted.rows.length > PASTE_LIMITS.rows) to.tooLarge(PASTE_LIMITS.rows);
      else if (pasted.edits.length + pasted.rows.length > 0) to.paste(pasted);
    });
  };
}
