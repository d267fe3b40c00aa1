/**
 * The fields of this service's answers that the interface document does not have (marked
 * *extension* in docs/interface.md). The reference service always sends them; another
 * service may leave them out, and the client must still work with it, so its answer check
 * accepts a record without them (one that has them must have them right).
 */
import type { TSchema } from 'typebox';
import { ImportActionResultSchema, ParsedParticipantSchema, ParticipantImportSchema } from './imports';
import { SubjectSchema, SubjectSearchItemSchema } from './subjects';

const SUBJECT_EXTENSIONS = ['consented_at', 'opted_out_at', 'has_account'] as const;

export const ANSWER_EXTENSIONS: ReadonlyMap<TSchema, readonly string[]> = new Map<TSchema, readonly string[]>([
  [ParticipantImportSchema, ['act_if_valid', 'participant_count', 'created_at', 'participant_import_action_id']],
  [ParsedParticipantSchema, ['duplicate_of_row', 'identity_conflict']],
  [ImportActionResultSchema, ['merged_duplicates', 'identity_conflicts']],
  [SubjectSchema, SUBJECT_EXTENSIONS],
  [SubjectSearchItemSchema, SUBJECT_EXTENSIONS],
]);
