/**
 * A session writes each edit's `before` side from the rows it holds rather than reading them
 * back from the mirror, and keeps it as the fields the edit changed: under any sequence of
 * edits, deletions, added rows, undos and redos, undoing the step from the mirror alone (as
 * after a restart) must put back exactly the rows the mirror had, and redoing it the rows after.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DraftSession, type MirrorPlace } from '../../../../src/services/usecases';
import { redo, undo } from '../../../../src/services/mirror/queries/drafts/draft-edits';
import { draftRows, type DraftRowInput } from '../../../../src/services/mirror/queries/drafts/draft-rows';

const dir = mkdtempSync(join(tmpdir(), 'muster-draft-sides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Notes are kept only when there are some: an empty list and none say the same.
const plain = (row: DraftRowInput | null) => row && { source_row: row.source_row, participant: row.participant, ...(row.notes?.length ? { notes: row.notes } : {}) };

it('records the rows as the mirror had them before each step, whatever the steps', async () => {
  const sheet = join(dir, 'Lista.csv');
  writeFileSync(
    sheet,
    [
      'external_id,Nombre,Apellido paterno,Apellido materno,E-Mail privat,E-Mail geschäftlich,locale',
      ...Array.from({ length: 12 }, (_, i) => `k${i},N${i},A${i},${i % 3 ? '' : `B${i}`},${i % 4 ? `n${i}@x.es` : ''},${i % 4 ? '' : ` n${i}@work.es `},es_ES`),
    ].join('\n'),
  );
  const place: MirrorPlace = { dataDir: join(dir, 'data'), serverUrl: 'http://127.0.0.1:1', account: 'default' };
  let session = await DraftSession.create(place, { file: sheet, externalEventId: 4711 });
  let seed = 5;
  // In 32-bit integer arithmetic: a float product loses its low bits and soon answers 0 forever.
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n;
  };
  const kinds = new Set<number>();
  for (let step = 0; step < 60; step++) {
    const mirror = new Map(draftRows(session.db, session.draftId).map((r) => [r.position, plain(r)]));
    const held = session.held();
    const pick = () => held[random(held.length)].position;
    const choice = random(8);
    kinds.add(choice);
    if (choice === 0) session.undo();
    else if (choice === 1) session.redo();
    else if (choice === 2 && held.length > 4) session.deleteRows([pick()]);
    else if (choice === 3) session.addRows(1);
    else if (choice === 4) {
      session.close();
      session = DraftSession.open(place, session.draftId);
      continue;
    } else session.edit([{ position: pick(), field: (['name', 'email', 'external_id', 'note'] as const)[random(4)], value: `v${step}` }, { position: pick(), field: 'locale', value: 'de_DE' }]);
    if (choice <= 1) continue;
    const rowsNow = () => new Map(draftRows(session.db, session.draftId).map((r) => [r.position, plain(r)]));
    const after = rowsNow();
    // Undone and redone from the file alone, the session's memory left as it was.
    undo(session.db, session.draftId);
    expect(rowsNow(), `step ${step} undone`).toEqual(mirror);
    redo(session.db, session.draftId);
    expect(rowsNow(), `step ${step} redone`).toEqual(after);
  }
  session.close();
  expect([...kinds].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});
