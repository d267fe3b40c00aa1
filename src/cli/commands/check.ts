import { resolve } from 'node:path';
import { chooseSheet, mappingReasonText } from '../../core/intake';
import type { CsvDelimiter } from '../../services/sheets/write';
import { appliedSentence, countSuggestions, suggestionOut, suggestionReasonText } from '../../core/suggestions';
import { checkSheetFile, UseCaseError } from '../../services/usecases';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { formatCheckTable, rowWarningsText, sheetNoteText } from '../format/check-table';
import { languageOf, wordsFor, type Words } from '../language';
import type { Io } from '../io';
import { overridesOf } from '../sync/push-args';
import { accountOf, dataDirOf, type Env } from '../sync/session';


/**
 * `muster check FILE …` reads a sheet offline and prints what the service's parser would say
 * of it. Exit 0 when the sheet was read (invalid rows included), 1 with --strict and invalid
 * rows, 2 when the file or the options cannot be used.
 */
const DELIMITER_NAMES: Record<string, CsvDelimiter> = { ',': ',', comma: ',', ';': ';', semicolon: ';', tab: '\t', '\\t': '\t' };

/** `--delimiter comma|semicolon|tab` (or the character), for a csv export only. */
function delimiterOf(value: string | undefined, exportPath: string | undefined): CsvDelimiter | undefined {
  if (value === undefined) return undefined;
  if (!exportPath?.toLowerCase().endsWith('.csv')) throw new UsageError('--delimiter goes with --export FILE.csv.');
  const delimiter = DELIMITER_NAMES[value.trim().toLowerCase()];
  if (!delimiter) throw new UsageError(`--delimiter takes comma, semicolon or tab, not "${value}".`);
  return delimiter;
}

function suggestionsNote({ t, n, language }: Words, { total, sure }: { total: number; sure: number }): string {
  const choose = total - sure;
  const counts = [sure > 0 ? t('cli.check.suggested_sure', { n: n(sure) }) : '', choose > 0 ? t('cli.check.suggested_choose', { n: n(choose) }) : ''].filter(Boolean);
  // British English joins the two without a serial comma, as the rest of the command line does.
  const and = new Intl.ListFormat(language === 'en' ? 'en-GB' : language, { type: 'conjunction' });
  return t('cli.check.suggested', { counts: and.format(counts), how: sure > 0 ? t('cli.check.suggested_how') : '' });
}

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
      delimiter: { type: 'string' },
      'forget-mapping': { type: 'boolean' },
      'apply-suggestions': { type: 'boolean' },
      lang: { type: 'string' },
    },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('give exactly one spreadsheet file: muster check FILE');
  if (values.cells && !values.json) throw new UsageError('--cells goes with --json.');
  if (values.cells && values.export !== undefined) throw new UsageError('--export writes the checked rows, --cells prints the cells as read; give one of them.');
  if (values['apply-suggestions'] && values.export === undefined) throw new UsageError('--apply-suggestions goes with --export OUT: the list with the fixes made is written there.');
  const file = positionals[0];
  const words = wordsFor(languageOf(values.lang, env));
  const delimiter = delimiterOf(values.delimiter, values.export);
  const headerRow = intOption(values['header-row'], 'header-row', '--header-row counts from 1.');
  const maxMb = intOption(values['max-mb'], 'max-mb', '--max-mb is the largest file to read, in MB: 1 or more.');
  // The same folder as push and the app, so a mapping confirmed in one is used by the others.
  const dataDir = dataDirOf(values, env);
  const eventId = intOption(values.event, 'event');
  if (values.server !== undefined && eventId === undefined) throw new UsageError('--server goes with --event: it says whose catalog of the event to check against.');
  let result;
  let outcome;
  try {
    outcome = await checkSheetFile({
      file: resolve(file),
      dataDir,
      sheet: values.sheet,
      headerRow,
      overrides: overridesOf(values.map),
      keepCells: values.cells === true,
      ...(eventId !== undefined ? { externalEventId: eventId } : {}),
      ...(values.server ? { server: { url: values.server, account: accountOf(values, env) } } : {}),
      ...(maxMb !== undefined ? { maxBytes: maxMb * 1024 * 1024 } : {}),
      ...(values.export !== undefined ? { exportTo: resolve(values.export), delimiter } : {}),
      forgetMapping: values['forget-mapping'] === true,
      suggest: values.cells !== true,
      applySuggestions: values['apply-suggestions'] === true,
    });
    result = outcome.check;
  } catch (error) {
    if (error instanceof UseCaseError && error.problem === 'data-folder-is-file') {
      throw new UsageError(`the data folder ${dataDir} is a file, not a folder; give --data (or MUSTER_DATA_DIR) a folder.`);
    }
    throw asUsageError(error, file);
  }

  if (values.cells) {
    const sheet = chooseSheet(result.workbook!.sheets, result.sheet);
    // A rectangle, so rows[r][c] is the cell a person sees at that place, "" when empty.
    const width = Math.max(0, ...sheet.rows.map((row) => row.length));
    const rows = sheet.rows.map((row) => (row.length === width ? row : [...row, ...new Array<string>(width - row.length).fill('')]));
    io.out(JSON.stringify({ file, sheet: sheet.name, rows }));
    return 0;
  }
  const notes: string[] = [];
  const { t, n } = words;
  if (outcome.rememberedIn) notes.push(t('cli.check.remembered', { where: outcome.rememberedIn, file }));
  if (outcome.forgotten) notes.push(t('cli.check.forgotten'));
  const rows = t('cli.check.rows', { n: n(result.participants.length) }, result.participants.length);
  const counted = countSuggestions(outcome.suggestions ?? []);
  if (outcome.applied && outcome.fixed) {
    const left = outcome.fixed.filter((p) => p.invalid_fields.length > 0).length;
    const stillLeft = t('cli.check.left', { n: n(left) }, left);
    notes.push(t('cli.check.wrote_fixed', { applied: appliedSentence(outcome.applied, t, n), rows, file: values.export!, left: stillLeft }));
  } else {
    if (counted.total > 0) notes.push(suggestionsNote(words, counted));
    if (values.export !== undefined) notes.push(t('cli.check.wrote', { rows, file: values.export }));
  }
  const { workbook: _workbook, mapping: _mapping, ...report } = result;
  if (values.json) {
    const suggestions = outcome.suggestions ?? [];
    const say = (reason: Parameters<typeof suggestionReasonText>[0]) => suggestionReasonText(reason, words.t, words.language);
    // The warnings in the language the reasons and notes are said in; their data stays inside.
    const participants = report.participants.map(({ warning_words: warningWords, ...p }, i) => ({
      ...p, warnings: rowWarningsText(words, { warnings: p.warnings, warning_words: warningWords }), suggestions: (suggestions[i] ?? []).map((s) => suggestionOut(s, say)),
    }));
    const columns = report.columns.map((c) => ({ ...c, reason: mappingReasonText(words.t, c.reason) }));
    const sheetNotes = [...report.notes.map((n) => sheetNoteText(words, n)), ...notes];
    io.out(JSON.stringify({ file, ...report, columns, notes: sheetNotes, participants }));
  }
  else io.out(formatCheckTable(file, result, outcome.suggestions, words, notes));
  return values.strict && result.summary.invalid > 0 ? 1 : 0;
}
