/**
 * Every operation of the REST interface in one table: method, path, what it takes and what it
 * answers, each as a schema from this folder. The reference service registers its routes'
 * validation and serialisation from it, and the OpenAPI document (docs/openapi.json) is made
 * from those routes. The client builds each request's path from the same entry and checks
 * the answer against its response schema. No path of the interface is written anywhere else.
 */
import Type from 'typebox';
import { ErrorBodySchema } from './errors';
import { SubjectFiltersSchema } from './filters';
import {
  DocumentRecordSchema,
  ImportActionCreateBodySchema,
  ImportActionIndexSchema,
  ImportCreateBodySchema,
  ImportIndexSchema,
  ImportLookupSchema,
  ParserResultSchema,
  ParticipantImportActionSchema,
  ParticipantImportSchema,
} from './imports';
import { SubjectInputSchema, SubjectSchema, SubjectSearchItemSchema, type SubjectFilters } from './subjects';

/** A positive integer as it appears in a path or query string. */
export const IdText = Type.String({ pattern: '^[1-9][0-9]{0,14}$', description: 'a positive whole number' });
export const IdParamsSchema = Type.Object({ id: IdText });
const queryWith = (name: string) => Type.Object({ [name]: IdText }, { required: [name] });
/** The import index by the event's id, or (an extension) by the external id people type; one of them is required. */
const EventQuery = Type.Object({ event_id: Type.Optional(IdText), external_event_id: Type.Optional(IdText) });

/** The search body, typed as the filters it holds (the schema is built from their descriptions). */
const FiltersBody = Type.Unsafe<SubjectFilters>(SubjectFiltersSchema);

export const TokenGrantBodySchema = Type.Object({
  grant_type: Type.Enum(['client_credentials']),
  client_id: Type.String({ minLength: 1, maxLength: 200 }),
  client_secret: Type.String({ minLength: 1, maxLength: 200 }),
});

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** Path parameters as `:name`, each described by `params`. */
  path: string;
  /** The same operation answered at other paths or methods too, documented once under `path` and `method`. */
  alsoAt?: readonly string[];
  alsoAs?: readonly HttpMethod[];
  tag: 'imports' | 'import actions' | 'documents' | 'subjects' | 'auth';
  summary: string;
  params?: Type.TSchema;
  querystring?: Type.TSchema;
  body?: Type.TSchema;
  /** The success status and what `response` holds then; null for a body that is not JSON. */
  status: number;
  response: Type.TSchema | null;
  /** The error statuses the operation can answer besides 401, 413 and 429 (and 400 for a body that is not JSON). */
  errors: readonly number[];
  /** Not under the bearer token (the token grant itself). */
  open?: boolean;
  /** Changes nothing although its method is POST (a search): a failed call is simply tried again. */
  readOnly?: boolean;
}

const API = '/api/v1';
const IMPORTS = `${API}/participant_imports`;
const ACTIONS = `${API}/participant_import_actions`;
const SUBJECTS = `${API}/subjects`;

/** Where the service serves its OpenAPI document (not an operation of the interface). */
export const OPENAPI_PATH = `${API}/openapi.json`;

// Generic so each entry keeps its own schemas' types: handlers and calls are typed from them.
const op = <const O extends Operation>(operation: O) => operation;

export const OPERATIONS = {
  importCreate: op({ method: 'POST', path: IMPORTS, tag: 'imports', summary: 'Create a participant import (acted on at once with act_if_valid).', body: ImportCreateBodySchema, status: 201, response: ParticipantImportSchema, errors: [404, 422] }),
  importIndex: op({ method: 'GET', path: IMPORTS, tag: 'imports', summary: 'The imports of an event, with a count: by event_id, or by external_event_id (extension).', querystring: EventQuery, status: 200, response: ImportIndexSchema, errors: [400, 404] }),
  importLookup: op({ method: 'GET', path: `${IMPORTS}/lookup`, tag: 'imports', summary: 'The columns, demographic entry fields, flags and locales of an import.', status: 200, response: ImportLookupSchema, errors: [] }),
  importShow: op({ method: 'GET', path: `${IMPORTS}/:id`, tag: 'imports', summary: 'One participant import.', params: IdParamsSchema, status: 200, response: ParticipantImportSchema, errors: [400, 404] }),
  importDestroy: op({ method: 'DELETE', path: `${IMPORTS}/:id`, tag: 'imports', summary: 'Destroy an import whose actions have ended.', params: IdParamsSchema, status: 200, response: Type.Literal(true), errors: [400, 404, 409] }),
  importExportRead: op({ method: 'GET', path: `${IMPORTS}/:id/export`, tag: 'imports', summary: 'The document holding the contents of the import (made on first use).', params: IdParamsSchema, status: 200, response: DocumentRecordSchema, errors: [400, 404] }),
  importExportMake: op({ method: 'POST', path: `${IMPORTS}/:id/export`, tag: 'imports', summary: 'Make the document holding the contents of the import.', params: IdParamsSchema, status: 201, response: DocumentRecordSchema, errors: [400, 404] }),
  importParser: op({ method: 'GET', path: `${IMPORTS}/:id/parser`, tag: 'imports', summary: 'How the service reads the import: every participant parsed.', params: IdParamsSchema, status: 200, response: ParserResultSchema, errors: [400, 404] }),
  actionCreate: op({ method: 'POST', path: ACTIONS, tag: 'import actions', summary: 'Start the import action (a tracked job) of an import.', body: ImportActionCreateBodySchema, status: 201, response: ParticipantImportActionSchema, errors: [404, 409, 422] }),
  actionIndex: op({ method: 'GET', path: ACTIONS, tag: 'import actions', summary: 'The actions of an import, with a count.', querystring: queryWith('participant_import_id'), status: 200, response: ImportActionIndexSchema, errors: [400, 404] }),
  actionShow: op({ method: 'GET', path: `${ACTIONS}/:id`, tag: 'import actions', summary: 'One import action: poll it for the job status and progress.', params: IdParamsSchema, status: 200, response: ParticipantImportActionSchema, errors: [400, 404] }),
  documentShow: op({ method: 'GET', path: `${API}/documents/:id`, tag: 'documents', summary: 'A document made by an export.', params: IdParamsSchema, status: 200, response: DocumentRecordSchema, errors: [400, 404] }),
  documentDownload: op({ method: 'GET', path: `${API}/documents/:id/download`, tag: 'documents', summary: 'The file of a document.', params: IdParamsSchema, status: 200, response: null, errors: [400, 404] }),
  subjectCreate: op({ method: 'POST', path: SUBJECTS, tag: 'subjects', summary: 'Create a subject with its household.', body: SubjectInputSchema, status: 201, response: SubjectSchema, errors: [404, 422] }),
  subjectShow: op({ method: 'GET', path: `${SUBJECTS}/:id`, tag: 'subjects', summary: 'One subject.', params: IdParamsSchema, status: 200, response: SubjectSchema, errors: [400, 404] }),
  subjectUpdate: op({ method: 'PATCH', alsoAs: ['PUT'], path: `${SUBJECTS}/:id`, tag: 'subjects', summary: 'Change the fields sent (PUT is read the same way).', params: IdParamsSchema, body: SubjectInputSchema, status: 200, response: SubjectSchema, errors: [400, 404, 409, 422] }),
  subjectDestroy: op({ method: 'DELETE', path: `${SUBJECTS}/:id`, tag: 'subjects', summary: 'Destroy a subject; answers the destroyed subject.', params: IdParamsSchema, status: 200, response: SubjectSchema, errors: [400, 404, 422] }),
  subjectSearch: op({ method: 'POST', body: FiltersBody, path: `${SUBJECTS}/search`, alsoAt: ['/v1/subjects/search'], readOnly: true, tag: 'subjects', summary: 'Search subjects by campaign, slice and filters (also at /v1/subjects/search); paging in headers.', status: 200, response: Type.Array(SubjectSearchItemSchema), errors: [404, 422] }),
  subjectExport: op({ method: 'POST', body: FiltersBody, path: `${SUBJECTS}/export`, tag: 'subjects', summary: 'Write the subjects a search selects to a spreadsheet document.', status: 201, response: DocumentRecordSchema, errors: [404, 422] }),
  subjectSendEmailParams: op({ method: 'POST', readOnly: true, body: FiltersBody, path: `${SUBJECTS}/send_email_params`, tag: 'subjects', summary: 'Who an e-mail to a selection would reach; sends nothing.', status: 200, response: Type.Object({ recipient_count: Type.Integer({ minimum: 0 }), excluded_count: Type.Integer({ minimum: 0 }), subject_ids: Type.Array(Type.Integer({ minimum: 1 })) }), errors: [404, 422] }),
  subjectFilterParams: op({ method: 'GET', path: `${SUBJECTS}/filter_params`, tag: 'subjects', summary: 'The search filters, slices, outcomes, sort keys and paging.', status: 200, response: Type.Object({}, { additionalProperties: true }), errors: [] }),
  subjectExportParams: op({ method: 'GET', path: `${SUBJECTS}/export_params`, tag: 'subjects', summary: 'The columns and limits of the subject export.', status: 200, response: Type.Object({}, { additionalProperties: true }), errors: [] }),
  tokenGrant: op({ method: 'POST', path: '/oauth/token', tag: 'auth', summary: 'OAuth 2 client-credentials grant (RFC 6749 §4.4); answers the RFC’s plain shape.', body: TokenGrantBodySchema, status: 200, response: null, errors: [400, 401, 422], open: true }),
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * The operation's path with its parameters filled in, each encoded as one path segment. A
 * parameter left out is a programming error, not something to send.
 */
export function operationPath(operation: Operation, params: Readonly<Record<string, string | number>> = {}): string {
  return operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${operation.method} ${operation.path} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The one error body, for the OpenAPI document's error answers. */
export { ErrorBodySchema };
