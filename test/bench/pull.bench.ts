import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MAX_PER_PAGE } from '../../src/core/contract/subjects';
import { openServiceDb, type Db } from '../../src/server/db/open';
import { SERVICE_DB_FILE } from '../../src/server/index';
import { seedDemo } from '../../src/server/seed/demo';
import { insertHousehold } from '../../src/server/store/households';
import { setSubjectDemographics } from '../../src/server/store/subject-links';
import { insertSubject } from '../../src/server/store/subjects';
import { openMirror } from '../../src/services/mirror/open';
import { countByState } from '../../src/services/mirror/queries/subjects/subjects';
import { createRemoteClient, type RemoteClient } from '../../src/services/remote/client';
import { nextSearchPage, searchSubjects } from '../../src/services/remote/subjects';
import { pullSubjects } from '../../src/services/sync/subjects/pull';
import { now, seconds, type Benchmark } from './harness';

const COUNT = 100_000;
/** The filters the pull sends; the floor sends the same. */
const FILTERS = { per: MAX_PER_PAGE, order_by: 'id', order_dir: 'asc', include_archived: true } as const;

/** 100,000 subjects of the first demo company, two per household, written straight into the service's store in one transaction. */
function seedSubjects(db: Db): void {
  const demographics = db.prepare('SELECT d.id FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.company_id = 1 ORDER BY d.id').pluck().all() as number[];
  const at = new Date();
  db.transaction(() => {
    let household = 0;
    for (let i = 0; i < COUNT; i++) {
      if (i % 2 === 0) household = insertHousehold(db, 1, { address: `${i} Main Street`, city: ['Berlin', 'Hamburg', 'Köln'][i % 3], country: 'DE', zip: String(10_000 + (i % 89_999)) });
      const id = insertSubject(
        db,
        1,
        household,
        {
          first_name: `First${i}`,
          last_name: `Last${i % 5000}`,
          email: `bench.${i}@example.com`,
          date_of_birth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
          phone: `+49 30 ${1_000_000 + i}`,
          preferred_language: ['de', 'en', 'fr'][i % 3],
          head_of_household: i % 2 === 0,
          notes: i % 7 === 0 ? 'prefers evening sessions' : null,
        },
        at,
      );
      if (demographics.length > 1) setSubjectDemographics(db, id, [demographics[i % demographics.length], demographics[(i + 1) % demographics.length]]);
    }
  })();
}

/** Seeds a service data folder (demo world + 100,000 subjects) and serves it from a child process. */
export async function serveSeeded(dataDir: string): Promise<{ child: ChildProcess; url: string; token: string; otherToken: string }> {
  mkdirSync(dataDir, { recursive: true });
  const db = openServiceDb(join(dataDir, SERVICE_DB_FILE));
  seedDemo(db, new Date());
  seedSubjects(db);
  db.close();
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'pull-service.ts'), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await Promise.race([
    createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((r) => [r.value as string]),
    new Promise<never>((_, fail) => child.once('exit', (code) => fail(new Error(`the bench service exited with ${code}`)))),
  ]);
  return { child, ...(JSON.parse(line) as { url: string; token: string; otherToken: string }) };
}

/**
 * `pullSubjects` of 100,000 subjects into a fresh mirror file, against the floor: the same
 * search pages fetched through the same client, one page ahead as the pull does (JSON parsed,
 * nothing written). The service runs in its own process on loopback.
 */
export function pullBenchmark(): Benchmark {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-pull-'));
  let child: ChildProcess | undefined;
  let remote: RemoteClient;
  let total = 0;
  let run = 0;

  return {
    name: 'pull',
    description: `pull ${COUNT} subjects (search pages of ${MAX_PER_PAGE}) into a fresh mirror`,
    items: COUNT,
    unit: 'subjects',
    floorName: 'the same search pages fetched one ahead and parsed by the same client, nothing written',
    goal: { ratio: 1.5 },
    setup: async () => {
      const served = await serveSeeded(join(dir, 'service'));
      child = served.child;
      remote = createRemoteClient({ serverUrl: served.url, token: () => served.token });
    },
    figure: async () => {
      const db = openMirror(join(dir, `mirror-${++run}.sqlite`));
      const start = now();
      const counts = await pullSubjects(db, remote);
      const elapsed = seconds(start);
      const synced = countByState(db).synced;
      db.close();
      if (counts.pulled < COUNT || synced !== counts.pulled || (total && counts.pulled !== total)) throw new Error(`the pull wrote ${synced} of ${counts.pulled} subjects (${total} on the service)`);
      return elapsed;
    },
    floor: async () => {
      const start = now();
      let seen = 0;
      for (let pending = searchSubjects(remote, { ...FILTERS, page: 1 }); ; ) {
        const answer = await pending;
        const next = nextSearchPage(answer);
        if (next !== null) pending = searchSubjects(remote, { ...FILTERS, page: next });
        seen += answer.subjects.length;
        total = answer.total ?? seen;
        if (next === null) break;
      }
      const elapsed = seconds(start);
      if (seen < COUNT) throw new Error(`the floor read only ${seen} subjects`);
      return elapsed;
    },
    teardown: async () => {
      remote?.close();
      if (child && child.exitCode === null) await new Promise((done) => child!.once('exit', done).kill('SIGTERM'));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
