/** Turns the data rows under a header into participant payloads, one per filled row. */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';
import { DEFAULT_LOCALE } from '../participants/locales';
import { MAX_LENGTH } from '../participants/parser';
import { cellText, hasInvisibleCharacter, looksLikeCutDigits, looksLikeFormula, looksLikeHtml, looksLikeScientific } from './cells';
import { emailColumns, lastNameColumns } from './duplicates';
import { joinedColumns, joinedLastName, type JoinedColumns } from './joined-columns';
import { addLocaleHint } from './locale-hint';
import type { RowWarning } from './row-warnings';
import { categoryOf, isDemographicTarget, type ColumnMapping, type IntakeRow, type MappedColumn, type SingleTarget } from './types';
import { englishWarning, type IntakeWarning } from './warning-words';

const LABELS: Readonly<Record<SingleTarget, string>> = {
  external_id: 'External ID', name: 'Name', first_name: 'First name', last_name: 'Last name',
  email: 'E-mail', locale: 'Locale', note: 'Note',
};

interface Plan {
  single: Partial<Record<SingleTarget, number>>;
  demographics: { index: number; category: string }[];
  /** Every column that supplies something: a row with all of them empty is skipped. */
  used: number[];
  joined: JoinedColumns;
}

const usable = (c: MappedColumn | null | undefined): c is MappedColumn => !!c && Number.isInteger(c.index) && c.index >= 0;

function plan(mapping: ColumnMapping): Plan {
  const columns = (Array.isArray(mapping?.columns) ? mapping.columns : []).filter(usable);
  const single: Partial<Record<SingleTarget, number>> = {};
  const demographics: Plan['demographics'] = [];
  const used: number[] = [];
  // The same choice as the mapping's (duplicates.ts), so a mapping made elsewhere cannot read a parent's e-mail.
  const emails = emailColumns(columns);
  const lastNames = lastNameColumns(columns);
  for (const column of columns) {
    const { target, index } = column;
    if (target === 'ignore' || typeof target !== 'string') continue;
    if (isDemographicTarget(target)) {
      const category = categoryOf(target).trim();
      if (category === '') continue;
      demographics.push({ index, category });
    } else if (target === 'email' || target === 'last_name') {
      if (!(target === 'email' ? emails : lastNames).includes(column)) continue;
    } else if (Object.hasOwn(LABELS, target)) {
      if (single[target as SingleTarget] !== undefined) continue; // the first column keeps a single-valued target
      single[target as SingleTarget] = index;
    } else continue;
    used.push(index);
  }
  if (emails.length > 0) single.email = emails[0].index;
  if (lastNames.length > 0) single.last_name = lastNames[0].index;
  return { single, demographics, used, joined: joinedColumns(emails, lastNames) };
}

/** What names the cell: its field, or a demographic's category. */
type Named = { field: SingleTarget } | { field: 'demographics'; category: string };

function warnAboutText(named: Named, text: string, warnings: IntakeWarning[]): void {
  if (looksLikeFormula(text)) warnings.push({ code: 'looks_like_formula', ...named, value: text[0] });
  if (looksLikeHtml(text)) warnings.push({ code: 'looks_like_html', ...named });
}

function warnAboutLength(field: SingleTarget, text: string, max: number, warnings: IntakeWarning[]): void {
  if (text.length > max) warnings.push({ code: 'too_long', field, length: text.length, max });
}

/** The trimmed cell of a single-valued target, or undefined when no column supplies it. */
function valueOf(row: readonly unknown[], p: Plan, target: SingleTarget, warnings: IntakeWarning[]): string | undefined {
  const index = p.single[target];
  if (index === undefined) return undefined;
  const text = cellText(row[index]).trim();
  if (text !== '') warnAboutText({ field: target }, text, warnings);
  return text;
}

/**
 * One data row as a participant, with what a person should know about it; `notes` gets the
 * warnings the participant's values alone will not show again (row-warnings.ts, sheetWarningsOf).
 */
function toParticipant(row: readonly unknown[], p: Plan, warnings: IntakeWarning[], notes: RowWarning[]): ParticipantInput {
  const participant: ParticipantInput = {};
  const externalId = valueOf(row, p, 'external_id', warnings);
  if (externalId !== undefined) {
    participant.external_id = externalId;
    if (looksLikeScientific(externalId)) {
      warnings.push({ code: 'id_scientific', field: 'external_id', value: externalId });
    } else if (looksLikeCutDigits(externalId)) {
      warnings.push({ code: 'id_cut_digits', field: 'external_id', value: externalId });
    }
    warnAboutLength('external_id', externalId, MAX_LENGTH.external_id, warnings);
  }

  const name = valueOf(row, p, 'name', warnings);
  const first = valueOf(row, p, 'first_name', warnings);
  const joinLast = p.joined.lastNames.length > 1;
  const joinedNotes = notes.length;
  const last = joinLast ? joinedLastName(row, p.joined, warnings, notes) : valueOf(row, p, 'last_name', warnings);
  if (joinLast && last) warnAboutText({ field: 'last_name' }, last, warnings);
  if (name !== undefined || first !== undefined || last !== undefined) {
    participant.name = name ? name : first && last ? `${first} ${last}` : first || last || '';
    warnAboutLength('name', participant.name, MAX_LENGTH.name, warnings);
  }
  if (notes.length > joinedNotes) notes[joinedNotes].value = String(participant.name ?? '');

  let email = valueOf(row, p, 'email', warnings);
  let emailIndex = p.single.email as number;
  const fallback = email === '' ? p.joined.fallbackEmail : null;
  const fallbackText = fallback ? cellText(row[fallback.index]).trim() : '';
  if (fallback && fallbackText !== '') {
    email = fallbackText;
    emailIndex = fallback.index;
    warnings.push(fallback.warning);
    notes.push({ kind: 'email_fallback', field: 'email', value: email, columns: fallback.columns, headers: fallback.headers });
    warnAboutText({ field: 'email' }, email, warnings);
  }
  if (email !== undefined) {
    participant.email = email;
    const cell = cellText(row[emailIndex]);
    if (email !== '' && cell !== email) {
      const note: RowWarning = { kind: 'email_spaces', field: 'email', value: email };
      warnings.push({ code: 'email_spaces', field: 'email', value: email });
      notes.push(note);
    }
    if (hasInvisibleCharacter(email)) warnings.push({ code: 'email_invisible', field: 'email' });
  }

  const locale = valueOf(row, p, 'locale', warnings);
  if (locale !== undefined) {
    participant.locale = locale;
    if (locale === '') warnings.push({ code: 'locale_blank', field: 'locale', value: DEFAULT_LOCALE });
    else addLocaleHint(locale, warnings);
  }

  const note = valueOf(row, p, 'note', warnings);
  if (note !== undefined) {
    participant.note = note;
    warnAboutLength('note', note, MAX_LENGTH.note, warnings);
  }

  if (p.demographics.length > 0) {
    const entries: DemographicEntryInput[] = [];
    for (const { index, category } of p.demographics) {
      const text = cellText(row[index]).trim();
      if (text === '') continue;
      warnAboutText({ field: 'demographics', category }, text, warnings);
      entries.push({ demographic_category_name: category, demographic_name: text });
    }
    participant.demographics = entries;
  }
  return participant;
}

function hasAny(row: readonly unknown[], columns: readonly number[]): boolean {
  for (const index of columns) if (cellText(row[index]).trim() !== '') return true;
  return false;
}

/**
 * A copy of the header row further down (page breaks in exported lists) is not a participant.
 * `headerTexts` holds the header's lower-cased cells of `columns`, worked out once per sheet;
 * a row is lower-cased only where the lengths already agree (almost never, on data).
 */
function repeatsHeader(row: readonly unknown[], headerTexts: readonly string[], columns: readonly number[]): boolean {
  for (let k = 0; k < columns.length; k++) {
    const text = cellText(row[columns[k]]).trim();
    if (text.length !== headerTexts[k].length || text.toLowerCase() !== headerTexts[k]) return false;
  }
  return true;
}

/**
 * The participants in the rows below `headerIndex` (0-based), each with its 1-based row in
 * the sheet. Blank rows, rows with nothing in the mapped columns and copies of the header row
 * are skipped; cells are trimmed and otherwise kept exactly as written (long text whole,
 * formulas and markup as text).
 */
export function rowsToParticipants(rows: string[][], headerIndex: number, mapping: ColumnMapping): IntakeRow[] {
  const out: IntakeRow[] = [];
  if (!Array.isArray(rows)) return out;
  const p = plan(mapping);
  if (p.used.length === 0) return out;
  const start = Number.isInteger(headerIndex) ? Math.max(0, headerIndex + 1) : 0;
  const header = Array.isArray(rows[start - 1]) ? rows[start - 1] : [];
  const headerTexts = p.used.map((index) => cellText(header[index]).trim().toLowerCase());
  for (let r = start; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) continue;
    if (!hasAny(row, p.used) || repeatsHeader(row, headerTexts, p.used)) continue;
    const said: IntakeWarning[] = [];
    const notes: RowWarning[] = [];
    const participant = toParticipant(row, p, said, notes);
    const read: IntakeRow = { participant, source_row: r + 1, warnings: said.length === 0 ? [] : said.map(englishWarning) };
    if (said.length > 0) read.warning_words = said;
    if (notes.length > 0) read.notes = notes;
    out.push(read);
  }
  return out;
}
