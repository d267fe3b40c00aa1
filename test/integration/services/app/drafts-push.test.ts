/**
 * drafts.push of the app's services over a real mirror file and the reference service: the
 * push takes the open draft's rows as the grid checked them, and the draft stays open, so
 * neither the push nor the grid's next page parses the rows again. The parser is counted
 * through a pass-through wrapper; what it answers is the real parser's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { freePort } from '../../../support/ports';
import { freshEvent } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';

const parsed = vi.hoisted(() => ({ rows: 0 }));
vi.mock('../../../../src/core/participants/parser', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/core/participants/parser')>();
  return {
    ...real,
    parseParticipant: (...args: Parameters<typeof real.parseParticipant>) => {
      parsed.rows++;
      return real.parseParticipant(...args);
    },
    parseParticipants: (...args: Parameters<typeof real.parseParticipants>) => {
      parsed.rows += args[0].length;
      return real.parseParticipants(...args);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'muster-app-drafts-push-'));
const sheet = join(dir, 'list.csv');
const ROWS = ['a1;Ada;ada@example.com', 'b2;Bo;bo@example.com', 'c3;Cy;cy@example.com'];
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ dataDir: join(dir, 'service') });
  writeFileSync(sheet, ['external_id;name;email', ...ROWS].join('\n'));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function appOn(name: string, serverUrl: string, token: string): Promise<AppService> {
  const app = createAppService({ dataDir: join(dir, name) });
  await app.api['accounts.add']({ label: 'Lab', serverUrl, token });
  return app;
}

describe('pushing the open draft', () => {
  it('sends it without parsing its rows again, and the grid reads them afterwards from the same open draft', async () => {
    const app = await appOn('online', service.url, service.token);
    try {
      const event = freshEvent(service);
      await app.api['events.add']({ externalEventId: event.external_event_id });
      const opened = await app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: event.external_event_id });
      expect(opened.draft.rows).toBe(ROWS.length);
      const pushed = await app.api['drafts.push'](opened.draft.id, {});
      expect(pushed).toMatchObject({ state: 'pushed', actionStatus: 'completed', created: ROWS.length });
      parsed.rows = 0;
      const page = await app.api['drafts.page'](opened.draft.id, {});
      expect(page.draft.state).toBe('pushed');
      expect(page.rows.map((row) => row.cells.external_id)).toEqual(ROWS.map((row) => row.split(';')[0]));
      expect(parsed.rows).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('saves it at once when nothing answers, says why in the client’s words, and parses nothing', async () => {
    const app = await appOn('offline', `http://127.0.0.1:${await freePort()}`, 'a-token');
    try {
      await app.api['events.add']({ externalEventId: 501 });
      const opened = await app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: 501 });
      parsed.rows = 0;
      const pushed = await app.api['drafts.push'](opened.draft.id, {});
      expect(pushed.state).toBe('pushing');
      expect(pushed.error).toMatch(/^Could not connect to the service \(connection refused\)/);
      const page = await app.api['drafts.page'](opened.draft.id, {});
      expect(page.draft.state).toBe('pushing');
      expect(parsed.rows).toBe(0);
    } finally {
      await app.close();
    }
  });
});
