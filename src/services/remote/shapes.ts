import {
  IMPORT_ACTION_STATUSES,
  type DocumentRecord,
  type ImportActionIndex,
  type ImportIndex,
  type ImportLookup,
  type ParserResult,
  type ParticipantImport,
  type ParticipantImportAction,
} from '../../core/contract/imports';
import type { Subject, SubjectSearchItem } from '../../core/contract/subjects';

/**
 * What an answer must look like before the app trusts it. The checks cover the fields the
 * app acts on (ids, statuses, lists), not every field: a service may add fields, and the
 * extensions of docs/interface.md may be missing on a real service.
 */
export interface Shape<T> {
  /** Named in the error sentence when the answer does not fit. */
  expected: string;
  test(value: unknown): value is T;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

function shape<T>(expected: string, test: (value: unknown) => boolean): Shape<T> {
  return { expected, test: test as (value: unknown) => value is T };
}

const listOf = (value: unknown, item: (v: unknown) => boolean): boolean => Array.isArray(value) && value.every(item);

const importRecord = (v: unknown) => isObject(v) && isId(v.id) && isId(v.event_id);
const actionRecord = (v: unknown) =>
  isObject(v) &&
  isId(v.id) &&
  isId(v.participant_import_id) &&
  (IMPORT_ACTION_STATUSES as readonly unknown[]).includes(v.status);
const parsedParticipant = (v: unknown) => isObject(v) && isCount(v.row_number) && Array.isArray(v.invalid_fields);
const subjectRecord = (v: unknown) => isObject(v) && isId(v.id);

export const IMPORT: Shape<ParticipantImport> = shape('a participant import', importRecord);
export const IMPORT_INDEX: Shape<ImportIndex> = shape(
  'a list of participant imports with a count',
  (v) => isObject(v) && listOf(v.participant_imports, importRecord) && isCount(v.count),
);
export const PARSER_RESULT: Shape<ParserResult> = shape(
  'the parsed participants of an import',
  (v) => isObject(v) && listOf(v.participants, parsedParticipant),
);
export const DOCUMENT: Shape<DocumentRecord> = shape('a document', (v) => isObject(v) && isId(v.id) && isText(v.file_name));
export const LOOKUP: Shape<ImportLookup> = shape(
  'the import column description',
  (v) => isObject(v) && Array.isArray(v.columns) && Array.isArray(v.flags),
);
export const TRUE: Shape<true> = shape('the value true', (v) => v === true);

export const ACTION: Shape<ParticipantImportAction> = shape('a participant import action', actionRecord);
export const ACTION_INDEX: Shape<ImportActionIndex> = shape(
  'a list of participant import actions with a count',
  (v) => isObject(v) && listOf(v.participant_import_actions, actionRecord) && isCount(v.count),
);

export const SUBJECT: Shape<Subject> = shape('a subject', subjectRecord);
export const SUBJECT_LIST: Shape<SubjectSearchItem[]> = shape('a list of subjects', (v) => listOf(v, subjectRecord));
