/**
 * drafts.* of the app's services over a real mirror file: a sheet opened while the app is
 * closing is saved as a draft, but its session is not kept open behind the app's back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppService } from '../../../../src/services/app/app-api';
import { openMirrorFor } from '../../../../src/services/mirror/open';
import { freePort } from '../../../support/ports';

const dir = mkdtempSync(join(tmpdir(), 'muster-app-drafts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('opening a sheet as a draft', () => {
  it('saves the draft but keeps no session open once the app has closed', async () => {
    const dataDir = join(dir, 'app');
    const app = createAppService({ dataDir });
    const serverUrl = `http://127.0.0.1:${await freePort()}`;
    await app.api['accounts.add']({ label: 'Lab', serverUrl, token: 'a-token' });
    const sheet = join(dir, 'list.csv');
    writeFileSync(sheet, ['external_id;name;email', 'a1;Ada;ada@example.com'].join('\n'));
    const opening = app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: 4711 });
    await app.close();
    await expect(opening).rejects.toThrow(/closing.*saved/);
    // The draft is there for the next start, and the mirror is not held open by the app.
    const db = openMirrorFor(dataDir, serverUrl, 'default');
    try {
      expect(db.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });
});
