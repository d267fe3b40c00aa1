import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, type Service } from '../../src/server/app';
import { openServiceDb, type Db } from '../../src/server/db/open';
import { seedDemo, GENDERS, AGE_GROUPS } from '../../src/server/seed/demo';
import { addCategory, createEvent } from '../../src/server/store/events';
import { insertImport } from '../../src/server/store/imports';
import { flagsOf, insertAction, actionById } from '../../src/server/store/import-actions';
import { OAUTH_CREATOR_TYPE } from '../../src/server/http/auth';
import { emailKey } from '../../src/core/participants/email';
import { generateParticipants } from './data';
import { now, seconds, type Benchmark } from './harness';

const COUNT = 50_000;

/**
 * The service's import action job on 50,000 new participants, against a bare
 * better-sqlite3 insert of the same participant and demographic rows in one transaction.
 */
export function importActionBenchmark(): Benchmark {
  const participants = generateParticipants(COUNT, 7);
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-'));
  let db: Db;
  let service: Service;
  let externalId = 70_000;
  const caller = { companyId: 1, applicationId: 1, creatorType: OAUTH_CREATOR_TYPE };

  const freshEvent = () => {
    const event = createEvent(db, 1, externalId++, 'Bench event');
    const gender = addCategory(db, event, 'Gender', true, GENDERS);
    const age = addCategory(db, event, 'Age Group', true, AGE_GROUPS);
    return { event, gender, age };
  };

  return {
    name: 'import-action',
    description: `import action job (skip_invalid) creating ${COUNT} participants with 2 demographics each`,
    items: COUNT,
    unit: 'participants',
    floorName: 'bare better-sqlite3 insert of the same participant and demographic rows in one transaction',
    goal: { perSecond: 50_000 },
    setup: async () => {
      db = openServiceDb(join(dir, 'service.sqlite'));
      seedDemo(db, new Date());
      service = await buildService({ db, rateLimit: false });
    },
    figure: async () => {
      const { event } = freshEvent();
      const importId = insertImport(db, caller, event.id, false, participants, new Date());
      const actionId = insertAction(db, caller, importId, flagsOf({ skip_invalid: true }), COUNT, new Date());
      const start = now();
      service.context.jobs.enqueue(actionId);
      await service.context.jobs.whenIdle();
      const elapsed = seconds(start);
      const action = actionById(db, actionId);
      if (action?.status !== 'completed' || (action.result?.created ?? 0) + (action.result?.skipped_invalid ?? 0) !== COUNT) {
        throw new Error(`the import action did not complete: ${JSON.stringify(action)}`);
      }
      return elapsed;
    },
    floor: () => {
      const { event } = freshEvent();
      const demographicIds = db.prepare('SELECT d.id, d.name FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.event_id = ?').all(event.id) as { id: number; name: string }[];
      const idOf = new Map(demographicIds.map((d) => [d.name.toLowerCase(), d.id]));
      const insert = db.prepare(
        'INSERT INTO participants (company_id, event_id, external_id, name, email, email_key, locale, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const link = db.prepare('INSERT INTO participant_demographics (participant_id, demographic_id) VALUES (?, ?)');
      const start = now();
      db.transaction(() => {
        const at = new Date().toISOString();
        for (const p of participants) {
          const email = String(p.email);
          const id = insert.run(1, event.id, String(p.external_id), String(p.name), email, emailKey(email), String(p.locale), String(p.note), at, at).lastInsertRowid;
          for (const d of p.demographics ?? []) link.run(id, idOf.get(d.demographic_name.toLowerCase()) ?? 1);
        }
      })();
      return seconds(start);
    },
    teardown: async () => {
      await service.app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
