/**
 * Workbooks a coordinator is handed from other platforms and older tools, each read through
 * the same intake as an xlsx (worker, header row, mapping, checks) to the same participants;
 * decided by what the file holds, not its name.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppService } from '../../../../src/services/app/app-api';
import { checkFile } from '../../../../src/services/intake/check-file';
import { freePort } from '../../../support/ports';
import { OLDER_EXPECTED, OLDER_FORMAT_FILES, OLDER_FORMATS } from '../../../fixtures/older-formats';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-older-'));
  for (const file of OLDER_FORMAT_FILES) writeFileSync(join(dir, file), OLDER_FORMATS[file].build());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('older and other-platform workbooks', () => {
  it.each(OLDER_FORMAT_FILES)('%s reads to the same participants', async (file) => {
    const result = await checkFile(join(dir, file), { keepCells: true });
    expect(result.workbook!.format).toBe(OLDER_FORMATS[file].format);
    expect(result.header_row).toBe(1);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['external_id', 'name', 'email', 'locale']);
    expect(result.participants.map(({ external_id, name, email, locale }) => ({ external_id, name, email, locale }))).toEqual(OLDER_EXPECTED);
    expect(result.summary).toMatchObject({ total: 3, invalid: 1 });
  });

  it.each([
    ['a Lotus header with nothing after it', Uint8Array.from([0x00, 0x00, 0x02, 0x00, 0x06, 0x04])],
    ['a dBASE header cut short', Uint8Array.from([0x03, 0x7e, 0x01, 0x01, 0, 0, 0, 0, 0x41, 0, 0x20, 0, ...new Array(30).fill(0)])],
    ['binary noise named .wk1', Uint8Array.from({ length: 600 }, (_, i) => (i * 7919) % 256)],
  ])('says in a sentence that %s is no list', async (_what, bytes) => {
    const path = join(dir, 'broken.wk1');
    writeFileSync(path, bytes);
    const failure = await checkFile(path).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^The file (holds no data|is not a spreadsheet|could not be read as a spreadsheet|is damaged)/);
    expect((failure as Error).message).not.toMatch(/\n\s+at /);
  });

  it('opens in the app as a draft like any sheet (offline, through a grant)', async () => {
    const app = createAppService({ dataDir: join(dir, 'app') });
    try {
      await app.api['accounts.add']({ label: 'Lab', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
      for (const file of ['participants.numbers', 'participants.wk3', 'participants.dbf'] as const) {
        const page = await app.api['drafts.open']({ grant: app.grantFile(join(dir, file)).grant, externalEventId: 4711 });
        expect(page.draft).toMatchObject({ rows: 3, invalidRows: 1 });
        expect(page.rows.map((row) => row.cells.external_id)).toEqual(['0042', 'A-7', '0099']);
      }
    } finally {
      await app.close();
    }
  });
});
