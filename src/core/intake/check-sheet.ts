/**
 * The whole offline reading of a workbook, as `muster check` and the app's draft screen use
 * it: choose the sheet, find the header row, map the columns, read the rows and parse them
 * with the service's own participant rules.
 */
import type { ParticipantInput } from '../contract/imports';
import { buildCatalog, type CatalogCategory } from '../participants/catalog';
import type { ParticipantDirectory } from '../participants/directory';
import type { ParseSummary } from '../participants/parser';
import { columnLetter } from './cells';
import { checkRows, summarizeCheck } from './check';
import { detectHeaderRow } from './header';
import { applyRememberedMapping, headerSignature, suggestMapping } from './mapping';
import { applyOverrides, type ColumnOverride } from './overrides';
import { rowsToParticipants } from './rows';
import { pickParticipantSheet } from './sheets';
import type { SheetNoteCode } from '../contract/vocabulary';
import type { MappingReason } from './mapping-reasons';
import type { CheckedParticipant, ColumnMapping, ColumnTarget } from './types';
import type { RowWarning } from './row-warnings';

export interface WorkbookSheet {
  name: string;
  rows: string[][];
  hidden?: boolean;
}

export interface CheckSheetOptions {
  /** A sheet chosen by name (exact first, then ignoring case); otherwise the participant list is found. */
  sheetName?: string;
  /** 1-based header row chosen by a person; otherwise detected. */
  headerRow?: number;
  /** The event's catalog, when known: demographic columns are matched and checked against it. */
  catalog?: readonly CatalogCategory[];
  /** The event's participants this computer knows of: rows are checked for e-mails several of them share. */
  participants?: ParticipantDirectory;
  /** A mapping a person confirmed earlier for a header signature. */
  remembered?: (signature: string) => ColumnMapping | null | undefined;
  overrides?: readonly ColumnOverride[];
  /**
   * Keep each row's participant payload (what the service is sent), so a draft is made from
   * this one mapping pass instead of mapping the cells a second time.
   */
  keepPayloads?: boolean;
}

/** A row's payload as intake made it, with its place in the sheet. */
export interface SheetPayload {
  source_row: number;
  participant: ParticipantInput;
  /** What only the cells could say about the row, for a draft to keep (IntakeRow.notes). */
  notes?: RowWarning[];
}

export interface CheckedColumn {
  column: string;
  header: string;
  maps_to: ColumnTarget;
  confidence: number;
  reason: MappingReason;
}

export { SHEET_NOTE_CODES } from '../contract/vocabulary';

export interface SheetNote {
  code: SheetNoteCode;
  params?: Record<string, string | number>;
}

export interface SheetCheck {
  sheet: string;
  /** 1-based; null when no row reads like a header (every row is then data). */
  header_row: number | null;
  columns: CheckedColumn[];
  participants: CheckedParticipant[];
  summary: ParseSummary;
  /** What is said of the sheet as a whole, as data the catalogs word (sheetNotes). */
  notes: SheetNote[];
  mapping: ColumnMapping;
  /** Present when `keepPayloads` was asked for, in the order of `participants`. */
  payloads?: SheetPayload[];
}

/** A choice that names no sheet or a row outside the sheet. */
export class SheetChoiceError extends Error {
  override name = 'SheetChoiceError';
}

export function chooseSheet<S extends WorkbookSheet>(sheets: readonly S[], name?: string): S {
  if (sheets.length === 0) throw new SheetChoiceError('The workbook has no sheets.');
  // One sheet is the list: scoring it would only find its header twice.
  if (name === undefined) return sheets.length === 1 ? sheets[0] : sheets[Math.max(0, pickParticipantSheet([...sheets]))];
  const found = sheets.find((s) => s.name === name) ?? sheets.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw new SheetChoiceError(`There is no sheet “${name}”; the sheets are ${sheets.map((s) => `“${s.name}”`).join(', ')}.`);
  return found;
}

function headerIndexOf(rows: string[][], headerRow: number | undefined, notes: SheetNote[]): number {
  if (headerRow !== undefined) {
    if (!Number.isInteger(headerRow) || headerRow < 1 || headerRow > rows.length) {
      throw new SheetChoiceError(`Row ${headerRow} is not in the sheet, which has ${rows.length} row${rows.length === 1 ? '' : 's'}.`);
    }
    return headerRow - 1;
  }
  const guess = detectHeaderRow(rows);
  if (guess) return guess.index;
  if (rows.length > 0) notes.push({ code: 'no_header' });
  return -1;
}

export function checkSheet(sheets: readonly WorkbookSheet[], options: CheckSheetOptions = {}): SheetCheck {
  const sheet = chooseSheet(sheets, options.sheetName);
  const notes: SheetNote[] = [];
  const rows = sheet.rows;
  if (rows.length === 0) notes.push({ code: 'sheet_empty', params: { sheet: sheet.name } });
  const headerIndex = headerIndexOf(rows, options.headerRow, notes);
  const header = headerIndex >= 0 ? rows[headerIndex] : [];
  const data = rows.slice(headerIndex + 1);
  const catalog = options.catalog ?? [];
  // Without a header there is nothing to recognise a remembered mapping by.
  const remembered = headerIndex >= 0 ? applyRememberedMapping(header, options.remembered?.(headerSignature(header))) : null;
  let mapping = remembered ?? suggestMapping(header, data, { catalog });
  if (options.overrides && options.overrides.length > 0) mapping = applyOverrides(mapping, options.overrides);
  if (rows.length > 0 && !mapping.columns.some((c) => c.target !== 'ignore')) {
    notes.push({ code: 'nothing_mapped' });
  }
  const intake = rowsToParticipants(rows, headerIndex, mapping);
  const participants = checkRows(intake, {
    ...(catalog.length > 0 ? { catalog: buildCatalog(catalog) } : {}),
    ...(options.participants ? { directory: options.participants } : {}),
  });
  const payloads = options.keepPayloads ? intake.map((row) => (row.notes ? { source_row: row.source_row, participant: row.participant, notes: row.notes } : { source_row: row.source_row, participant: row.participant })) : undefined;
  return {
    sheet: sheet.name,
    header_row: headerIndex >= 0 ? headerIndex + 1 : null,
    columns: mapping.columns.map((c) => ({ column: columnLetter(c.index), header: c.header, maps_to: c.target, confidence: c.confidence, reason: c.reason })),
    participants,
    summary: summarizeCheck(participants),
    notes,
    mapping,
    ...(payloads ? { payloads } : {}),
  };
}
