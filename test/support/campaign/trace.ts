/**
 * What a failing campaign run is replayed with (`runCampaign({ runs: 1, seed, trace: true })`):
 * the outbox as the run left it, the faults the service made, and every request in the order
 * its answer (or failure) came back.
 */
import type { MirrorDb } from '../../../src/services/mirror/open';
import type { RemoteClient } from '../../../src/services/remote/client';
import type { TestService } from '../service';
import { operationPath } from '../../../src/core/contract/operations';

/** For replaying a failing run: every request and how it ended, in order. */
export function traced(remote: RemoteClient, log: string[] | null): RemoteClient {
  if (!log) return remote;
  return {
    baseUrl: remote.baseUrl,
    close: () => remote.close(),
    fetchFile: (operation, params, options) => remote.fetchFile(operation, params, options),
    async call(operation, call) {
      const body = call.body as { household?: unknown; code?: unknown } | undefined;
      const what = `${operation.method} ${operationPath(operation, call.params)} ${String(body?.code ?? '')} household=${JSON.stringify(body?.household)} ${JSON.stringify(call.body ?? call.query ?? '').slice(0, 120)}`;
      try {
        const answer = await remote.call(operation, call);
        log.push(`call ${what} → ${answer.status} ${JSON.stringify((answer.data as { household?: unknown })?.household ?? answer.data).slice(0, 200)}`);
        return answer;
      } catch (error) {
        log.push(`call ${what} → ${(error as Error).message.slice(0, 120)}`);
        throw error;
      }
    },
  };
}

/** For replaying a failing run: the outbox as it ended and the faults the service made. */
export function traceOf(db: MirrorDb, service: TestService, from: number): string[] {
  const ops = db.prepare('SELECT id, kind, entity_key, depends_on, state, attempts, remote_ref, result FROM outbox ORDER BY id').all();
  const faults = service.faults!.decisions.slice(from).filter((d) => d.fault || d.latencyMs);
  return [...ops.map((op) => `op ${JSON.stringify(op)}`), ...faults.map((d) => `fault ${d.n} ${d.method} ${d.path} ${d.fault?.kind ?? `${d.latencyMs} ms`}`)];
}
