/** Reads a spreadsheet file off the main thread and checks it as the service's parser would. */
import { checkSheet, type CheckSheetOptions, type ColumnOverride, type SheetCheck } from '../../core/intake';
import type { CatalogCategory } from '../../core/participants/catalog';
import type { ParticipantDirectory } from '../../core/participants/directory';
import { readWorkbookInWorker } from '../sheets/read-in-worker';
import type { WorkbookData } from '../sheets/types';
import type { MappingMemory } from './mapping-memory';

export interface CheckFileOptions {
  sheetName?: string;
  headerRow?: number;
  catalog?: readonly CatalogCategory[];
  /** The event's participants this computer knows of (known-participants.ts). */
  participants?: ParticipantDirectory;
  overrides?: readonly ColumnOverride[];
  /** Where confirmed mappings are recalled from; corrections given in `overrides` are remembered there. */
  memory?: MappingMemory;
  maxBytes?: number;
  /** Keep the cells read (for showing them); otherwise they are let go as soon as possible. */
  keepCells?: boolean;
  /** Keep each row's participant payload, for making a draft from this one pass. */
  keepPayloads?: boolean;
  onProgress?: (fraction: number) => void;
}

export interface FileCheck extends SheetCheck {
  /** Present when `keepCells` was asked for. */
  workbook?: WorkbookData;
}

export async function checkFile(path: string, options: CheckFileOptions = {}): Promise<FileCheck> {
  const workbook = await readWorkbookInWorker(path, {
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const sheetOptions: CheckSheetOptions = {
    sheetName: options.sheetName,
    headerRow: options.headerRow,
    catalog: options.catalog,
    ...(options.participants ? { participants: options.participants } : {}),
    overrides: options.overrides,
    keepPayloads: options.keepPayloads,
    remembered: options.memory ? (signature) => options.memory!.recall(signature) : undefined,
  };
  const checked = checkSheet(workbook.sheets, sheetOptions);
  const result = { ...checked, notes: [...(workbook.notes ?? []), ...checked.notes] };
  // A correction is a confirmation: the next sheet with these headers is mapped this way.
  if (options.memory && options.overrides && options.overrides.length > 0 && result.header_row !== null) {
    options.memory.remember(result.mapping);
  }
  return options.keepCells ? { ...result, workbook } : result;
}
