import type { ParticipantInput } from '../../../../src/core/contract/imports';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { createDraft, setDraftState } from '../../../../src/services/mirror/queries/drafts/drafts';
import { learnEventId } from '../../../../src/services/mirror/queries/imports/events';
import { createRemoteClient, type RemoteClient } from '../../../../src/services/remote/client';
import { importHandlers } from '../../../../src/services/sync/imports';
import { createSyncRunner, type SyncRunner, type SyncRunnerOptions, type TransitionEvent } from '../../../../src/services/sync/runner';
import type { EventRow } from '../../../../src/server/store/events';
import type { TestService } from '../../../support/service';

/** A mirror draft of `rows` for the event, ready to push. */
export function readyDraft(db: MirrorDb, event: EventRow, rows: ParticipantInput[], flags = {}): number {
  const draft = createDraft(
    db,
    { externalEventId: event.external_event_id, source: { name: 'list.xlsx', size: 1, hash: 'h' }, flags },
    rows.map((participant, i) => ({ source_row: i + 2, participant })),
  );
  setDraftState(db, draft.id, 'ready');
  return draft.id;
}

export const people = (n: number, prefix = 'p'): ParticipantInput[] =>
  Array.from({ length: n }, (_, i) => ({ external_id: `${prefix}-${i + 1}`, name: `Person ${i + 1}`, email: `${prefix}${i + 1}@example.com` }));

/** A client that never sends Idempotency-Key, as a real service that ignores it behaves:
 *  the flows' look-first adoption must then prevent duplicates on its own. */
export function withoutIdempotencyKeys(remote: RemoteClient): RemoteClient {
  return { baseUrl: remote.baseUrl, close: () => remote.close(), fetchFile: (operation, params, options) => remote.fetchFile(operation, params, options), call: (operation, call) => remote.call(operation, { ...call, idempotencyKey: undefined }) };
}

export interface Harness {
  runner: SyncRunner;
  remote: RemoteClient;
  events: TransitionEvent[];
  token: { value: string };
}

/** A runner over the import handlers with fast backoff; `token.value` may be swapped. */
export function harness(db: MirrorDb, service: TestService, options: Partial<SyncRunnerOptions> & { keys?: boolean; token?: string } = {}): Harness {
  const token = { value: options.token ?? service.token };
  const client = createRemoteClient({ serverUrl: service.url, token: () => token.value, timeouts: { responseMs: 10_000, idleMs: 10_000 } });
  const remote = options.keys === false ? withoutIdempotencyKeys(client) : client;
  const events: TransitionEvent[] = [];
  const runner = createSyncRunner({
    db,
    remote,
    handlers: importHandlers,
    backoff: { baseMs: 20, capMs: 200 },
    ...options,
    onTransition: (event) => {
      events.push(event);
      options.onTransition?.(event);
    },
  });
  return { runner, remote, events, token };
}

/** Lets the adoption path list the event's imports, as after an earlier pull or push. */
export const knowEvent = (db: MirrorDb, event: EventRow) => learnEventId(db, event.external_event_id, event.id);

export async function serviceCounts(service: TestService, event: EventRow): Promise<{ imports: number; actions: number }> {
  const api = service.client();
  const list = (await api.get(`/api/v1/participant_imports?event_id=${event.id}`)).body.response.participant_imports as { id: number }[];
  let actions = 0;
  for (const i of list) actions += (await api.get(`/api/v1/participant_import_actions?participant_import_id=${i.id}`)).body.response.count as number;
  return { imports: list.length, actions };
}
