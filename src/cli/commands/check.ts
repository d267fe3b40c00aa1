import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkResultTable, chooseSheet, MappingOverrideError, SheetChoiceError, type ColumnOverride } from '../../core/intake';
import { ExportError, exportFormatOf, exportTable } from '../../services/exports/participant-export';
import { checkFile, type FileCheck } from '../../services/intake/check-file';
import { knownCatalog } from '../../services/intake/known-catalog';
import { MappingMemory, MappingMemoryError } from '../../services/intake/mapping-memory';
import { SheetReadError } from '../../services/sheets/errors';
import { SheetWriteError } from '../../services/sheets/write';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import { formatCheckTable } from '../format/check-table';
import type { Io } from '../io';
import { accountOf, dataDirOf, type Env } from '../sync/session';

export const CHECK_HELP = 'check a sheet offline: FILE [--sheet NAME] [--header-row N] [--event ID [--server URL]] [--map COLUMN=TARGET] [--json [--cells]] [--export OUT.xlsx|OUT.csv] [--strict] [--data DIR] [--max-mb N]';

function overridesOf(values: string[] | undefined): ColumnOverride[] {
  return (values ?? []).map((text) => {
    const at = text.lastIndexOf('=');
    if (at <= 0 || at === text.length - 1) throw new UsageError(`--map takes COLUMN=TARGET, such as "E-Mail=email" or "C=demographic:Gender", not "${text}".`);
    return { column: text.slice(0, at), target: text.slice(at + 1) };
  });
}

/** A data folder that is a file would fail later with a raw errno message; say it plainly now. */
function refuseFileAsDataDir(dataDir: string): void {
  let info;
  try {
    info = statSync(dataDir);
  } catch {
    return; // missing is fine (made when something is remembered); other failures are told when it is used
  }
  if (!info.isDirectory()) throw new UsageError(`the data folder ${dataDir} is a file, not a folder; give --data (or MUSTER_DATA_DIR) a folder.`);
}

/**
 * `muster check FILE …` reads a sheet offline and prints what the service's parser would say
 * of it. Exit 0 when the sheet was read (invalid rows included), 1 with --strict and invalid
 * rows, 2 when the file or the options cannot be used.
 */
export async function checkCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      sheet: { type: 'string' },
      'header-row': { type: 'string' },
      event: { type: 'string' },
      server: { type: 'string' },
      account: { type: 'string' },
      map: { type: 'string', multiple: true },
      data: { type: 'string' },
      json: { type: 'boolean' },
      cells: { type: 'boolean' },
      strict: { type: 'boolean' },
      'max-mb': { type: 'string' },
      export: { type: 'string' },
    },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('give exactly one spreadsheet file: muster check FILE');
  if (values.cells && !values.json) throw new UsageError('--cells goes with --json.');
  if (values.cells && values.export !== undefined) throw new UsageError('--export writes the checked rows, --cells prints the cells as read; give one of them.');
  const file = positionals[0];
  const headerRow = intOption(values['header-row'], 'header-row', '--header-row counts from 1.');
  const maxMb = intOption(values['max-mb'], 'max-mb', '--max-mb is the largest file to read, in MB: 1 or more.');
  // The same folder as push and the app, so a mapping confirmed in one is used by the others.
  const dataDir = dataDirOf(values, env);
  refuseFileAsDataDir(dataDir);
  const eventId = intOption(values.event, 'event');
  if (values.server !== undefined && eventId === undefined) throw new UsageError('--server goes with --event: it says whose catalog of the event to check against.');
  const account = accountOf(values, env);
  let catalog;
  try {
    catalog = eventId === undefined ? null : knownCatalog(dataDir, eventId, values.server ? { url: values.server, account } : undefined);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const exportPath = values.export;
  if (exportPath !== undefined) {
    try {
      exportFormatOf(exportPath);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }

  let result: FileCheck;
  try {
    result = await checkFile(resolve(file), {
      sheetName: values.sheet,
      headerRow,
      overrides: overridesOf(values.map),
      keepCells: values.cells === true,
      memory: new MappingMemory(dataDir),
      ...(catalog ? { catalog } : {}),
      ...(maxMb !== undefined ? { maxBytes: maxMb * 1024 * 1024 } : {}),
    });
  } catch (error) {
    if (error instanceof SheetReadError || error instanceof SheetChoiceError || error instanceof MappingOverrideError) {
      throw new UsageError(`${file}: ${error.message}`);
    }
    if (error instanceof MappingMemoryError) throw new UsageError(error.message);
    throw error;
  }

  if (values.cells) {
    const sheet = chooseSheet(result.workbook!.sheets, result.sheet);
    // A rectangle, so rows[r][c] is the cell a person sees at that place, "" when empty.
    const width = Math.max(0, ...sheet.rows.map((row) => row.length));
    const rows = sheet.rows.map((row) => (row.length === width ? row : [...row, ...new Array<string>(width - row.length).fill('')]));
    io.out(JSON.stringify({ file, sheet: sheet.name, rows }));
    return 0;
  }
  if (exportPath !== undefined) {
    try {
      await exportTable(resolve(exportPath), 'Check', checkResultTable(result.participants));
    } catch (error) {
      if (error instanceof ExportError || error instanceof SheetWriteError) throw new UsageError(error.message);
      throw error;
    }
  }
  if (eventId !== undefined && !catalog) {
    result.notes.push(`The catalog of event ${eventId} is not known on this computer yet (push or pull once with a connection), so demographics were not checked against it.`);
  }
  const { workbook: _workbook, mapping: _mapping, ...report } = result;
  if (values.json) io.out(JSON.stringify({ file, ...report }));
  else io.out(formatCheckTable(file, result));
  return values.strict && result.summary.invalid > 0 ? 1 : 0;
}
