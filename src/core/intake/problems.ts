/** Each problem the parser found in a row, as data and as a sentence a person can act on. */
import type { ParsedParticipant, ParticipantField } from '../contract/imports';
import { MAX_LENGTH } from '../participants/parser';

/** What can be wrong with a row, as data: the app words it in the person's language, the
 *  command line and exports in English (problemText). */
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

const SEPARATE = 'who has another external ID: it is imported as a separate person, never merged.';

/** A problem in English, as `muster check` prints it. */
export function problemText(problem: RowProblem): string {
  const { value = '', row = 0 } = problem;
  const limit = (problem.limit ?? 0).toLocaleString('en-US');
  switch (problem.kind) {
    case 'name_missing':
      return 'The name is missing.';
    case 'name_too_long':
      return `The name is longer than ${limit} characters.`;
    case 'email_missing':
      return 'The e-mail is missing.';
    case 'email_invalid':
      return `“${value}” is not a valid e-mail address.`;
    case 'locale_unknown':
      return `“${value}” is not a locale the service knows (such as en_US or de_DE).`;
    case 'external_id_too_long':
      return `The external ID is longer than ${limit} characters.`;
    case 'note_too_long':
      return `The note is longer than ${limit} characters.`;
    case 'demographics_invalid':
      return 'A demographic is incomplete, or an exclusive category holds two different values.';
    case 'shares_email':
      return `Shares its e-mail with row ${row}, ${SEPARATE}`;
    case 'shares_email_participant':
      return `Shares its e-mail with a participant of the event, ${SEPARATE}`;
    case 'email_of_several_participants':
      return 'Its e-mail belongs to several participants of the event and nothing in the row says which one it is, so it is not imported: give it that person’s external ID or an e-mail of its own.';
    case 'repeats':
      return `Same external ID or e-mail as row ${row}.`;
  }
}

/** The row's problems in English sentences a person can act on. */
export function problemsOf(p: ParsedParticipant, rowLabel: (rowNumber: number) => number = (n) => n): string[] {
  return rowProblemsOf(p, rowLabel).map(problemText);
}
