/**
 * Where the service's parser read an import differently from the offline parse of the same
 * rows, so a person sees it before (or after) the action runs. Compared per row:
 * `invalid_fields` (as a set), `duplicate_of_row`, `identity_conflict` (the service sees the
 * event's participants, so it finds e-mails of other people the offline parse cannot), and
 * `demographic_ids` when the offline
 * parse resolved every entry (with a catalog learned earlier). The match (`participant_id`,
 * `match_field`) is not compared: the mirror holds no participant directory, so the offline
 * parse never matches and every matched row would read as a disagreement.
 */
import type { ParsedParticipant } from '../../../core/contract/imports';
import type { ParserDisagreement } from '../../mirror/queries/imports/parser-results';

const sameSet = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

export function compareParses(offline: readonly ParsedParticipant[], service: readonly ParsedParticipant[]): ParserDisagreement[] {
  const found: ParserDisagreement[] = [];
  if (offline.length !== service.length) {
    found.push({ row_number: 0, field: 'participants', offline: offline.length, service: service.length });
  }
  const rows = Math.min(offline.length, service.length);
  for (let i = 0; i < rows; i++) {
    const mine = offline[i];
    const theirs = service[i];
    const row = theirs.row_number ?? i + 1;
    if (!sameSet(mine.invalid_fields, theirs.invalid_fields ?? [])) {
      found.push({ row_number: row, field: 'invalid_fields', offline: mine.invalid_fields, service: theirs.invalid_fields });
    }
    if ((mine.duplicate_of_row ?? null) !== (theirs.duplicate_of_row ?? null) && theirs.duplicate_of_row !== undefined) {
      found.push({ row_number: row, field: 'duplicate_of_row', offline: mine.duplicate_of_row, service: theirs.duplicate_of_row });
    }
    if ((mine.identity_conflict ?? null) !== (theirs.identity_conflict ?? null) && theirs.identity_conflict !== undefined) {
      found.push({ row_number: row, field: 'identity_conflict', offline: mine.identity_conflict ?? null, service: theirs.identity_conflict });
    }
    const resolved = mine.demographics.every((d) => d.demographic_id !== null);
    if (resolved && Array.isArray(theirs.demographic_ids) && !sameSet(mine.demographic_ids, theirs.demographic_ids)) {
      found.push({ row_number: row, field: 'demographic_ids', offline: mine.demographic_ids, service: theirs.demographic_ids });
    }
  }
  return found;
}
