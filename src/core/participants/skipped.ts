/**
 * Which rows an import action leaves out, read from the service's parse and the flags it ran
 * with, in the action's own order (docs/interface.md, "Import actions" and "Identity"): a row
 * with invalid fields under `skip_invalid`; a row repeating an earlier row's person under
 * `skip_duplicate_identity_matches`; a row whose e-mail several participants share, which
 * nothing in it can say which of them it is. The action's counts stay the truth: the service
 * judges shared e-mails again as it writes, so it may leave out a row the parse did not name.
 */
import type { ImportFlags } from '../contract/import-flags';
import type { ParsedParticipant, ParticipantField } from '../contract/imports';

export { SKIP_REASONS, type SkipReason } from '../contract/vocabulary';
import type { SkipReason } from '../contract/vocabulary';

export interface SkippedRow {
  /** The service's numbering: the n-th participant sent. */
  row_number: number;
  reason: SkipReason;
  /** With `invalid`: the fields the service found wrong. */
  fields: ParticipantField[];
  /** With `repeat`: the row_number of the earlier row it repeats. */
  repeats: number | null;
}

export function skippedRows(parsed: readonly ParsedParticipant[], flags: Pick<ImportFlags, 'skip_invalid' | 'skip_duplicate_identity_matches'>): SkippedRow[] {
  const skipped: SkippedRow[] = [];
  for (const p of parsed) {
    const row = { row_number: p.row_number, fields: [] as ParticipantField[], repeats: null as number | null };
    if (p.invalid_fields.length > 0) {
      // Without skip_invalid the action refuses the whole list instead: nothing is skipped.
      if (flags.skip_invalid) skipped.push({ ...row, reason: 'invalid', fields: [...p.invalid_fields] });
    } else if (p.duplicate_of_row !== null && flags.skip_duplicate_identity_matches) {
      skipped.push({ ...row, reason: 'repeat', repeats: p.duplicate_of_row });
    } else if (p.identity_conflict === 'email_of_several_people') {
      skipped.push({ ...row, reason: 'shared_email' });
    }
  }
  return skipped;
}
