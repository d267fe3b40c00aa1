/**
 * One pass over a participant list that suggests fixes, row by row: e-mails, locales,
 * names, ids and notes (each value alone, with caches for the values a list repeats),
 * ids against their column, then repeats among the rows as they would be once the sure
 * fixes are made, so `ana@gmial.com` is seen to repeat `ana@gmail.com`.
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
    const name = textOf(row.name);
    if (name !== '') found(i, 'name', name, tidyText(name, true));
    const rawEmail = textOf(row.email);
    const email = rawEmail === '' ? '' : found(i, 'email', rawEmail, emailFinding(rawEmail));
    const locale = textOf(row.locale);
    if (locale !== '') found(i, 'locale', locale, localeFinding(locale));
    const note = textOf(row.note);
    if (note !== '') found(i, 'note', note, tidyText(note, false));
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
