/**
 * What a person should know about a row that does not stop it from being imported, as data
 * (like problems.ts): the app words it in the person's language, exports in English with the
 * sentences `muster check` prints. Worked out from the row's values, so a draft's rows give
 * the same warnings after every edit and after a restart.
 */
import type { ParsedParticipant, ParticipantInput } from '../contract/imports';
import type { Catalog } from '../participants/catalog';
import { DEFAULT_LOCALE } from '../participants/locales';
import { hasInvisibleCharacter, looksLikeCutDigits, looksLikeFormula, looksLikeHtml, looksLikeScientific } from './cells';
import { localeHintText, localeSuggestions } from './locale-hint';

export { ROW_WARNING_KINDS, WARNING_FIELDS, type RowWarningKind, type WarningField } from '../contract/vocabulary';
import type { RowWarningKind, WarningField } from '../contract/vocabulary';

export interface RowWarning {
  kind: RowWarningKind;
  field: WarningField;
  /** The value concerned (a locale, an ID, a demographic), or the formula's first character. */
  value?: string;
  /** A demographic's category. */
  category?: string;
  /** What the service knows instead (the locales of the same language). */
  options?: string[];
  /** The sheet's columns concerned, by letter (the e-mail read and the blank one; the joined parts). */
  columns?: string[];
  /** Those columns' headers. */
  headers?: string[];
}

const NONE: readonly RowWarning[] = Object.freeze([]);
const TEXT_FIELDS = ['external_id', 'name', 'email', 'locale', 'note'] as const;

function textWarnings(field: WarningField, text: string, out: RowWarning[], category?: string): void {
  if (looksLikeFormula(text)) out.push({ kind: 'looks_like_formula', field, value: text.trim()[0], ...(category ? { category } : {}) });
  if (looksLikeHtml(text)) out.push({ kind: 'looks_like_html', field, ...(category ? { category } : {}) });
}

/** The row's warnings; `parsed` is its parse (for the catalog's demographics). */
export function rowWarningsOf(participant: ParticipantInput, parsed?: ParsedParticipant, catalog?: Catalog): readonly RowWarning[] {
  // An empty list per row costs less than a closure to make one lazily (10,000 rows re-checked at once).
  const out: RowWarning[] = [];
  for (const field of TEXT_FIELDS) {
    const value = participant[field];
    if (typeof value === 'string' && value !== '') {
      // Checked by character first: nearly every row has nothing to say.
      if (value.includes('<') || value.includes('&') || /^\s*[=+\-@]/.test(value)) textWarnings(field, value, out);
    }
  }
  const id = typeof participant.external_id === 'string' ? participant.external_id.trim() : '';
  if (id !== '' && looksLikeScientific(id)) out.push({ kind: 'id_scientific', field: 'external_id', value: id });
  else if (id !== '' && looksLikeCutDigits(id)) out.push({ kind: 'id_cut_digits', field: 'external_id', value: id });
  if (typeof participant.email === 'string' && hasInvisibleCharacter(participant.email)) out.push({ kind: 'email_invisible', field: 'email' });
  if (participant.locale === '') out.push({ kind: 'locale_blank', field: 'locale', value: DEFAULT_LOCALE });
  else if (typeof participant.locale === 'string') {
    const options = localeSuggestions(participant.locale);
    if (options.length > 0) out.push({ kind: 'locale_hint', field: 'locale', value: participant.locale, options });
  }
  for (const entry of participant.demographics ?? []) {
    const text = String(entry.demographic_name ?? '');
    if (text.includes('<') || text.includes('&') || /^\s*[=+\-@]/.test(text)) textWarnings('demographics', text, out, String(entry.demographic_category_name ?? ''));
  }
  if (parsed && catalog && catalog.size > 0) {
    for (const entry of parsed.demographics) {
      if (entry.demographic_id !== null) continue;
      const known = entry.demographic_category_id !== null;
      out.push({ kind: known ? 'demographic_unknown' : 'category_unknown', field: 'demographics', value: entry.demographic_name, category: entry.demographic_category_name });
    }
  }
  return out.length > 0 ? out : NONE;
}

function andList(items: readonly string[]): string {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The sentences joined-columns.ts gives once per sheet are also built from a draft row's notes, by column letter. */
export function joinedSentence(letters: readonly string[]): string {
  return `Last name joined from columns ${andList(letters)}.`;
}

/** `letters` and `headers`: the column read, then the blank one. */
export function fallbackSentence(letters: readonly string[], headers: readonly string[]): string {
  return `E-mail taken from column ${letters[0]} (“${headers[0]}”), since column ${letters[1]} (“${headers[1]}”) is blank.`;
}

const LABELS: Readonly<Record<WarningField, string>> = { external_id: 'External ID', name: 'Name', email: 'E-mail', locale: 'Locale', note: 'Note', demographics: 'Demographic' };

/** A warning in English, as `muster check` prints it. */
export function warningText(warning: RowWarning): string {
  const label = warning.category || LABELS[warning.field];
  const value = warning.value ?? '';
  switch (warning.kind) {
    case 'looks_like_formula':
      return `${label} looks like a formula (it starts with “${value}”); it is kept as text.`;
    case 'looks_like_html':
      return `${label} looks like HTML; it is kept as plain text.`;
    case 'email_invisible':
      return 'E-mail contains an invisible character, which no mail system accepts.';
    case 'locale_blank':
      return `Locale was blank; ${value} assumed.`;
    case 'locale_hint':
      return localeHintText(value, warning.options ?? []);
    case 'id_scientific':
      return `External ID ${value} is a number in scientific notation; the spreadsheet may have dropped digits.`;
    case 'id_cut_digits':
      return `External ID ${value} is a number of more than 15 digits; the spreadsheet kept only 15 digits of this number.`;
    case 'demographic_unknown':
      return `“${value}” is not one of the event’s ${warning.category ?? ''} values.`;
    case 'category_unknown':
      return `The category “${warning.category ?? ''}” is not in the event’s catalog.`;
    case 'email_spaces':
      return 'E-mail had surrounding spaces; they were removed.';
    case 'email_fallback':
      return fallbackSentence(warning.columns ?? [], warning.headers ?? []);
    case 'last_name_joined':
      return joinedSentence(warning.columns ?? []);
  }
}

/**
 * The warnings only the sheet's cells could give (surrounding spaces, a fallback column,
 * joined parts), kept with a draft row as it was read: each holds while its field still has
 * the value read, and goes once the person changes that value.
 */
export function sheetWarningsOf(notes: readonly RowWarning[] | undefined, participant: ParticipantInput): readonly RowWarning[] {
  if (!notes || notes.length === 0) return NONE;
  const holding = notes.filter((note) => note.field !== 'demographics' && participant[note.field] === note.value);
  return holding.length > 0 ? holding : NONE;
}
