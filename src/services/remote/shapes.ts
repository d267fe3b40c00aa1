/**
 * What an answer must look like before the app trusts it, derived from the contract's schemas
 * (src/core/contract). The checks cover the fields the app acts on (ids, statuses, lists) —
 * each picked from the one schema of its resource — not every field: a service may add
 * fields, and the extensions of docs/interface.md may be missing on a real service.
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import {
  DocumentRecordSchema,
  ImportLookupSchema,
  ParsedParticipantSchema,
  ParticipantImportActionSchema,
  ParticipantImportSchema,
  type DocumentRecord,
  type ImportActionIndex,
  type ImportIndex,
  type ImportLookup,
  type ParserResult,
  type ParticipantImport,
  type ParticipantImportAction,
} from '../../core/contract/imports';
import { SubjectSchema, type Subject, type SubjectSearchItem } from '../../core/contract/subjects';

export interface Shape<T> {
  /** Named in the error sentence when the answer does not fit. */
  expected: string;
  test(value: unknown): value is T;
  /** Where a value that failed `test` first differs, as `response.field should …`. */
  problem(value: unknown): string;
}

/**
 * Compiled once (TypeBox's JIT, fine on the Node side), because an answer can hold 50,000
 * parsed participants: the interpreted check took ~150 ms of a push, the compiled one a few.
 */
function shape<T>(expected: string, schema: Type.TSchema): Shape<T> {
  const validator = Compile(schema);
  return {
    expected,
    test: (value): value is T => validator.Check(value),
    problem(value) {
      const [first] = validator.Errors(value);
      if (!first) return 'response is not what was expected';
      const path = ['response', ...first.instancePath.split('/').filter(Boolean)].join('.');
      const missing = /^must have required propert(?:y|ies) (.+)$/.exec(first.message)?.[1];
      return missing ? `${path}.${missing.split(/,\s*/)[0]} is missing` : `${path} ${first.message.replace(/^must /, 'should ')}`;
    },
  };
}

const Count = Type.Integer({ minimum: 0 });
const IMPORT_FIELDS = Type.Pick(ParticipantImportSchema, ['id', 'event_id']);
const ACTION_FIELDS = Type.Pick(ParticipantImportActionSchema, ['id', 'participant_import_id', 'status']);
const SUBJECT_FIELDS = Type.Pick(SubjectSchema, ['id']);

export const IMPORT: Shape<ParticipantImport> = shape('a participant import', IMPORT_FIELDS);
export const IMPORT_INDEX: Shape<ImportIndex> = shape('a list of participant imports with a count', Type.Object({ participant_imports: Type.Array(IMPORT_FIELDS), count: Count }));
export const PARSER_RESULT: Shape<ParserResult> = shape(
  'the parsed participants of an import',
  Type.Object({ participants: Type.Array(Type.Pick(ParsedParticipantSchema, ['row_number', 'invalid_fields'])) }),
);
export const DOCUMENT: Shape<DocumentRecord> = shape('a document', Type.Pick(DocumentRecordSchema, ['id', 'file_name']));
export const LOOKUP: Shape<ImportLookup> = shape('the import column description', Type.Pick(ImportLookupSchema, ['columns', 'flags']));
export const TRUE: Shape<true> = shape('the value true', Type.Literal(true));

export const ACTION: Shape<ParticipantImportAction> = shape('a participant import action', ACTION_FIELDS);
export const ACTION_INDEX: Shape<ImportActionIndex> = shape('a list of participant import actions with a count', Type.Object({ participant_import_actions: Type.Array(ACTION_FIELDS), count: Count }));

export const SUBJECT: Shape<Subject> = shape('a subject', SUBJECT_FIELDS);
export const SUBJECT_LIST: Shape<SubjectSearchItem[]> = shape('a list of subjects', Type.Array(SUBJECT_FIELDS));
