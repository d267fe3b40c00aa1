/** The readable form of `muster check`: the invalid rows as a table, then one summary line. */
import { mappingReasonText, problemsOf, type SheetCheck, type SheetNote } from '../../core/intake';
import { intakeWarningText } from '../../core/intake/warning-words';
import { suggestionGroup, type Suggestion } from '../../core/suggestions';
import { wordsFor, type Words } from '../language';

const MAX_CELL = 32;

function clip(text: string, width = MAX_CELL): string {
  // One line per row: line breaks and tabs inside a cell would break the table.
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd());
}

const MAX_NOTES = 10;

/** What intake noticed or assumed about rows (a blank locale read as en_US, a value the event lacks…). */
function rowNotes(result: SheetCheck, words: Words): string[] {
  const notes = result.participants.flatMap((p) => rowWarningsText(words, p).map((note) => `  ${words.t('rowNotes.row', { row: words.n(p.source_row), note })}`));
  if (notes.length === 0) return [];
  const left = notes.length - MAX_NOTES;
  const more = left > 0 ? [`  ${words.t('rowNotes.more', { n: words.n(left) }, left)}`] : [];
  return ['', words.t('rowNotes.title'), ...notes.slice(0, MAX_NOTES), ...more];
}

/** A suggestion under a row's problems: the one answer, or the choices. */
function suggestionLine({ t }: Words, s: Suggestion): string {
  const field = s.field.startsWith('demographics:') ? s.field.slice('demographics:'.length) : t(`fixes.fields.${suggestionGroup(s)}`);
  return s.sure ? t('fixes.line_one', { field, to: clip(s.to[0], 48) }) : t('fixes.line_choose', { field, to: s.to.map((to) => clip(to, 24)).join(' | ') });
}

/** A row's warnings in the person's language; a row whose warnings came without their words keeps the English sentences. */
export function rowWarningsText(words: Words, p: Pick<SheetCheck['participants'][number], 'warnings' | 'warning_words'>): string[] {
  return p.warning_words?.length === p.warnings.length ? p.warning_words.map((w) => intakeWarningText(w, words.t, words.language)) : p.warnings;
}

export const sheetNoteText = ({ t }: Words, note: SheetNote) => t(`sheetNotes.${note.code}`, note.params ?? {});

/** Why each column is read as it is, in the person's language, with how sure the guess is. */
function columnReasons(result: SheetCheck, words: Words): string[] {
  const named = result.columns.filter((c) => c.header.trim() !== '' || c.maps_to !== 'ignore');
  return named.map((c) => `  ${c.column}: ${mappingReasonText(words.t, c.reason)} (${Math.round(c.confidence * 100)} %)`);
}

/**
 * `suggestions`, when given, are listed under each flagged row's problems (index as
 * `result.participants`); `words` says the table, the sheet's notes, the columns' reasons and
 * the rows' problems in a language of the catalogs; `notes` are the command's own, said after the sheet's.
 */
export function formatCheckTable(
  file: string, result: SheetCheck, suggestions: readonly (readonly Suggestion[])[] = [], words: Words = wordsFor('en'), notes: readonly string[] = [],
): string {
  const { t, n } = words;
  const lines: string[] = [];
  lines.push(result.header_row === null ? t('cli.check.head_no_header', { file, sheet: result.sheet }) : t('cli.check.head', { file, sheet: result.sheet, row: result.header_row }));
  const mapped = result.columns.filter((c) => c.maps_to !== 'ignore');
  const ignored = result.columns.filter((c) => c.maps_to === 'ignore' && c.header.trim() !== '');
  // A column with no header is named by its letter alone.
  const named = (c: SheetCheck['columns'][number]) => (c.header.trim() === '' ? c.column : t('cli.check.column_named', { column: c.column, header: clip(c.header, 24) }));
  const ignoredText = ignored.length === 0 ? '' : t('cli.check.ignored', { columns: ignored.map(named).join(', ') });
  const columns = mapped.length === 0 ? t('cli.check.columns_none') : mapped.map((c) => `${named(c)} → ${c.maps_to}`).join(', ');
  lines.push(t('cli.check.columns', { columns, ignored: ignoredText }));
  lines.push(...columnReasons(result, words));
  for (const note of [...result.notes.map((said) => sheetNoteText(words, said)), ...notes]) lines.push(t('cli.check.note', { note }));

  const sourceRow = (rowNumber: number) => result.participants[rowNumber - 1]?.source_row ?? rowNumber;
  const flagged = result.participants.filter((p) => p.invalid_fields.length > 0 || p.duplicate_of_row !== null || p.identity_conflict !== null);
  if (flagged.length > 0) {
    lines.push('');
    const rows = [(['row', 'name', 'email', 'problem'] as const).map((head) => t(`cli.check.table.${head}`))];
    for (const p of flagged) {
      const problems = [...problemsOf(p, sourceRow, words.t, words.n), ...(suggestions[p.row_number - 1] ?? []).map((s) => suggestionLine(words, s))];
      problems.forEach((problem, i) => {
        rows.push(i === 0 ? [String(p.source_row), clip(p.name), clip(p.email), problem] : ['', '', '', problem]);
      });
    }
    lines.push(...table(rows));
  }
  lines.push(...rowNotes(result, words));
  const s = result.summary;
  lines.push('');
  const conflicts = s.identity_conflicts > 0 ? t('cli.check.conflicts', { n: n(s.identity_conflicts) }, s.identity_conflicts) : '';
  const duplicates = t('cli.check.duplicates', { n: n(s.duplicates) }, s.duplicates);
  lines.push(t('cli.check.summary', { total: n(s.total), valid: n(s.valid), invalid: n(s.invalid), duplicates, conflicts }, s.total));
  return lines.join('\n');
}
