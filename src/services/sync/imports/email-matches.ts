/**
 * Rows the service matched to an existing participant by e-mail rather than by external id,
 * with what each would change, so a person sees them before the action runs: an e-mail
 * names a person less surely than an external id does (a shared inbox, an address passed
 * on). They are kept with the parse disagreements (field `email_match`): the offline parse
 * has no participants to match, so it cannot have seen them.
 *
 * Listed only when the row would change a field of that participant, or when the service
 * does not say what the participant holds (`changes` null); with `only_demographics` the
 * action changes no field, so none is listed.
 */
import type { ParsedParticipant } from '../../../core/contract/imports';
import type { ParserDisagreement } from '../../mirror/queries/imports/parser-results';

export const EMAIL_MATCH = 'email_match';

const FIELDS = ['external_id', 'name', 'email', 'locale', 'note'] as const;
export type ChangedField = (typeof FIELDS)[number];

export interface FieldChange {
  field: ChangedField;
  from: string;
  to: string;
}

/** The `service` side of an `email_match` entry. */
export interface EmailMatchNote {
  participant_id: number;
  changes: FieldChange[] | null;
}

function changesOf(row: ParsedParticipant): FieldChange[] | null {
  const before = row.matched_participant;
  if (!before) return null;
  const changes: FieldChange[] = [];
  for (const field of FIELDS) {
    // A blank external id keeps the stored one (docs/interface.md, only_demographics).
    if (field === 'external_id' && row.external_id === '') continue;
    if (before[field] !== row[field]) changes.push({ field, from: before[field], to: row[field] });
  }
  return changes;
}

export function emailMatches(service: readonly ParsedParticipant[], options: { onlyDemographics?: boolean } = {}): ParserDisagreement[] {
  if (options.onlyDemographics) return [];
  const found: ParserDisagreement[] = [];
  service.forEach((row, i) => {
    if (row.match_field !== 'email' || row.participant_id === null || (row.invalid_fields ?? []).length > 0) return;
    const changes = changesOf(row);
    if (changes !== null && changes.length === 0) return;
    const note: EmailMatchNote = { participant_id: row.participant_id, changes };
    found.push({ row_number: row.row_number ?? i + 1, field: EMAIL_MATCH, offline: null, service: note });
  });
  return found;
}
