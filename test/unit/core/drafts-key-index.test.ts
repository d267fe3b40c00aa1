import { describe, expect, it } from 'vitest';
import { DraftChecker } from '../../../src/core/drafts/checker';
import { KeyIndex } from '../../../src/core/drafts/key-index';
import { hashOf } from '../../../src/core/participants/first-seen';
import { buildCatalog } from '../../../src/core/participants/catalog';
import { parseParticipants } from '../../../src/core/participants/parser';
import type { DemographicEntryInput, ParticipantInput } from '../../../src/core/contract/imports';

const randomFrom = (start: number) => {
  let seed = start;
  return (n: number) => {
    // Exact in 32 bits (a plain product loses its low bits), read from the high bits (the low
    // bits of such a generator repeat with short periods).
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
};

describe('the rows per key of a draft', () => {
  const names = Array.from({ length: 300 }, (_, i) => `k${i}@example.com`);
  // Many keys in a table sized for none: it grows, and removals shift long probe runs back.
  // Few keys over few rows, homed at the smallest table's last and first slots (of 16), come
  // and go where probe runs wrap around its end.
  it.each([
    ['many keys', names, 400],
    ['keys at the end', names.filter((name) => [14, 15, 0].includes(hashOf(name) & 15)).slice(0, 7), 10],
  ])('always hold what a plain list per key holds, through growth and keys taken out and put back (%s)', (_, names, rowCount) => {
    const random = randomFrom(3);
    const keys = ['', ...names];
    const count = names.length;
    const index = new KeyIndex();
    const model = new Map<string, number[]>();
    const held: (string | undefined)[] = [];
    for (let step = 0; step < 20_000; step++) {
      const row = random(rowCount);
      const old = held[row];
      if (old !== undefined) {
        index.remove(old, row);
        model.set(old, (model.get(old) ?? []).filter((r) => r !== row));
        held[row] = undefined;
      }
      if (random(4) !== 0) {
        // Mostly any key, so the table holds many and their probe runs meet; now and then one of
        // the first ten, so those repeat in long lists.
        const key = keys[random(4) === 0 ? random(Math.min(10, keys.length)) : random(keys.length)];
        index.add(key, row);
        if (key !== '') model.set(key, [...(model.get(key) ?? []), row].sort((a, b) => a - b));
        held[row] = key;
      }
      if (count < 10 || step % 500 === 0 || step > 19_900) {
        for (const key of keys) {
          const rows = key === '' ? [] : (model.get(key) ?? []);
          expect([...index.members(key)], `${key} at step ${step}`).toEqual(rows);
          expect(index.first(key), `${key} at step ${step}`).toBe(rows[0]);
        }
      }
    }
  });
});

describe('the draft checker under edits of demographics and other columns', () => {
  it('equals a whole new check against a catalog, whether a row’s demographics changed or were kept', () => {
    const random = randomFrom(5);
    const catalog = buildCatalog([
      { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }] },
      { id: 2, name: 'Diet', exclusive: false, demographics: [{ id: 21, name: 'Vegan' }] },
    ]);
    const entries: DemographicEntryInput[] = [
      { demographic_category_name: 'Gender', demographic_name: 'Female' },
      { demographic_category_name: 'gender', demographic_name: 'male' },
      { demographic_category_name: 'Diet', demographic_name: 'Vegan' },
      { demographic_category_name: 'Diet', demographic_name: 'Keto', exclusive: true },
      { demographic_category_name: 'Age', demographic_name: '18-24' },
      { demographic_category_name: '', demographic_name: 'Vegan' },
    ];
    // Lists drawn anew each time, so an equal list is often another object.
    const demographics = (): DemographicEntryInput[] | undefined =>
      random(5) === 0 ? undefined : Array.from({ length: random(3) }, () => ({ ...entries[random(entries.length)] }));
    const locales = ['', 'de_DE', 'xx', 'en-us'];
    const rows: ParticipantInput[] = Array.from({ length: 30 }, (_, i) => ({ name: 'N', email: `p${i}@example.com`, demographics: demographics() }));
    const checker = new DraftChecker(rows, { catalog });
    for (let step = 0; step < 400; step++) {
      const changes = Array.from({ length: 1 + random(4) }, () => {
        const index = random(rows.length);
        const row = rows[index];
        const pick = random(4);
        rows[index] =
          pick === 0
            ? { ...row, demographics: demographics() }
            : pick === 1
              ? { ...row, demographics: row.demographics?.map((e) => ({ ...e })) }
              : { ...row, locale: locales[random(locales.length)], email: `p${random(40)}@example.com` };
        return { index, participant: rows[index] };
      });
      checker.replace(changes);
      const fresh = parseParticipants(rows, { catalog });
      for (let i = 0; i < rows.length; i++) expect(checker.at(i), `row ${i} at step ${step}`).toEqual(fresh[i]);
    }
  });
});
