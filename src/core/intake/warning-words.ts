/**
 * What intake says of a row, as data worded from the shared catalogs (core/i18n, `rowWarnings`):
 * the page, `muster check` and the English exports word the same warning from one sentence.
 * The draft rows' warnings (row-warnings.ts) are a subset of these, by `kind`.
 */
import type { Language } from '../contract/app-api';
import en from '../i18n/messages/en';
import { englishOf, type Translate } from '../i18n/translate';
import { ROW_WARNING_KINDS } from '../contract/vocabulary';

/** A draft row's warnings, and those only a sheet's check gives (a cell too long, the catalog's values, a fix made). */
export const INTAKE_WARNING_CODES = [...ROW_WARNING_KINDS, 'too_long', 'demographic_unknown_known', 'category_unknown_known', 'fix_made'] as const;
export type IntakeWarningCode = (typeof INTAKE_WARNING_CODES)[number];
/** The fields a warning names when no demographic category names it. */
export const WARNING_LABELS = ['external_id', 'name', 'first_name', 'last_name', 'email', 'locale', 'note', 'demographics'] as const;
export type WarningLabel = (typeof WARNING_LABELS)[number];

export interface IntakeWarning {
  code: IntakeWarningCode;
  field?: WarningLabel;
  /** A demographic's category, which names the warning instead of the field. */
  category?: string;
  value?: string;
  /** Locales the service knows instead, said as "a, b or c". */
  options?: string[];
  /** The sheet's columns by letter, with their headers (the e-mail column read, then the blank one; the joined parts). */
  columns?: string[];
  headers?: string[];
  /** The values the event's catalog does hold. */
  known?: string[];
  length?: number;
  max?: number;
  /** A suggested fix made: what it fixed (a FixField the catalogs word, core/suggestions/reason-words.ts) and the value it put for `value`. */
  group?: string;
  to?: string;
}

const SHOWN = 6;
const quoted = (names: readonly string[]) => names.slice(0, SHOWN).map((n) => `“${n}”`).join(', ') + (names.length > SHOWN ? ', …' : '');

// British English joins lists without the serial comma, as the command line always has.
const listLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : language);

// Thousands of rows share a handful of languages: each formatter is made once.
const formatters = new Map<string, { or: Intl.ListFormat; and: Intl.ListFormat; number: Intl.NumberFormat }>();
function formattersOf(language: string) {
  let found = formatters.get(language);
  if (!found) {
    const locale = listLocale(language);
    found = {
      or: new Intl.ListFormat(locale, { type: 'disjunction' }),
      and: new Intl.ListFormat(locale, { type: 'conjunction' }),
      number: new Intl.NumberFormat(language.startsWith('en') ? 'en-US' : language),
    };
    formatters.set(language, found);
  }
  return found;
}

/** The warning in `language`, through `t` (vue-i18n's in the page, @intlify/core-base's on the command line). */
export function intakeWarningText(warning: IntakeWarning, t: Translate, language: Language | string): string {
  const format = formattersOf(language);
  const label = warning.category || (warning.field ? t(`rowWarnings.labels.${warning.field}`) : '');
  const letters = warning.columns ?? [];
  const headers = warning.headers ?? [];
  return t(`rowWarnings.${warning.code}`, {
    label,
    value: warning.value ?? '',
    category: warning.category ?? '',
    options: format.or.format(warning.options ?? []),
    columns: format.and.format(letters),
    read: letters[0] ?? '',
    readHeader: headers[0] ?? '',
    blank: letters[1] ?? '',
    blankHeader: headers[1] ?? '',
    known: quoted(warning.known ?? []),
    length: format.number.format(warning.length ?? 0),
    max: format.number.format(warning.max ?? 0),
    group: warning.group ? t(`fixes.fields.${warning.group}`) : '',
    to: warning.to ?? '',
  });
}

const english = englishOf(en);
// A sheet-wide warning (a joined surname, a fallback column) is one object on thousands of rows.
const said = new WeakMap<IntakeWarning, string>();

/** The English sentence, as exports and `muster check --json` keep it. */
export function englishWarning(warning: IntakeWarning): string {
  let text = said.get(warning);
  if (text === undefined) said.set(warning, (text = intakeWarningText(warning, english, 'en')));
  return text;
}
