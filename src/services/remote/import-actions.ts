import type { ImportActionCreateBody, ImportActionIndex, ParticipantImportAction } from '../../core/contract/imports';
import type { RemoteClient } from './client';
import { API, queryId, recordPath, type CallOptions, type CreateOptions } from './paths';
import { ACTION, ACTION_INDEX } from './shapes';

/** Import actions: the jobs that write an import's participants (docs/interface.md). */
const ACTIONS = `${API}/participant_import_actions`;

/** Starts the job; a 409 means one is already queued or running for this import. */
export async function createImportAction(client: RemoteClient, body: ImportActionCreateBody, options: CreateOptions = {}): Promise<ParticipantImportAction> {
  const answer = await client.call({ method: 'POST', path: ACTIONS, body, idempotencyKey: options.idempotencyKey, signal: options.signal }, ACTION);
  return answer.data;
}

/** Every action of one import, oldest first, with the service's count. */
export async function listImportActions(client: RemoteClient, importId: number, options: CallOptions = {}): Promise<ImportActionIndex> {
  const query = { participant_import_id: queryId('GET', ACTIONS, importId, 'Participant import') };
  const answer = await client.call({ method: 'GET', path: ACTIONS, query, signal: options.signal }, ACTION_INDEX);
  return answer.data;
}

/** One action: what the outbox polls until its status is completed or failed. */
export async function showImportAction(client: RemoteClient, id: number, options: CallOptions = {}): Promise<ParticipantImportAction> {
  const answer = await client.call({ method: 'GET', path: recordPath('GET', ACTIONS, id, 'Participant import action'), signal: options.signal }, ACTION);
  return answer.data;
}
