/**
 * Adding 10,000 subjects found offline to a new list of an event, on the main side as the
 * app does it (the search over the mirror, each subject made a participant, the draft written,
 * then opened and its first page checked for the workspace), against `muster check` of a
 * 10,000-row sheet as floor, measured alternately in the same run (goal: ratio ≤ 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rememberCategory } from '../../src/services/mirror/queries/imports/catalog';
import { upsertPulledSubjects } from '../../src/services/mirror/queries/subjects/subjects-pull';
import { checkSheetFile, DraftSession, subjectsToNewList, type MirrorPlace } from '../../src/services/usecases';
import { openAccountMirror } from '../../src/services/usecases/account-mirror';
import { now, seconds, type Benchmark } from './harness';
import { generatePage } from './mirror-write.bench';
import { sheetRows } from './sheet-files';

const COUNT = 10_000;

export function listFromSubjectsBenchmark(): Benchmark {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-list-'));
  const place: MirrorPlace = { dataDir: join(dir, 'data'), serverUrl: 'http://127.0.0.1:1', account: 'default' };
  const sheet = join(dir, `participants-${COUNT}.csv`);
  return {
    name: 'list-from-subjects',
    description: `${COUNT.toLocaleString('en')} subjects found offline added to a new list and opened in the workspace`,
    items: COUNT,
    unit: 'subjects',
    floorName: `muster check of a ${COUNT.toLocaleString('en')}-row sheet`,
    setup() {
      writeFileSync(sheet, sheetRows().slice(0, COUNT + 1).map((r) => r.join(',')).join('\r\n'));
      const db = openAccountMirror(place);
      for (let start = 0; start < COUNT; start += 1000) upsertPulledSubjects(db, generatePage(start, start + 1000), 1);
      // The generated subjects hold demographics 1–3 and 10–15; the event's catalog names them.
      rememberCategory(db, 4711, { id: 1, name: 'Gender', exclusive: true, demographics: [1, 2, 3].map((id) => ({ id, name: `G${id}` })) });
      rememberCategory(db, 4711, { id: 2, name: 'Age Group', exclusive: true, demographics: [10, 11, 12, 13, 14, 15].map((id) => ({ id, name: `A${id}` })) });
      db.close();
    },
    figure() {
      const start = now();
      const made = subjectsToNewList(place, { externalEventId: 4711, selection: { filters: {} }, name: 'Everyone', locales: { en: 'en_US' } });
      const session = DraftSession.open(place, made.draftId);
      const page = session.page({ limit: 300 });
      session.close();
      const elapsed = seconds(start);
      if (page.draft.rows !== COUNT) throw new Error(`added ${page.draft.rows} of ${COUNT} subjects`);
      return elapsed;
    },
    async floor() {
      const start = now();
      await checkSheetFile({ file: sheet, dataDir: dir });
      return seconds(start);
    },
    teardown: () => rmSync(dir, { recursive: true, force: true }),
    goal: { ratio: 1 },
    runs: 5,
  };
}
