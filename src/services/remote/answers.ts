/**
 * What a request may carry and what an answer must look like before the app trusts it, both
 * read from the operation's entry in the contract (src/core/contract/operations.ts): ids are
 * checked against the operation's parameter schemas before anything is sent, and the whole
 * answer against its response schema, so the type a call answers is what was checked. The
 * one leniency: the extension fields of core/contract/extensions.ts may be absent.
 */
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { ANSWER_EXTENSIONS } from '../../core/contract/extensions';
import { OPERATIONS, type Operation } from '../../core/contract/operations';

/** What the operation answers inside the envelope, as its schema says; from another service the
 *  extension fields of core/contract/extensions.ts may be absent, as their readers allow. */
export type AnswerOf<O extends Operation> = O['response'] extends TSchema ? Static<O['response']> : never;

/** Named in the error sentence when an answer does not fit. */
const EXPECTED = new Map<Operation, string>([
  [OPERATIONS.importCreate, 'a participant import'],
  [OPERATIONS.importShow, 'a participant import'],
  [OPERATIONS.importIndex, 'a list of participant imports with a count'],
  [OPERATIONS.importDestroy, 'the value true'],
  [OPERATIONS.importParser, 'the parsed participants of an import'],
  [OPERATIONS.importLookup, 'the import column description'],
  [OPERATIONS.importExportRead, 'a document'],
  [OPERATIONS.importExportMake, 'a document'],
  [OPERATIONS.actionCreate, 'a participant import action'],
  [OPERATIONS.actionShow, 'a participant import action'],
  [OPERATIONS.actionIndex, 'a list of participant import actions with a count'],
  [OPERATIONS.documentShow, 'a document'],
  [OPERATIONS.subjectCreate, 'a subject'],
  [OPERATIONS.subjectShow, 'a subject'],
  [OPERATIONS.subjectUpdate, 'a subject'],
  [OPERATIONS.subjectDestroy, 'a subject'],
  [OPERATIONS.subjectSearch, 'a list of subjects'],
  [OPERATIONS.subjectExport, 'a document'],
]);

export function expectedAnswer(operation: Operation): string {
  return EXPECTED.get(operation) ?? `the answer of ${operation.method} ${operation.path}`;
}

// Compiled on first use and kept (TypeBox's JIT, fine on the Node side), because an answer can
// hold 50,000 parsed participants: the interpreted check took ~150 ms of a push, the compiled
// one a few.
const compiled = new WeakMap<TSchema, Validator>();
function validatorOf(schema: TSchema): Validator {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  return validator;
}

/** Where a value that fails `schema` first differs, as `response.field should …`. */
function problemOf(validator: Validator, value: unknown): string {
  const [first] = validator.Errors(value);
  if (!first) return 'response is not what was expected';
  const path = ['response', ...first.instancePath.split('/').filter(Boolean)].join('.');
  const missing = /^must have required propert(?:y|ies) (.+)$/.exec(first.message)?.[1];
  return missing ? `${path}.${missing.split(/,\s*/)[0]} is missing` : `${path} ${first.message.replace(/^must /, 'should ')}`;
}

/** Whether `data` is, whole, what the operation answers. */
export function isAnswer<O extends Operation>(operation: O, data: unknown): data is AnswerOf<O> {
  return operation.response !== null && answerValidator(operation.response).Check(data);
}

/** Where `data`, which is not what the operation answers, first differs from it. */
export function answerProblem(operation: Operation, data: unknown): string {
  return operation.response ? problemOf(answerValidator(operation.response), data) : 'the operation answers no JSON';
}

/** `schema` with the extension fields of each record it holds no longer required. */
function withoutRequiredExtensions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequiredExtensions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withoutRequiredExtensions(value)]));
  const extensions = ANSWER_EXTENSIONS.get(schema as TSchema);
  if (extensions && Array.isArray(copy.required)) copy.required = copy.required.filter((name) => !extensions.includes(name as string));
  return copy;
}

const answerValidators = new WeakMap<TSchema, Validator>();
function answerValidator(response: TSchema): Validator {
  let validator = answerValidators.get(response);
  if (!validator) answerValidators.set(response, (validator = Compile(withoutRequiredExtensions(response) as TSchema)));
  return validator;
}

/** What a record's id names in a sentence, by the operation's tag. */
const RECORD: Record<Operation['tag'], string> = {
  imports: 'Participant import',
  'import actions': 'Participant import action',
  documents: 'Document',
  subjects: 'Subject',
  auth: 'Token',
};

/** `participant_import_id` → `Participant import id`; a path's `id` names the operation's record. */
function nameOf(operation: Operation, name: string): string {
  if (name === 'id') return `${RECORD[operation.tag]} id`;
  const words = name.replace(/_id$/, '').replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} id`;
}

/**
 * A sentence for the first path or query value that the operation's schema refuses, or null.
 * Values are checked as the text they become, so an id read from a damaged mirror (0, 1.5,
 * NaN) never becomes part of a request.
 */
export function refusedValue(operation: Operation, part: 'params' | 'querystring', values: Readonly<Record<string, unknown>> | undefined): string | null {
  const schema = operation[part] as (TSchema & { properties?: Record<string, TSchema & { description?: string }> }) | undefined;
  if (!schema?.properties || !values) return null;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name];
    if (value === undefined) continue;
    if (!validatorOf(property).Check(String(value))) return `${nameOf(operation, name)} “${String(value)}” is not ${property.description ?? 'valid'}.`;
  }
  return null;
}
