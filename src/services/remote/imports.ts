import type { DocumentRecord, ImportCreateBody, ImportIndex, ImportLookup, ParserResult, ParticipantImport } from '../../core/contract/imports';
import type { RemoteClient } from './client';
import { API, queryId, recordPath, type CallOptions, type CreateOptions } from './paths';
import { DOCUMENT, IMPORT, IMPORT_INDEX, LOOKUP, PARSER_RESULT, TRUE } from './shapes';

/** Participant imports (docs/interface.md, Imports). */
const IMPORTS = `${API}/participant_imports`;

export async function createImport(client: RemoteClient, body: ImportCreateBody, options: CreateOptions = {}): Promise<ParticipantImport> {
  const answer = await client.call({ method: 'POST', path: IMPORTS, body, idempotencyKey: options.idempotencyKey, signal: options.signal }, IMPORT);
  return answer.data;
}

/**
 * The same create with the participants already serialised (a draft's stored rows): the
 * body goes out without parsing and re-serialising tens of thousands of rows.
 */
export async function createImportFromJson(
  client: RemoteClient,
  head: Omit<ImportCreateBody, 'participants'>,
  participantsJson: string,
  options: CreateOptions = {},
): Promise<ParticipantImport> {
  const jsonText = `${JSON.stringify(head).slice(0, -1)},"participants":${participantsJson}}`;
  const answer = await client.call({ method: 'POST', path: IMPORTS, jsonText, idempotencyKey: options.idempotencyKey, signal: options.signal }, IMPORT);
  return answer.data;
}

export interface ImportIndexOptions extends CallOptions {
  /** Passed through for a service that pages its index; the reference service answers every
   *  import at once (`count` equals the list's length) and ignores these. */
  page?: number;
  per?: number;
}

/** The imports of one event, by the event's internal id, oldest first, with the service's count. */
export async function listImports(client: RemoteClient, eventId: number, options: ImportIndexOptions = {}): Promise<ImportIndex> {
  const query: Record<string, number> = { event_id: queryId('GET', IMPORTS, eventId, 'Event') };
  if (options.page !== undefined) query.page = options.page;
  if (options.per !== undefined) query.per = options.per;
  const answer = await client.call({ method: 'GET', path: IMPORTS, query, signal: options.signal }, IMPORT_INDEX);
  return answer.data;
}

/**
 * The imports of one event by the external id people type: an extension of the reference
 * service (docs/interface.md). A service without it refuses the query (400 or 422); the
 * caller then waits to learn the event's own id from a push.
 */
export async function listImportsByExternalId(client: RemoteClient, externalEventId: number, options: CallOptions = {}): Promise<ImportIndex> {
  const query = { external_event_id: queryId('GET', IMPORTS, externalEventId, 'Event') };
  const answer = await client.call({ method: 'GET', path: IMPORTS, query, signal: options.signal }, IMPORT_INDEX);
  return answer.data;
}

export async function showImport(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParticipantImport> {
  const answer = await client.call({ method: 'GET', path: recordPath('GET', IMPORTS, id, 'Participant import'), signal: options.signal }, IMPORT);
  return answer.data;
}

/** Answers true; a 409 means an action of this import has not ended yet. */
export async function destroyImport(client: RemoteClient, id: number, options: CallOptions = {}): Promise<true> {
  const answer = await client.call({ method: 'DELETE', path: recordPath('DELETE', IMPORTS, id, 'Participant import'), signal: options.signal }, TRUE);
  return answer.data;
}

/** The service's own parse of the import's payload, to compare with the offline parse. */
export async function importParser(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParserResult> {
  const answer = await client.call({ method: 'GET', path: recordPath('GET', IMPORTS, id, 'Participant import', '/parser'), signal: options.signal }, PARSER_RESULT);
  return answer.data;
}

export interface ExportOptions extends CreateOptions {
  /** GET reads the import's document (made on first use); POST asks for it to be made. The
   *  reference service answers both with the same document. */
  method?: 'GET' | 'POST';
}

export async function exportImport(client: RemoteClient, id: number, options: ExportOptions = {}): Promise<DocumentRecord> {
  const method = options.method ?? 'GET';
  const path = recordPath(method, IMPORTS, id, 'Participant import', '/export');
  const answer = await client.call({ method, path, idempotencyKey: options.idempotencyKey, signal: options.signal }, DOCUMENT);
  return answer.data;
}

/** The static description of import columns, demographic entries, flags and locales. */
export async function importLookup(client: RemoteClient, options: CallOptions = {}): Promise<ImportLookup> {
  const answer = await client.call({ method: 'GET', path: `${IMPORTS}/lookup`, signal: options.signal }, LOOKUP);
  return answer.data;
}
