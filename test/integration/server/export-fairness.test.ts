import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertHousehold } from '../../../src/server/store/households';
import { insertSubject } from '../../../src/server/store/subjects';
import { startTestService, type TestService } from '../../support/service';

// A large export of one company does not hold up another company's requests.
let service: TestService;
const COUNT = 6000;
beforeAll(async () => {
  service = await startTestService();
  const db = service.context.db;
  const at = new Date();
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const household = insertHousehold(db, 1, { city: 'Berlin' });
      insertSubject(db, 1, household, { first_name: `Bulk${i}`, last_name: 'Export', email: `bulk${i}@example.com` }, at);
    }
  })();
});
afterAll(() => service.close());

it('answers another company’s search while one company’s export of thousands of subjects runs', async () => {
  const exporter = service.client();
  const other = service.client(service.otherToken);
  const events: string[] = [];
  const exported = exporter.post('/api/v1/subjects/export', { include_archived: true }).then((answer) => {
    events.push('export done');
    return answer;
  });
  // Wait until the export holds its turn, then search as the other company.
  while (service.context.heavy.load.running === 0) await new Promise((r) => setImmediate(r));
  const searched = await other.post('/api/v1/subjects/search', { per: 5 });
  events.push('other search answered');
  expect(searched.status).toBe(200);
  const answer = await exported;
  expect(answer.status).toBe(201);
  expect(events).toEqual(['other search answered', 'export done']);
});
