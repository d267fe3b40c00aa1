/** Participant imports (docs/interface.md, Imports). */
import type { DocumentRecord, ImportCreateBody, ImportIndex, ImportLookup, ParserResult, ParticipantImport } from '../../core/contract/imports';
import { OPERATIONS } from '../../core/contract/operations';
import type { CallOptions, CreateOptions, RemoteClient } from './client';

export async function createImport(client: RemoteClient, body: ImportCreateBody, options: CreateOptions = {}): Promise<ParticipantImport> {
  return (await client.call(OPERATIONS.importCreate, { body, ...options })).data;
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
  return (await client.call(OPERATIONS.importCreate, { jsonText, ...options })).data;
}

export interface ImportIndexOptions extends CallOptions {
  /** Passed through for a service that pages its index; the reference service answers every
   *  import at once (`count` equals the list's length) and ignores these. */
  page?: number;
  per?: number;
}

/** The imports of one event, by the event's internal id, oldest first, with the service's count. */
export async function listImports(client: RemoteClient, eventId: number, options: ImportIndexOptions = {}): Promise<ImportIndex> {
  const query: Record<string, number> = { event_id: eventId };
  if (options.page !== undefined) query.page = options.page;
  if (options.per !== undefined) query.per = options.per;
  return (await client.call(OPERATIONS.importIndex, { query, signal: options.signal })).data;
}

/**
 * The imports of one event by the external id people type: an extension of the reference
 * service (docs/interface.md). A service without it refuses the query (400 or 422); the
 * caller then waits to learn the event's own id from a push.
 */
export async function listImportsByExternalId(client: RemoteClient, externalEventId: number, options: CallOptions = {}): Promise<ImportIndex> {
  return (await client.call(OPERATIONS.importIndex, { query: { external_event_id: externalEventId }, ...options })).data;
}

export async function showImport(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParticipantImport> {
  return (await client.call(OPERATIONS.importShow, { params: { id }, ...options })).data;
}

/** Answers true; a 409 means an action of this import has not ended yet. */
export async function destroyImport(client: RemoteClient, id: number, options: CallOptions = {}): Promise<true> {
  return (await client.call(OPERATIONS.importDestroy, { params: { id }, ...options })).data;
}

/** The service's own parse of the import's payload, to compare with the offline parse. */
export async function importParser(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParserResult> {
  return (await client.call(OPERATIONS.importParser, { params: { id }, ...options })).data;
}

export interface ExportOptions extends CreateOptions {
  /** GET reads the import's document (made on first use); POST asks for it to be made. The
   *  reference service answers both with the same document. */
  method?: 'GET' | 'POST';
}

export async function exportImport(client: RemoteClient, id: number, options: ExportOptions = {}): Promise<DocumentRecord> {
  const operation = options.method === 'POST' ? OPERATIONS.importExportMake : OPERATIONS.importExportRead;
  return (await client.call(operation, { params: { id }, idempotencyKey: options.idempotencyKey, signal: options.signal })).data;
}

/** The static description of import columns, demographic entries, flags and locales. */
export async function importLookup(client: RemoteClient, options: CallOptions = {}): Promise<ImportLookup> {
  return (await client.call(OPERATIONS.importLookup, options)).data;
}
