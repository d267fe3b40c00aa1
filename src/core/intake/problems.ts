/** Each problem the parser found in a row, as data and as a sentence a person can act on. */
import type { ParsedParticipant, ParticipantField } from '../contract/imports';
import en from '../i18n/messages/en';
import { englishOf, type Translate } from '../i18n/translate';
import { MAX_LENGTH } from '../participants/parser';

/** What can be wrong with a row, as data: the app and the command line word it in the
 *  person's language, exports in English (problemText), all from the catalogs (core/i18n). */
export { ROW_PROBLEM_KINDS, type RowProblemKind } from '../contract/vocabulary';
import type { RowProblemKind } from '../contract/vocabulary';

export interface RowProblem {
  kind: RowProblemKind;
  /** The value at fault, as read (an e-mail, a locale). */
  value?: string;
  /** A length limit, in characters. */
  limit?: number;
  /** The row (as a person sees it) the problem points to. */
  row?: number;
}

function fieldProblem(p: ParsedParticipant, field: ParticipantField): RowProblem {
  switch (field) {
    case 'name':
      return p.name === '' ? { kind: 'name_missing' } : { kind: 'name_too_long', limit: MAX_LENGTH.name };
    case 'email':
      return p.email === '' ? { kind: 'email_missing' } : { kind: 'email_invalid', value: p.email };
    case 'locale':
      return { kind: 'locale_unknown', value: p.locale };
    case 'external_id':
      return { kind: 'external_id_too_long', limit: MAX_LENGTH.external_id };
    case 'note':
      return { kind: 'note_too_long', limit: MAX_LENGTH.note };
    case 'demographics':
      return { kind: 'demographics_invalid' };
  }
}

/**
 * The row's problems, invalid fields first, then a duplicate of an earlier row.
 * `rowLabel` turns a payload row number into what a person sees (the sheet's row).
 */
export function rowProblemsOf(p: ParsedParticipant, rowLabel: (rowNumber: number) => number = (n) => n): RowProblem[] {
  const out = p.invalid_fields.map((field) => fieldProblem(p, field));
  if (p.identity_conflict === 'email_of_several_people') {
    out.push({ kind: 'email_of_several_participants' });
  } else if (p.identity_conflict !== null) {
    out.push(p.duplicate_of_row !== null ? { kind: 'shares_email', row: rowLabel(p.duplicate_of_row) } : { kind: 'shares_email_participant' });
  } else if (p.duplicate_of_row !== null) {
    out.push({ kind: 'repeats', row: rowLabel(p.duplicate_of_row) });
  }
  return out;
}

const ENGLISH = englishOf(en);

/**
 * A problem in the language `t` speaks (English by default, as exports and `muster check`
 * without a language give it); `n` writes the limit as that language writes numbers.
 */
export function problemText(problem: RowProblem, t: Translate = ENGLISH, n: (value: number) => string = (value) => value.toLocaleString('en-US')): string {
  return t(`problems.${problem.kind}`, { value: problem.value ?? '', limit: problem.limit === undefined ? '' : n(problem.limit), row: problem.row ?? '' });
}

/** The row's problems in sentences a person can act on (English unless `t` speaks another language). */
export function problemsOf(p: ParsedParticipant, rowLabel: (rowNumber: number) => number = (n) => n, t?: Translate, n?: (value: number) => string): string[] {
  return rowProblemsOf(p, rowLabel).map((problem) => problemText(problem, t, n));
}
