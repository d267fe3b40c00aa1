import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { openMirrorFor } from '../../../src/services/mirror/open';
import { rememberCategory } from '../../../src/services/mirror/queries/imports/catalog';

const dir = mkdtempSync(join(tmpdir(), 'muster-check-event-'));
const data = join(dir, 'data');
const sheet = join(dir, 'list.csv');

beforeAll(() => {
  writeFileSync(sheet, 'E-Mail;Name;Geschlecht\nada@example.com;Ada;female\nbob@example.com;Bob;Male\ncy@example.com;Cy;Robot\n');
  const db = openMirrorFor(data, 'http://127.0.0.1:8787', 'default');
  rememberCategory(db, 4711, { id: 7, name: 'Gender', exclusive: true, demographics: [{ id: 70, name: 'Female' }, { id: 71, name: 'Male' }] });
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['check', sheet, '--json', '--data', data, ...args], { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, json: out.length > 0 ? JSON.parse(out.join('')) : null, err: err.join('') };
}

it('checks demographic columns against the catalog the mirror learned for --event', async () => {
  const { code, json } = await check(['--event', '4711']);
  expect(code).toBe(0);
  expect(json.columns[2].maps_to).toBe('demographic:Gender');
  expect(json.participants.map((p: { demographic_ids: number[] }) => p.demographic_ids)).toEqual([[70], [71], []]);
  expect(json.notes).toEqual([]);
});

it('finds the same catalog through the named service and account', async () => {
  const { json } = await check(['--event', '4711', '--server', 'http://127.0.0.1:8787/']);
  expect(json.participants[0].demographic_ids).toEqual([70]);
});

it('says so when the event’s catalog is not known here, and checks without it', async () => {
  const { code, json } = await check(['--event', '9999']);
  expect(code).toBe(0);
  expect(json.columns[2].maps_to).toBe('demographic:Geschlecht');
  expect(json.notes.join(' ')).toMatch(/catalog of event 9999 is not known/);
});

it('refuses --server without --event in one line', async () => {
  const { code, err } = await check(['--server', 'http://127.0.0.1:8787']);
  expect(code).toBe(2);
  expect(err).toMatch(/--server goes with --event/);
});
