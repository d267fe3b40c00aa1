/** Import actions: the jobs that write an import's participants (docs/interface.md). */
import type { ImportActionCreateBody, ImportActionIndex, ParticipantImportAction } from '../../core/contract/imports';
import { OPERATIONS } from '../../core/contract/operations';
import type { CallOptions, CreateOptions, RemoteClient } from './client';

/** Starts the job; a 409 means one is already queued or running for this import. */
export async function createImportAction(client: RemoteClient, body: ImportActionCreateBody, options: CreateOptions = {}): Promise<ParticipantImportAction> {
  return (await client.call(OPERATIONS.actionCreate, { body, ...options })).data;
}

/** Every action of one import, oldest first, with the service's count. */
export async function listImportActions(client: RemoteClient, importId: number, options: CallOptions = {}): Promise<ImportActionIndex> {
  return (await client.call(OPERATIONS.actionIndex, { query: { participant_import_id: importId }, ...options })).data;
}

/** One action: what the outbox polls until its status is completed or failed. */
export async function showImportAction(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParticipantImportAction> {
  return (await client.call(OPERATIONS.actionShow, { params: { id }, ...options })).data;
}
