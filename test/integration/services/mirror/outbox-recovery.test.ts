import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openMirror } from '../../../../src/services/mirror/open';
import { enqueue, opById, resetInFlight } from '../../../../src/services/mirror/queries/outbox/outbox';
import { nextRunnable } from '../../../../src/services/mirror/queries/outbox/outbox-queue';
import { outboxStatus } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir('muster-mirror-crash-');
const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const T = 1_000_000;

function crashWhileSending(file: string, mode: 'with-ref' | 'bare'): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', child, file, String(T), mode], { encoding: 'utf8' });
  expect(result.signal, result.stderr).toBe('SIGKILL');
}

it.each(['with-ref', 'bare'] as const)('puts an op a crash left in flight back to pending on startup (%s)', (mode) => {
  const file = dirs.file(`crash-${mode}.sqlite`);
  const setup = openMirror(file);
  const first = setup.transaction(() => enqueue(setup, { entityType: 'draft', entityKey: 1, kind: 'import.create', payload: { draftId: 1 } }, T))();
  const second = setup.transaction(() => enqueue(setup, { entityType: 'draft', entityKey: 1, kind: 'import.parse' }, T))();
  setup.close();

  crashWhileSending(file, mode);

  const db = openMirror(file);
  expect(opById(db, first.id)).toMatchObject({ state: 'in_flight', attempts: 1 });
  // While it is in flight nothing of the same entity may run.
  expect(nextRunnable(db, T)).toBeNull();
  expect(outboxStatus(db, T).counts.in_flight).toBe(1);

  const reset = resetInFlight(db, T + 1);
  expect(reset.map((op) => [op.id, op.state, op.attempts, op.remoteRef])).toEqual([[first.id, 'pending', 1, mode === 'with-ref' ? 4242 : null]]);
  const again = nextRunnable(db, T + 1);
  // Same op, same idempotency key: the flow looks for what the first try made before posting.
  expect(again).toMatchObject({ id: first.id, idempotencyKey: first.idempotencyKey, attempts: 1, payload: { draftId: 1 } });
  expect(opById(db, second.id)?.state).toBe('pending');
  expect(resetInFlight(db)).toEqual([]);
  db.close();
});
