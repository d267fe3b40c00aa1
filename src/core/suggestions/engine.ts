/**
 * One pass over a participant list that suggests fixes, row by row: e-mails, locales,
 * names, ids and notes (each value alone, with caches for the values a list repeats),
 * ids against their column, then repeats among the rows as they would be once the sure
 * fixes are made, so `ana@gmial.com` is seen to repeat `ana@gmail.com`.
 *
 * A list found again after an edit (the workspace) passes the same `memo`: a row whose
 * object is the one it was in its place has its own values' findings (name, e-mail, locale, note) kept,
 * and only ids against their column, demographics and repeats are found again. Rows are
 * never changed in place (an edit replaces a row's object), so a kept finding is current.
 */
import type { ParticipantInput } from '../contract/imports';
import { emailFinding } from './email';
import { idColumn, idFinding } from './ids';
import { localeFinding } from './locale';
import { findRepeats, type RepeatKeys } from './repeats';
import { tidyText } from './text';
import type { FixField } from './reason-words';
import type { DemographicSuggester, Finding, Suggestion, SuggestionField } from './types';

export interface SuggestOptions {
  /** The row number a person sees for a row's index (the sheet's row); index + 1 by default. */
  rowLabel?: (index: number) => number;
  /** Suggests catalog values for demographics; none by default. */
  demographics?: DemographicSuggester;
  /** What the last finding over these rows kept per row, to find a changed list again faster. */
  memo?: SuggestMemo;
}

/** A row's own values' findings: name, e-mail, locale and note, each as its value alone gives it. */
type OwnFindings = readonly [name: Finding | null, email: Finding | null, locale: Finding | null, note: Finding | null];

/**
 * Each row's own findings with the row object they were found for, by place in the list,
 * kept from one finding to the next (a WeakMap by row cost a first finding of 100,000 rows
 * more than the findings). A row added or removed moves the rows after it: those are found
 * again, which is right, only slower.
 */
export class SuggestMemo {
  private rows: unknown[] = [];
  private own: OwnFindings[] = [];

  ownOf(index: number, row: ParticipantInput): OwnFindings {
    if (index < this.rows.length && this.rows[index] === row) return this.own[index];
    const own = ownFindings(row);
    this.rows[index] = row;
    this.own[index] = own;
    return own;
  }

  /** Forgets the places past the list's end. */
  trim(length: number): void {
    if (this.rows.length > length) {
      this.rows.length = length;
      this.own.length = length;
    }
  }
}

/** A row whose values need nothing: one shared answer, as most rows are. */
const NO_FINDINGS: OwnFindings = Object.freeze([null, null, null, null] as const);

function ownFindings(row: ParticipantInput): OwnFindings {
  const name = textOf(row.name);
  const email = textOf(row.email);
  const locale = textOf(row.locale);
  const note = textOf(row.note);
  const n = name === '' ? null : tidyText(name, true);
  const e = email === '' ? null : emailFinding(email);
  const l = locale === '' ? null : localeFinding(locale);
  const o = note === '' ? null : tidyText(note, false);
  return n === null && e === null && l === null && o === null ? NO_FINDINGS : [n, e, l, o];
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

const NONE: readonly Suggestion[] = Object.freeze([]);

const UPPER_OR_SPACE = /[A-Z\s\u0080-\uffff]/;
/** The e-mail as repeats compare it; most are lower-case and trimmed already, and are not copied. */
const emailKeyOf = (email: string) => (UPPER_OR_SPACE.test(email) ? email.trim().toLowerCase() : email);

/** The suggestions for each row, in row order; a row without any shares one frozen empty list. */
export function suggestFixes(rows: readonly ParticipantInput[], options: SuggestOptions = {}): (readonly Suggestion[])[] {
  const out = new Array<readonly Suggestion[]>(rows.length).fill(NONE);
  const add = (index: number, suggestion: Suggestion) => {
    if (out[index] === NONE) out[index] = [];
    (out[index] as Suggestion[]).push(suggestion);
  };
  const found = (index: number, field: SuggestionField, from: string, finding: Finding | null): string => {
    if (!finding) return from;
    add(index, { field, from, to: finding.to, reason: finding.reason, kind: finding.kind, sure: finding.sure, ...(finding.choices ? { choices: finding.choices } : {}) });
    return finding.sure ? finding.to[0] : from;
  };
  const ids = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) ids[i] = textOf(rows[i]?.external_id).trim();
  const column = idColumn(ids, (index) => emailKeyOf(textOf(rows[index]?.email)));
  // Each row's e-mail key once its sure fixes are made: the repeat rules compare fixed values.
  const emailKeys = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? {};
    const rawId = textOf(row.external_id);
    const externalId = rawId === '' ? '' : found(i, 'external_id', rawId, idFinding(rawId.trim(), textOf(row.email), column) ?? tidyText(rawId, true));
    const [nameFinding, emailFound, localeFound, noteFinding] = options.memo ? options.memo.ownOf(i, row) : ownFindings(row);
    found(i, 'name', textOf(row.name), nameFinding);
    const email = found(i, 'email', textOf(row.email), emailFound);
    found(i, 'locale', textOf(row.locale), localeFound);
    found(i, 'note', textOf(row.note), noteFinding);
    if (options.demographics && Array.isArray(row.demographics)) {
      for (const entry of row.demographics) {
        const category = textOf(entry?.demographic_category_name).trim();
        const value = textOf(entry?.demographic_name);
        if (category !== '' && value !== '') found(i, `demographics:${category}`, value, options.demographics(category, value));
      }
    }
    if (externalId !== rawId) ids[i] = externalId.trim();
    emailKeys[i] = emailKeyOf(email);
  }
  options.memo?.trim(rows.length);
  const keys: RepeatKeys = { externalIds: ids, emailKeys };
  findRepeats((index) => applySure(rows[index] ?? {}, out[index]), keys, options.rowLabel ?? ((index) => index + 1), add);
  return out;
}

/** The row with every suggestion that has one right answer made; the row itself when there is none. */
export function applySure(row: ParticipantInput, suggestions: readonly Suggestion[]): ParticipantInput {
  let fixed: ParticipantInput | null = null;
  for (const s of suggestions) {
    if (!s.sure) continue;
    fixed ??= { ...row };
    if (s.field.startsWith('demographics:')) {
      const category = s.field.slice('demographics:'.length);
      fixed.demographics = (fixed.demographics ?? []).map((d) =>
        textOf(d.demographic_category_name).trim() === category && textOf(d.demographic_name) === s.from ? { ...d, demographic_name: s.to[0] } : d,
      );
    } else fixed[s.field as Exclude<SuggestionField, `demographics:${string}`>] = s.to[0];
  }
  return fixed ?? row;
}

/** How a person counts applied suggestions: by what they fixed. */
export function suggestionGroup(s: Pick<Suggestion, 'field'>): FixField {
  return s.field.startsWith('demographics:') ? 'demographic' : (s.field as Exclude<FixField, 'demographic'>);
}
