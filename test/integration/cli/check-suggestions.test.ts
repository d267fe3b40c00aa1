/** `muster check` with suggested fixes: printed per participant, and made in an export. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/commands/check';
import { UsageError } from '../../../src/cli/errors';
import { messyCsv, messySheet } from '../../fixtures/messy-sheet';

const dir = mkdtempSync(join(tmpdir(), 'muster-check-suggestions-'));
const sheet = join(dir, 'messy.csv');
writeFileSync(sheet, messyCsv(messySheet(300)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  const out: string[] = [];
  try {
    const code = await checkCommand([...args, '--data', join(dir, 'data')], { out: (t) => void out.push(t), err: () => {} }, {});
    return { code, out: out.join(''), err: '' };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: error.exitCode, out: '', err: error.message };
  }
}

interface Printed {
  participants: { invalid_fields: string[]; suggestions: { field: string; from: string; to: string | string[]; reason: string }[] }[];
  summary: { invalid: number };
  notes: string[];
}
const json = async (args: string[]) => JSON.parse((await run([...args, '--json'])).out) as Printed;
const FIELD = /^(external_id|name|email|locale|note|demographics:.+)$/;

describe('muster check --json', () => {
  it('prints each participant’s suggestions as {field, from, to, reason}: one answer as text, a choice as a list', async () => {
    const printed = await json([sheet]);
    const all = printed.participants.flatMap((p) => p.suggestions);
    expect(all.some((s) => typeof s.to === 'string')).toBe(true);
    expect(all.some((s) => Array.isArray(s.to))).toBe(true);
    for (const s of all) {
      expect(Object.keys(s).sort()).toEqual(['field', 'from', 'reason', 'to']);
      expect(s.field).toMatch(FIELD);
      expect(s.reason).toMatch(/^\S.*[.?]$/);
    }
  });
});

describe('muster check --export OUT --apply-suggestions', () => {
  it('goes with --export only', async () => {
    expect(await run([sheet, '--apply-suggestions'])).toEqual({ code: 2, out: '', err: '--apply-suggestions goes with --export OUT: the list with the fixes made is written there.' });
  });

  it('writes the list with every one-answer suggestion made, saying how many of which', async () => {
    const before = await json([sheet]);
    const sure = before.participants.flatMap((p) => p.suggestions).filter((s) => typeof s.to === 'string');
    const out = join(dir, 'fixed.csv');
    const applied = await json([sheet, '--export', out, '--apply-suggestions']);
    const note = applied.notes.find((n) => n.startsWith('Applied'))!;
    expect(note).toMatch(new RegExp(`^Applied ${sure.length} suggestions \\(((1 (e-mail|locale|name|external id)|\\d+ (e-mails|locales|names|external ids))(, )?)+\\)\\. Wrote 300 rows with the fixes made`));
    const byGroup = [...note.matchAll(/(\d+) (e-mail|locale|name|external id)s?\b/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(byGroup).toBe(sure.length);

    // The written list, checked again, has nothing left with one right answer, and fewer invalid rows.
    const after = await json([out]);
    expect(after.participants.flatMap((p) => p.suggestions).filter((s) => typeof s.to === 'string')).toEqual([]);
    expect(after.summary.invalid).toBeLessThan(before.summary.invalid);
    const left = Number(/; (\d+) still ha(s|ve) invalid fields\.$/.exec(note)![1]);
    expect(after.summary.invalid).toBe(left);
  });

  it('tells a person reading the table that there are suggestions and how to make them', async () => {
    const { out } = await run([sheet]);
    expect(out).toMatch(/^Note: Suggested fixes: \d+ with one right answer and \d+ to choose from \(muster check --json lists them; --export OUT --apply-suggestions writes the list with the sure ones made\)\.$/m);
  });

  it('says in the language asked for why each fix is offered and what the fixes made', async () => {
    const english = await json([sheet]);
    const german = await json([sheet, '--lang', 'de']);
    const reasons = (printed: Printed) => printed.participants.flatMap((p) => p.suggestions.map((s) => s.reason));
    const [en, de] = [reasons(english), reasons(german)];
    expect(de.length).toBe(en.length);
    // The same reasons, every one worded in German: none is the English sentence, none shows a key.
    expect(de.filter((text, i) => text === en[i] || /[{}]|fixes\./.test(text))).toEqual([]);
    expect(de.some((text) => /^Die Domain \S+ ist ein häufiger Tippfehler für \S+\.$/.test(text))).toBe(true);

    const out = join(dir, 'fixed-de.csv');
    const applied = await json([sheet, '--export', out, '--apply-suggestions', '--lang', 'de']);
    expect(applied.notes.find((n) => / Vorschläge umgesetzt \((1 E-Mail-Adresse|\d+ E-Mail-Adressen), /.test(n))).toBeDefined();
  });
});
