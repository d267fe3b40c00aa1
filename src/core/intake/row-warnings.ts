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
import { localeSuggestions } from './locale-hint';
import { englishWarning } from './warning-words';

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
type TextField = 'external_id' | 'name' | 'email' | 'locale' | 'note';

function textWarnings(field: WarningField, text: string, out: RowWarning[], category?: string): void {
  if (looksLikeFormula(text)) out.push({ kind: 'looks_like_formula', field, value: text.trim()[0], ...(category ? { category } : {}) });
  if (looksLikeHtml(text)) out.push({ kind: 'looks_like_html', field, ...(category ? { category } : {}) });
}

const FORMULA_START = /^\s*[=+\-@]/;

/**
 * Whether a text may give a formula or HTML warning (textWarnings says which). Nearly every
 * cell is settled by a scan for `<` and `&` and its first character: a regular expression
 * per cell cost more than the rest of the row's warnings (10,000 rows re-checked at once).
 */
function mayLookLikeCode(text: string): boolean {
  if (text.includes('<') || text.includes('&')) return true;
  const first = text.charCodeAt(0);
  if (first === 61 || first === 43 || first === 45 || first === 64) return true;
  // Any other first character but white space (which JavaScript's \s reads) settles it.
  if (first > 32 && first !== 0xa0 && first < 0x1680) return false;
  return FORMULA_START.test(text);
}

/**
 * A bit per field, for `rowWarningsOf`'s `quiet`: fields whose value gave no warning before
 * and is unchanged, so their checks are skipped (a bulk fix of e-mails checks only e-mails).
 */
export const QUIET = { external_id: 1, name: 2, email: 4, locale: 8, note: 16, demographics: 32 } as const;

/** A text field's formula and HTML warnings, unless the field is quiet. */
function codeWarnings(field: TextField, value: unknown, out: RowWarning[], quiet: number): void {
  // Checked by character first: nearly every row has nothing to say.
  if (!(quiet & QUIET[field]) && typeof value === 'string' && value !== '' && mayLookLikeCode(value)) textWarnings(field, value, out);
}

/**
 * The row's warnings; `parsed` is its parse (for the catalog's demographics). `quiet`: the
 * fields (QUIET bits) known to give none, as they did with the same value under the same catalog.
 */
export function rowWarningsOf(participant: ParticipantInput, parsed?: ParsedParticipant, catalog?: Catalog, quiet = 0): readonly RowWarning[] {
  // An empty list per row costs less than a closure to make one lazily (10,000 rows re-checked at once).
  const out: RowWarning[] = [];
  // Each field read once: rows of many shapes (read, edited, read back) make every read a slow one.
  const { external_id: externalId, name, email, locale, note } = participant;
  codeWarnings('external_id', externalId, out, quiet);
  codeWarnings('name', name, out, quiet);
  codeWarnings('email', email, out, quiet);
  codeWarnings('locale', locale, out, quiet);
  codeWarnings('note', note, out, quiet);
  if (!(quiet & QUIET.external_id)) {
    const id = typeof externalId === 'string' ? externalId.trim() : '';
    if (id !== '' && looksLikeScientific(id)) out.push({ kind: 'id_scientific', field: 'external_id', value: id });
    else if (id !== '' && looksLikeCutDigits(id)) out.push({ kind: 'id_cut_digits', field: 'external_id', value: id });
  }
  if (!(quiet & QUIET.email) && typeof email === 'string' && hasInvisibleCharacter(email)) out.push({ kind: 'email_invisible', field: 'email' });
  if (!(quiet & QUIET.locale)) {
    if (locale === '') out.push({ kind: 'locale_blank', field: 'locale', value: DEFAULT_LOCALE });
    else if (typeof locale === 'string') {
      const options = localeSuggestions(locale);
      if (options.length > 0) out.push({ kind: 'locale_hint', field: 'locale', value: locale, options });
    }
  }
  if (quiet & QUIET.demographics) return out.length > 0 ? out : NONE;
  for (const entry of participant.demographics ?? []) {
    const text = String(entry.demographic_name ?? '');
    if (mayLookLikeCode(text)) textWarnings('demographics', text, out, String(entry.demographic_category_name ?? ''));
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

/** A warning in English, as `muster check --json` and the exports say it. */
export const warningText = ({ kind, ...warning }: RowWarning): string => englishWarning({ ...warning, code: kind });

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
