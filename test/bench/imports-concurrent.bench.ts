/**
 * `npm run bench -- imports-concurrent`: 10 clients each create an import of 5,000
 * participants with act_if_valid at once. Every job must complete with the right counts and
 * no client may see a database-busy failure; prints the time to the last completion.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/server/index';
import { createEvent } from '../../src/server/store/events';

const CLIENTS = 10;
const SIZE = 5_000;

export async function importsConcurrentBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-concurrent-'));
  const service = await startService({ dataDir: dir, seed: 'demo', rateLimit: false, tokensOut: join(dir, 'tokens.json') });
  const headers = { authorization: `Bearer ${service.tokens[0].token}`, 'content-type': 'application/json' };
  const call = async (path: string, body?: unknown) => {
    const answer = await fetch(`${service.url}${path}`, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
    return { status: answer.status, body: (await answer.json()) as any };
  };
  try {
    const events = Array.from({ length: CLIENTS }, (_, i) => createEvent(service.context.db, 1, 70_000 + i, `Concurrent ${i}`));
    const started = Date.now();
    const created = await Promise.all(
      events.map((event, e) =>
        call('/api/v1/participant_imports', {
          external_event_id: event.external_event_id,
          act_if_valid: true,
          participants: Array.from({ length: SIZE }, (_, i) => ({ external_id: `B${e}-${i}`, name: `Bench ${i}`, email: `b${e}.${i}@example.com` })),
        }),
      ),
    );
    const ends = await Promise.all(
      created.map(async (answer) => {
        for (;;) {
          const action = (await call(`/api/v1/participant_import_actions/${answer.body.response.participant_import_action_id}`)).body.response;
          if (action.status === 'completed' || action.status === 'failed') return action;
          await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    const right = ends.filter((a) => a.status === 'completed' && a.result?.created === SIZE).length;
    const busy = created.filter((a) => a.status >= 500).length + ends.filter((a) => /busy|locked/i.test(a.error ?? '')).length;
    return {
      name: 'imports-concurrent',
      clients: CLIENTS,
      participants_each: SIZE,
      completed_right: right,
      busy_failures: busy,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      goal: 'every job completes with the right counts, no busy failure',
      met: right === CLIENTS && busy === 0,
    };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
