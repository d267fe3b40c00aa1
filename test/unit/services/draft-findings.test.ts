import { describe, expect, it } from 'vitest';
import { DraftChecker } from '../../../src/core/drafts/checker';
import { buildCatalog } from '../../../src/core/participants/catalog';
import { rowWarningsOf } from '../../../src/core/intake/row-warnings';
import { DraftFindings } from '../../../src/services/usecases/draft-findings';
import type { ParticipantInput } from '../../../src/core/contract/imports';

const randomFrom = (start: number) => {
  let seed = start;
  return (n: number) => {
    // Exact in 32 bits, read from the high bits (see drafts-key-index.test.ts).
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
};

// Values that warn (formulas, HTML, mangled ids, invisible characters, locale hints) and values that do not.
const POOL = {
  external_id: ['a1', '1.23E+05', '=HYPERLINK(1)', '1234567890123456000', ''],
  name: ['Ada', '<b>Ada</b>', '+Ada', 'Ada &amp; Bo'],
  email: ['a@example.com', 'b@example.com', 'a\u200b@example.com', '@cmd'],
  locale: ['en_US', '', 'de', 'xx', 'fr-FR'],
  note: ['', 'fine', '=1+A1', '<i>x</i>'],
} as const;
const DEMOGRAPHICS = [
  undefined,
  [{ demographic_category_name: 'Gender', demographic_name: 'Female' }],
  [{ demographic_category_name: 'Gender', demographic_name: 'Unknown' }],
  [{ demographic_category_name: 'Shoe', demographic_name: '=42' }],
];
const FIELDS = Object.keys(POOL) as (keyof typeof POOL)[];

describe('a draft’s findings under edits', () => {
  it('always hold each row’s warnings and groups as worked out anew, whichever columns an edit changed', () => {
    const random = randomFrom(21);
    const catalog = buildCatalog([{ id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }] }]);
    // Mostly a quiet value, so that rows often have no warnings and their quiet columns are skipped.
    const draw = (field: keyof typeof POOL) => POOL[field][random(2) === 0 ? 0 : random(POOL[field].length)];
    const drawDemographics = () => DEMOGRAPHICS[random(2) === 0 ? 1 : random(DEMOGRAPHICS.length)];
    const rows: { participant: ParticipantInput }[] = Array.from({ length: 30 }, () => ({
      participant: { external_id: draw('external_id'), name: draw('name'), email: draw('email'), locale: draw('locale'), note: draw('note'), demographics: drawDemographics() },
    }));
    const checker = new DraftChecker(
      rows.map((r) => r.participant),
      { catalog },
    );
    const findings = new DraftFindings((i) => rows[i], checker, catalog, rows.length);
    for (let step = 0; step < 500; step++) {
      const changes = Array.from({ length: 1 + random(3) }, () => {
        const index = random(rows.length);
        const was = rows[index].participant;
        // One column, sometimes two, sometimes none (the same values in a new row object).
        const participant = { ...was };
        for (let n = random(3); n > 0; n--) {
          const at = random(FIELDS.length + 1);
          if (at === FIELDS.length) participant.demographics = drawDemographics();
          else participant[FIELDS[at]] = draw(FIELDS[at]);
        }
        rows[index] = { participant };
        return { index, participant };
      });
      for (const i of checker.replace(changes)) findings.changed(i);
      for (let i = 0; i < rows.length; i++) {
        expect(findings.warningsAt(i), `row ${i} at step ${step}`).toEqual(rowWarningsOf(rows[i].participant, checker.at(i), catalog));
      }
      const fresh = new DraftFindings((i) => rows[i], new DraftChecker(rows.map((r) => r.participant), { catalog }), catalog, rows.length);
      // Groups of as many rows and the same kind (in two columns) come in no set order.
      const counted = (f: DraftFindings) => f.groups().map((g) => `${g.level} ${g.kind} ${g.field} ${g.rows}`).sort();
      expect(counted(findings), `groups at step ${step}`).toEqual(counted(fresh));
    }
  });
});
