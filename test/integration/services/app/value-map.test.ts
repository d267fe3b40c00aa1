/**
 * values.* over a real mirror file: a draft's demographic values beside the catalog the
 * mirror learned (with its age, as offline), the choices applied as one undo step and
 * remembered for the next list of the same event.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { openMirrorFor } from '../../../../src/services/mirror/open';
import { rememberCategory } from '../../../../src/services/mirror/queries/imports/catalog';
import { demographicSuggesterFor } from '../../../../src/services/usecases/value-map';
import type { UseCaseError } from '../../../../src/services/usecases/errors';
import { wordsFor } from '../../../../src/cli/language';
import { freePort } from '../../../support/ports';

const EVENT = 4720;
const LEARNED = Date.UTC(2026, 0, 2, 9, 30);
const dir = mkdtempSync(join(tmpdir(), 'muster-value-map-'));
let app: AppService;
let serverUrl: string;

const sheet = (name: string, rows: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, ['ID;Name;E-Mail;Gender;Age Group', ...rows].join('\n'));
  return file;
};
const open = async (file: string) => (await app.api['drafts.open']({ grant: app.grantFile(file).grant, externalEventId: EVENT })).draft.id;
const demographicsOf = async (draftId: number) => (await app.api['drafts.page'](draftId, {})).rows.map((r) => r.cells.demographics);

beforeAll(async () => {
  app = createAppService({ dataDir: join(dir, 'app') });
  // No service answers here: the catalog is the one the mirror last learned, as offline.
  serverUrl = `http://127.0.0.1:${await freePort()}`;
  await app.api['accounts.add']({ label: 'Lab', serverUrl, token: 'a-token' });
  const db = openMirrorFor(join(dir, 'app'), serverUrl, 'default');
  rememberCategory(db, EVENT, { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }] }, LEARNED - 60_000);
  rememberCategory(db, EVENT, { id: 2, name: 'Age Group', exclusive: true, demographics: ['18-24', '25-34', '35-44', '65+'].map((name, i) => ({ id: 21 + i, name })) }, LEARNED);
  db.close();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('matching a draft’s demographic values to the event’s catalog', () => {
  let draftId: number;

  it('lists each category’s distinct values with counts beside the catalog, with its age and a match where one is sure', async () => {
    draftId = await open(sheet('first.csv', ['a1;Ada;ada@example.com;Weiblich;18 - 24', 'a2;Bea;bea@example.com;weiblich;30-40', 'a3;Cy;cy@example.com;m;65 +', 'a4;Di;di@example.com;Female;25-34']));
    const map = await app.api['values.map'](draftId);
    expect(map.catalogLearnedAt).toBe(LEARNED);
    const gender = map.categories.find((c) => c.name === 'Gender')!;
    expect(gender.catalogValues).toEqual(['Female', 'Male']);
    expect(gender.values.map((v) => [v.value, v.count, v.known, v.suggestion])).toEqual([
      ['Weiblich', 2, false, { to: 'Female', how: 'word' }],
      ['m', 1, false, { to: 'Male', how: 'word' }],
      ['Female', 1, true, null],
    ]);
    const age = map.categories.find((c) => c.name === 'Age Group')!;
    expect(age.values.find((v) => v.value === '30-40')).toMatchObject({ suggestion: null, remembered: null });
  });

  it('applies every choice as one undo step, and undo puts every value back', async () => {
    const before = await demographicsOf(draftId);
    const applied = await app.api['values.apply'](draftId, [
      { category: 'Gender', value: 'Weiblich', choice: 'map', target: 'Female' },
      { category: 'Gender', value: 'm', choice: 'map', target: 'Male' },
      { category: 'Age Group', value: '18 - 24', choice: 'map', target: '18-24' },
      { category: 'Age Group', value: '65 +', choice: 'map', target: '65+' },
      { category: 'Age Group', value: '30-40', choice: 'clear' },
    ]);
    expect(applied.rowsChanged).toBe(3);
    expect(applied.change.draft.canUndo).toBe(true);
    expect(await demographicsOf(draftId)).toEqual(['Gender: Female; Age Group: 18-24', 'Gender: Female', 'Gender: Male; Age Group: 65+', 'Gender: Female; Age Group: 25-34']);
    await app.api['drafts.undo'](draftId);
    expect(await demographicsOf(draftId)).toEqual(before);
    await app.api['drafts.redo'](draftId);
    expect((await demographicsOf(draftId))[0]).toBe('Gender: Female; Age Group: 18-24');
  });

  it('offers the choices again for the next list of the same event', async () => {
    const next = await open(sheet('second.csv', ['b1;Eve;eve@example.com;WEIBLICH;30-40', 'b2;Flo;flo@example.com;x;18 - 24']));
    const map = await app.api['values.map'](next);
    const age = map.categories.find((c) => c.name === 'Age Group')!;
    expect(age.values.find((v) => v.value === '30-40')?.remembered).toEqual({ choice: 'clear', target: null });
    expect(age.values.find((v) => v.value === '18 - 24')?.remembered).toEqual({ choice: 'map', target: '18-24' });
    const gender = map.categories.find((c) => c.name === 'Gender')!;
    expect(gender.values.find((v) => v.value === 'WEIBLICH')?.remembered).toEqual({ choice: 'map', target: 'Female' });
    expect(gender.values.find((v) => v.value === 'x')).toMatchObject({ suggestion: null, remembered: null });
    // The suggestion engine is offered the same remembered matches for the event's drafts.
    const db = openMirrorFor(join(dir, 'app'), serverUrl, 'default');
    try {
      const suggest = demographicSuggesterFor(db, EVENT)!;
      expect(suggest('Gender', 'WEIBLICH')).toMatchObject({ to: ['Female'], sure: true });
      expect(suggest('gender', 'x')).toBeNull();
      expect(suggest('Age Group', '30-40')).toBeNull();
      expect(demographicSuggesterFor(db, 9999)).toBeNull();
    } finally {
      db.close();
    }
  });

  it('offers the catalog’s values among the workspace’s suggested fixes, and applies them as the other fixes', async () => {
    const next = await open(sheet('fourth.csv', ['d1;Hal;hal@example.com;Weiblich;65 +', 'd2;Ivy;ivy@example.com;Female;30-40']));
    const list = await app.api['suggestions.list'](next);
    const demographic = list.items.filter((item) => item.field.startsWith('demographics:'));
    expect(demographic.map((item) => [item.field, item.from, item.to])).toEqual([
      ['demographics:Gender', 'Weiblich', ['Female']],
      ['demographics:Age Group', '65 +', ['65+']],
    ]);
    await app.api['suggestions.applySure'](next, {});
    expect(await demographicsOf(next)).toEqual(['Gender: Female; Age Group: 65+', 'Gender: Female; Age Group: 30-40']);
  });

  it('leaves a value to be created as written, changing no row, and remembers that', async () => {
    const next = await open(sheet('third.csv', ['c1;Gus;gus@example.com;x;']));
    const applied = await app.api['values.apply'](next, [{ category: 'Gender', value: 'x', choice: 'create' }]);
    expect(applied).toMatchObject({ rowsChanged: 0, remembered: 1 });
    expect(applied.change.draft.canUndo).toBe(false);
    expect(await demographicsOf(next)).toEqual(['Gender: x']);
    const map = await app.api['values.map'](next);
    expect(map.categories[0].values[0].remembered).toEqual({ choice: 'create', target: null });
  });

  it('refuses, in a sentence, a match to a value the catalog does not have', async () => {
    const refused = (await app.api['values.apply'](draftId, [{ category: 'Gender', value: 'm', choice: 'map', target: 'Mann' }]).catch((e: unknown) => e)) as UseCaseError;
    expect(refused.message).toBe('“Mann” is not one of the event\'s Gender values.');
    // Said in the page's language from its words.
    expect(refused.words).toEqual([{ key: 'refusals.not_a_value', params: { target: 'Mann', category: 'Gender' } }]);
    const { t } = wordsFor('de');
    expect(t(refused.words![0].key, refused.words![0].params)).toBe('„Mann“ ist keiner der Gender-Werte des Termins.');
  });
});
