import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParticipantInput } from '../../../../src/core/contract/imports';
import { LOCALES } from '../../../../src/core/contract/locales';
import { parseParticipant } from '../../../../src/core/participants/parser';
import { applySure, PROVIDER_DOMAINS, slipDistance, suggestFixes, SuggestMemo } from '../../../../src/core/suggestions';

const BASE = { external_id: 'X1', name: 'Ana Lima', email: 'ana@example.org', locale: 'de_DE', note: '' };
const letters = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });
const providerLabels = [...new Set(PROVIDER_DOMAINS.map((d) => d.split('.')[0]))];

/** Slips a finger makes on a word: a neighbour key, two letters swapped, one left out or doubled. */
const slipped = (word: string) =>
  fc.tuple(fc.nat(word.length - 1), fc.constantFrom('swap', 'drop', 'double', 'near')).map(([i, how]) => {
    const near: Record<string, string> = { m: 'n', o: 'i', a: 's', e: 'r', l: 'k', c: 'v', i: 'o', t: 'r', h: 'j', y: 'u' };
    if (how === 'swap' && i + 1 < word.length) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (how === 'drop') return word.slice(0, i) + word.slice(i + 1);
    if (how === 'double') return word.slice(0, i) + word[i] + word.slice(i);
    return word.slice(0, i) + (near[word[i]] ?? word[i]) + word.slice(i + 1);
  });

const messyEmail = fc.oneof(
  fc.tuple(letters(1, 8), fc.constantFrom(...PROVIDER_DOMAINS)).chain(([local, domain]) => slipped(domain).map((d) => `${local}@${d}`)),
  fc.tuple(letters(1, 8), letters(2, 10), fc.constantFrom('<', 'mailto:', ' (at) ', ' at ', ' @ ', '.', '\u200b', '\u00a0', ',')).map(([local, label, wrap]) =>
    wrap === '<' ? `${local} <${local}@${label}.de>` : wrap === 'mailto:' ? `mailto:${local}@${label}.de` : wrap === '.' ? `${local}@${label}.de.` : wrap === ',' ? `${local}@${label},de` : `${local}${wrap.trim() === '' ? wrap + '@' : wrap}${label}.de`,
  ),
  fc.string({ maxLength: 20 }),
);
const messyLocale = fc.oneof(
  fc.constantFrom('Deutsch', 'German', 'français', 'Español', 'English (UK)', 'English', 'de', 'DE', 'cs_CZ', 'da_DK', 'el_GR', 'vi_VN', 'de_AT', 'UK', 'zh-Hans-CN', 'no', 'Norsk', 'ελληνικά'),
  fc.tuple(fc.constantFrom(...LOCALES), fc.constantFrom('-', ' ', '.')).map(([l, sep]) => l.replace('_', sep)),
  fc.string({ maxLength: 12 }),
);
const messyText = fc.tuple(letters(1, 6), letters(1, 6), fc.constantFrom('  ', '\u00a0', '\u200b', ' ', '\t')).map(([a, b, gap]) => ` ${a}${gap}${b} `);
const messyId = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.nat(99_999), fc.integer({ min: 4, max: 12 })).map(([d, frac, e]) => `${d}.${frac}E+${String(e).padStart(2, '0')}`),
  fc.nat(99_999).map(String),
  messyText,
);
const messyRow = fc.record({ external_id: messyId, name: messyText, email: messyEmail, locale: messyLocale, note: messyText });

describe('suggestions and the shared parser', () => {
  it('every answer a suggestion offers for a value passes the parser for that field', () => {
    let offered = 0;
    fc.assert(
      fc.property(fc.array(messyRow, { minLength: 1, maxLength: 30 }), (rows) => {
        const found = suggestFixes(rows);
        for (const suggestions of found) {
          for (const s of suggestions) {
            if (s.kind === 'repeat') continue;
            offered++;
            for (const to of s.sure ? s.to.slice(0, 1) : s.to) {
              const parsed = parseParticipant({ ...BASE, [s.field]: to }, 1);
              expect(parsed.invalid_fields, `${s.field} ${JSON.stringify(s.from)} → ${JSON.stringify(to)}`).not.toContain(s.field);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
    // The generators are meant to make mess: a run that offered (almost) nothing proved nothing.
    expect(offered).toBeGreaterThan(1_000);
  });

  it('a list with its sure suggestions applied gets no sure suggestion again', () => {
    fc.assert(
      fc.property(fc.array(messyRow, { minLength: 1, maxLength: 30 }), (rows) => {
        const found = suggestFixes(rows);
        const fixed = rows.map((row, i) => applySure(row, found[i]));
        const again = suggestFixes(fixed).flat().filter((s) => s.sure);
        expect(again).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * A domain that is nobody's provider: far from every provider name, measured the way the
 * suggester weighs slips (a neighbour key costs half), since plain edit distance let
 * `lufloo` through, a slip of `outlook`.
 */
const ownDomain = fc
  .tuple(letters(3, 10), fc.constantFrom('de', 'com', 'org', 'net', 'fr', 'es', 'co.uk'))
  .filter(([label]) => providerLabels.every((p) => slipDistance(label, p) > 2))
  .map(([label, tld]) => `${label}.${tld}`);
const word = fc.tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTUVWZÄÖÜ'), letters(1, 8)).map(([a, b]) => a + b);

const cleanList = fc
  .record({
    rows: fc.array(
      fc.record({ name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')), local: letters(1, 10), domain: fc.oneof(ownDomain, fc.constantFrom(...PROVIDER_DOMAINS)), locale: fc.constantFrom('', ...LOCALES), note: fc.array(word, { maxLength: 4 }).map((w) => w.join(' ')) }),
      { minLength: 1, maxLength: 40 },
    ),
    ids: fc.constantFrom('padded', 'plain', 'letters', 'none'),
  })
  .map(({ rows, ids }): ParticipantInput[] =>
    rows.map((r, i) => ({
      external_id: ids === 'padded' ? String(i + 1).padStart(6, '0') : ids === 'plain' ? String(1000 + i) : ids === 'letters' ? `P-${i + 1}` : '',
      name: r.name,
      // Each person their own address: the same one twice would be a repeat.
      email: `${r.local}.${i}@${r.domain}`,
      locale: r.locale,
      note: r.note,
    })),
  );

describe('a clean list', () => {
  it('gets no suggestion', () => {
    fc.assert(
      fc.property(cleanList, (rows) => {
        for (const row of rows) expect(parseParticipant(row, 1).invalid_fields).toEqual([]);
        expect(suggestFixes(rows).flat()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a list found again with what the last finding kept', () => {
  it('gets what a fresh finding gets, edit after edit (rows replaced, repeated, added, removed)', () => {
    const edit = fc.tuple(fc.nat(), fc.constantFrom('replace', 'repeat', 'add', 'remove'), messyRow);
    fc.assert(
      fc.property(fc.array(messyRow, { minLength: 1, maxLength: 20 }), fc.array(edit, { maxLength: 8 }), (start, edits) => {
        const memo = new SuggestMemo();
        let rows: ParticipantInput[] = start;
        expect(suggestFixes(rows, { memo })).toEqual(suggestFixes(rows));
        for (const [at, how, row] of edits) {
          rows = rows.slice();
          const i = at % rows.length;
          // Rows added or removed move the ones after them to other places.
          if (how === 'replace') rows[i] = row;
          else if (how === 'repeat') rows[i] = { ...rows[(i + 1) % rows.length] };
          else if (how === 'add') rows.splice(i, 0, row);
          else if (rows.length > 1) rows.splice(i, 1);
          expect(suggestFixes(rows, { memo })).toEqual(suggestFixes(rows));
        }
      }),
      { numRuns: 200 },
    );
  });
});
