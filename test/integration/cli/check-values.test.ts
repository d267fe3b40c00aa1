import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { openMirrorFor } from '../../../src/services/mirror/open';
import { rememberCategory } from '../../../src/services/mirror/queries/imports/catalog';

const dir = mkdtempSync(join(tmpdir(), 'muster-check-values-'));
const data = join(dir, 'data');
const sheet = join(dir, 'list.csv');

beforeAll(() => {
  writeFileSync(sheet, 'E-Mail;Name;Geschlecht;Age Group\nada@example.com;Ada;Weiblich;18 - 24\nbob@example.com;Bob;m;30-40\ncy@example.com;Cy;Female;65 +\n');
  const db = openMirrorFor(data, 'http://127.0.0.1:8787', 'default');
  rememberCategory(db, 4712, { id: 7, name: 'Gender', exclusive: true, demographics: [{ id: 70, name: 'Female' }, { id: 71, name: 'Male' }] });
  rememberCategory(db, 4712, { id: 8, name: 'Age Group', exclusive: true, demographics: ['18-24', '25-34', '35-44', '65+'].map((name, i) => ({ id: 80 + i, name })) });
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(args: string[]) {
  const out: string[] = [];
  const code = await main(['check', sheet, '--json', '--data', data, ...args], { out: (t) => void out.push(t), err: () => undefined });
  return { code, json: JSON.parse(out.join('')) };
}

const demographicSuggestions = (json: { participants: { suggestions: { field: string; from: string; to: unknown }[] }[] }) =>
  json.participants.map((p) => p.suggestions.filter((s) => s.field.startsWith('demographics:')).map((s) => [s.field, s.from, s.to]));

it('suggests the event catalog values for each demographic value with --event, and never one across ranges', async () => {
  const { code, json } = await check(['--event', '4712']);
  expect(code).toBe(0);
  expect(demographicSuggestions(json)).toEqual([
    [['demographics:Gender', 'Weiblich', 'Female'], ['demographics:Age Group', '18 - 24', '18-24']],
    [['demographics:Gender', 'm', 'Male']],
    [['demographics:Age Group', '65 +', '65+']],
  ]);
});

it('suggests no demographic value without a catalog to match it to', async () => {
  const { json } = await check([]);
  expect(demographicSuggestions(json)).toEqual([[], [], []]);
});

it('writes the list with the catalog values made, and no longer warns of the values it fixed', async () => {
  const out = join(dir, 'fixed.csv');
  const { code, json } = await check(['--event', '4712', '--export', out, '--apply-suggestions']);
  expect(code).toBe(0);
  expect(json.notes.join(' ')).toMatch(/Applied 4 suggestions \(4 demographics\)/);
  const written = readFileSync(out, 'utf8');
  expect(written).toContain(',Female,18-24');
  expect(written).not.toMatch(/“Weiblich” is not one of|“18 - 24” is not one of|“m” is not one of/);
  // The value no catalog range equals is left as written, and still warned of.
  expect(written).toMatch(/“30-40” is not one of the event’s Age Group values/);
});
