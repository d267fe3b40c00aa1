/**
 * Check a spreadsheet offline as the service's parser would, against the event's catalog
 * and the participants it already has (the e-mails several of them share) when this
 * computer has learned them, optionally writing the checked rows to a file.
 */
import { statSync } from 'node:fs';
import { checkResultTable, checkRows, MappingOverrideError, SheetChoiceError, type CheckedParticipant, type ColumnOverride } from '../../core/intake';
import { buildCatalog } from '../../core/participants/catalog';
import type { ParticipantDirectory } from '../../core/participants/directory';
import { applyToRows, catalogSuggester, catalogValuesOf, suggestForSheet, type Suggestion } from '../../core/suggestions';
import { ExportError, exportFormatOf, exportTable } from '../exports/participant-export';
import { checkFile, type FileCheck } from '../intake/check-file';
import { knownCatalog } from '../intake/known-catalog';
import { knownDirectory } from '../intake/known-participants';
import { MappingMemory, MappingMemoryError } from '../intake/mapping-memory';
import { SheetReadError } from '../sheets/errors';
import { SheetWriteError, type CsvDelimiter } from '../sheets/write';
import type { MirrorDb } from '../mirror/db';
import { catalogFor } from '../mirror/queries/imports/catalog';
import type { CatalogCategory } from '../../core/participants/catalog';
import { readSheetRows, type SheetRows } from '../sync/imports/sheet-draft';
import { UseCaseError } from './errors';

export interface CheckSheetInput {
  /** Absolute path of the spreadsheet. */
  file: string;
  /** Where confirmed mappings and the mirrors (with their catalogs) live. */
  dataDir: string;
  sheet?: string;
  /** 1-based. */
  headerRow?: number;
  overrides?: readonly ColumnOverride[];
  /** Check demographics against this event's catalog, from one service's mirror or any. */
  externalEventId?: number;
  server?: { url: string; account: string };
  /** Keep the cells as read, for showing them. */
  keepCells?: boolean;
  maxBytes?: number;
  /** Write the checked rows (status and problems per row) to this xlsx or csv file. */
  exportTo?: string;
  /** Read the sheet without the mapping remembered for its headers, and forget that mapping. */
  forgetMapping?: boolean;
  /** The csv export's separator (default a comma). */
  delimiter?: CsvDelimiter;
  /** Suggest fixes for each row (core/suggestions). */
  suggest?: boolean;
  /** Write the export with every suggestion that has one right answer made (implies `suggest`). */
  applySuggestions?: boolean;
  onProgress?: (fraction: number) => void;
}

export interface CheckSheetResult {
  check: FileCheck;
  /** Where a corrected mapping was remembered, or null when nothing was remembered. */
  rememberedIn: string | null;
  /** True when a remembered mapping for these headers was forgotten. */
  forgotten: boolean;
  /** False when an event was named but its catalog is not known here yet. */
  catalogKnown: boolean;
  /** Each participant's suggested fixes, in the order of `check.participants`, when asked for. */
  suggestions?: (readonly Suggestion[])[];
  /** The suggestions made in the export, with `applySuggestions`. */
  applied?: Suggestion[];
  /** The export's rows as checked after the suggestions were made, with `applySuggestions`. */
  fixed?: CheckedParticipant[];
}

/** A data folder that is a file would fail later with a raw errno message; say it plainly now. */
function refuseFileAsDataDir(dataDir: string): void {
  let info;
  try {
    info = statSync(dataDir);
  } catch {
    return; // missing is fine (made when something is remembered); other failures are told when it is used
  }
  if (!info.isDirectory()) throw new UseCaseError(`the data folder ${dataDir} is a file, not a folder; give it a folder.`, 'input', false, 'data-folder-is-file');
}

/** The failures of reading and mapping a sheet, as sentences about the file. */
export function sheetProblem(error: unknown): UseCaseError | null {
  if (error instanceof SheetReadError || error instanceof SheetChoiceError || error instanceof MappingOverrideError) return new UseCaseError(error.message, 'input', true);
  if (error instanceof MappingMemoryError) return new UseCaseError(error.message);
  return null;
}

/** Which sheet of a file is read for which event, and how. */
export interface SheetForEvent {
  file: string;
  externalEventId: number;
  sheet?: string;
  headerRow?: number;
  /** Column targets the person chose; remembered for sheets with the same headers. */
  overrides?: readonly ColumnOverride[];
}

/**
 * A sheet read into draft rows as `muster check` reads it: against the event's catalog as
 * this mirror knows it, with the column choices remembered in the data folder; a sheet that
 * cannot be read is a UseCaseError about the file.
 */
export async function readSheetForEvent(
  db: MirrorDb,
  dataDir: string,
  input: SheetForEvent,
  onProgress?: (fraction: number) => void,
  /** The event's catalog when the caller has read it already (and checks against the same one later). */
  catalog: CatalogCategory[] = catalogFor(db, input.externalEventId),
): Promise<SheetRows> {
  try {
    return await readSheetRows(input.file, {
      sheetName: input.sheet,
      headerRow: input.headerRow,
      overrides: input.overrides,
      catalog,
      memory: new MappingMemory(dataDir),
      ...(onProgress ? { onProgress } : {}),
    });
  } catch (error) {
    throw sheetProblem(error) ?? error;
  }
}

export async function checkSheetFile(input: CheckSheetInput): Promise<CheckSheetResult> {
  refuseFileAsDataDir(input.dataDir);
  let catalog;
  let participants;
  try {
    catalog = input.externalEventId === undefined ? null : knownCatalog(input.dataDir, input.externalEventId, input.server);
    participants = input.externalEventId === undefined ? null : knownDirectory(input.dataDir, input.externalEventId, input.server);
  } catch (error) {
    throw new UseCaseError(error instanceof Error ? error.message : String(error));
  }
  if (input.exportTo !== undefined) {
    try {
      exportFormatOf(input.exportTo);
    } catch (error) {
      throw new UseCaseError((error as Error).message);
    }
  }
  const memory = new MappingMemory(input.dataDir);
  const suggest = input.suggest === true || input.applySuggestions === true;
  let check: FileCheck;
  try {
    check = await checkFile(input.file, {
      sheetName: input.sheet,
      headerRow: input.headerRow,
      overrides: input.overrides,
      keepCells: input.keepCells === true,
      keepPayloads: suggest,
      ...(input.forgetMapping ? {} : { memory }),
      ...(catalog ? { catalog } : {}),
      ...(participants ? { participants } : {}),
      ...(input.maxBytes !== undefined ? { maxBytes: input.maxBytes } : {}),
      ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    });
  } catch (error) {
    throw sheetProblem(error) ?? error;
  }
  // Demographic values are matched only where the event's catalog is known: without it there is nothing to match them to.
  const suggestions = suggest ? suggestForSheet(check.payloads ?? [], catalog ? { demographics: catalogSuggester(catalogValuesOf(catalog)) } : {}) : undefined;
  let fixed: { applied: Suggestion[]; participants: CheckedParticipant[] } | undefined;
  if (suggestions && input.applySuggestions) fixed = recheckFixed(check, suggestions, catalog, participants);
  // The payloads were kept for the suggestions only; the report is the parse, as before.
  delete check.payloads;
  if (input.exportTo !== undefined) {
    try {
      await exportTable(input.exportTo, 'Check', checkResultTable(fixed?.participants ?? check.participants), input.delimiter);
    } catch (error) {
      if (error instanceof ExportError || error instanceof SheetWriteError) throw new UseCaseError(error.message);
      throw error;
    }
  }
  let forgotten: boolean;
  try {
    forgotten = input.forgetMapping === true && check.header_row !== null && memory.forget(check.mapping.signature);
  } catch (error) {
    throw sheetProblem(error) ?? error;
  }
  const remembered = !input.forgetMapping && (input.overrides?.length ?? 0) > 0 && check.header_row !== null;
  const catalogKnown = input.externalEventId === undefined || catalog !== null;
  if (!catalogKnown) {
    check.notes.push({ code: 'catalog_unknown', params: { event: String(input.externalEventId) } });
  }
  return {
    check, catalogKnown, rememberedIn: remembered ? memory.location : null, forgotten,
    ...(suggestions ? { suggestions } : {}),
    ...(fixed ? { applied: fixed.applied, fixed: fixed.participants } : {}),
  };
}

/** The sheet's rows with the sure suggestions made, checked again against the same catalog and participants. */
function recheckFixed(
  check: FileCheck,
  suggestions: readonly (readonly Suggestion[])[],
  catalog: CatalogCategory[] | null,
  participants: ParticipantDirectory | null,
): { applied: Suggestion[]; participants: CheckedParticipant[] } {
  const { rows, applied } = applyToRows(check.payloads ?? [], check.participants, suggestions);
  const rechecked = checkRows(rows, {
    ...(catalog && catalog.length > 0 ? { catalog: buildCatalog(catalog) } : {}),
    ...(participants ? { directory: participants } : {}),
  });
  // The rows carry their first check's warnings already; the second check adds the catalog's again.
  for (const p of rechecked) {
    const first = p.warnings.map((w, k) => p.warnings.indexOf(w) === k);
    p.warnings = p.warnings.filter((_, k) => first[k]);
    if (p.warning_words) p.warning_words = p.warning_words.filter((_, k) => first[k]);
  }
  return { applied, participants: rechecked };
}
