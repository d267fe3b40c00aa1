/** Sentences a person can act on for each problem the parser found in a row. */
import type { ParsedParticipant, ParticipantField } from '../contract/imports';
import { MAX_LENGTH } from '../participants/parser';

function fieldProblem(p: ParsedParticipant, field: ParticipantField): string {
  switch (field) {
    case 'name':
      return p.name === '' ? 'The name is missing.' : `The name is longer than ${MAX_LENGTH.name} characters.`;
    case 'email':
      return p.email === '' ? 'The e-mail is missing.' : `“${p.email}” is not a valid e-mail address.`;
    case 'locale':
      return `“${p.locale}” is not a locale the service knows (such as en_US or de_DE).`;
    case 'external_id':
      return `The external ID is longer than ${MAX_LENGTH.external_id} characters.`;
    case 'note':
      return `The note is longer than ${MAX_LENGTH.note.toLocaleString('en-US')} characters.`;
    case 'demographics':
      return 'A demographic is incomplete, or an exclusive category holds two different values.';
  }
}

/**
 * The row's problems, invalid fields first, then a duplicate of an earlier row.
 * `rowLabel` turns a payload row number into what a person sees (the sheet's row).
 */
export function problemsOf(p: ParsedParticipant, rowLabel: (rowNumber: number) => number = (n) => n): string[] {
  const out = p.invalid_fields.map((field) => fieldProblem(p, field));
  if (p.identity_conflict !== null) {
    const owner = p.duplicate_of_row !== null ? `row ${rowLabel(p.duplicate_of_row)}` : 'a participant of the event';
    out.push(`Shares its e-mail with ${owner}, who has another external ID: it is imported as a separate person, never merged.`);
  } else if (p.duplicate_of_row !== null) {
    out.push(`Same external ID or e-mail as row ${rowLabel(p.duplicate_of_row)}.`);
  }
  return out;
}
