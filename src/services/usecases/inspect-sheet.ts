/**
 * A spreadsheet looked at before it becomes a draft: its sheets, the first rows of the one
 * chosen (so the person sees the header row over them), and how each column is mapped, with
 * the reason and confidence. Choosing another sheet, header row or column target reads it
 * again with that choice; nothing is saved until the draft is made.
 */
import { columnName, type ColumnOverride } from '../../core/intake';
import type { SheetNote } from '../../core/intake/check-sheet';
import type { MappedColumn } from '../../core/intake/types';
import { catalogFor } from '../mirror/queries/imports/catalog';
import { checkFile } from '../intake/check-file';
import { MappingMemory } from '../intake/mapping-memory';
import { fileHash } from '../sync/imports/sheet-draft';
import { sheetProblem } from './check-sheet';
import { sameFileDraft, type SameFileDraft } from './draft-files';
import { withAccountMirror, type MirrorPlace } from './account-mirror';

export const PREVIEW_ROWS = 12;
export const PREVIEW_COLUMNS = 30;

export interface SheetPreview {
  sheets: { name: string; rows: number }[];
  sheet: string;
  /** 1-based; null when no row reads like a header. */
  headerRow: number | null;
  /** The first rows of the sheet as text, for picking the header row over them. */
  preview: string[][];
  mapping: MappedColumn[];
  rows: number;
  invalidRows: number;
  notes: SheetNote[];
  /** A draft of this event made of a file with the same content: continue it, or start over. */
  sameFile: SameFileDraft | null;
  /** The event's demographic categories as this computer knows them, for a column to be read as one. */
  categories: string[];
}

export interface InspectSheetInput {
  file: string;
  externalEventId: number;
  sheet?: string;
  headerRow?: number;
  overrides?: readonly ColumnOverride[];
}

export async function inspectSheet(place: MirrorPlace, input: InspectSheetInput): Promise<SheetPreview> {
  const catalog = withAccountMirror(place, (db) => catalogFor(db, input.externalEventId));
  let check;
  let hash;
  try {
    // Recalled mappings apply; a correction here is remembered only when the draft is made.
    [hash, check] = await Promise.all([fileHash(input.file), checkFile(input.file, { sheetName: input.sheet, headerRow: input.headerRow, overrides: input.overrides, catalog, memory: new MappingMemory(place.dataDir).readOnly(), keepCells: true })]);
  } catch (error) {
    throw sheetProblem(error) ?? error;
  }
  const sheets = check.workbook?.sheets ?? [];
  const chosen = sheets.find((s) => s.name === check.sheet);
  return {
    sheets: sheets.map((s) => ({ name: s.name, rows: s.rows.length })),
    sheet: check.sheet,
    headerRow: check.header_row,
    preview: (chosen?.rows ?? []).slice(0, PREVIEW_ROWS).map((row) => row.slice(0, PREVIEW_COLUMNS).map((cell) => String(cell ?? ''))),
    // A column with a blank header is shown (and offered as a category) by its letter.
    mapping: check.mapping.columns.map((column) => ({ ...column, header: columnName(column) })),
    rows: check.participants.length,
    invalidRows: check.summary.invalid,
    notes: check.notes,
    sameFile: withAccountMirror(place, (db) => sameFileDraft(db, input.externalEventId, hash)),
    categories: catalog.map((c) => c.name),
  };
}
