import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOCALES } from '../../../../src/core/contract/imports';
import { canonicalLocale, DEFAULT_LOCALE } from '../../../../src/core/participants/locales';

/** The allowed values as the interface document lists them. */
const DOCUMENTED = (
  'ar_EG, bn_BN, cs_CS, de_DE, da_DA, el_EL, en_US, en_AU, en_GB, es_ES, et_EE, fi_FI, fr_FR, hi_IN, hu_HU, it_IT, ' +
  'ja_JP, ko_KR, ms_MY, nb_NO, nl_BE, pl_PL, pt_BR, ro_RO, ru_RU, sv_SE, tl_PH, tr_TR, uk_UA, vi_VI, zh_CN'
).split(', ');

describe('the locale list', () => {
  it('is exactly the interface document’s list, in its order', () => {
    expect([...LOCALES]).toEqual(DOCUMENTED);
    expect(new Set(LOCALES).size).toBe(31);
  });

  it('reads a blank locale as en_US', () => {
    expect(DEFAULT_LOCALE).toBe('en_US');
  });
});

describe('canonicalLocale round-trips every allowed locale', () => {
  const spellings = (l: string) => ({
    canonical: l,
    lower: l.toLowerCase(),
    upper: l.toUpperCase(),
    swapped: `${l.slice(0, 2).toUpperCase()}_${l.slice(3).toLowerCase()}`,
    hyphen: l.replace('_', '-'),
    hyphenLower: l.replace('_', '-').toLowerCase(),
    padded: `  ${l}\t`,
    paddedHyphen: ` ${l.replace('_', '-').toUpperCase()} `,
  });

  it.each([...LOCALES])('%s', (locale) => {
    for (const [how, spelling] of Object.entries(spellings(locale))) {
      expect(canonicalLocale(spelling), `${how}: ${JSON.stringify(spelling)}`).toBe(locale);
    }
  });
});

describe('canonicalLocale examples', () => {
  it.each([
    ['de-de', 'de_DE'],
    ['DE-de', 'de_DE'],
    [' DE_de ', 'de_DE'],
    ['pt-br', 'pt_BR'],
    ['zh_cn', 'zh_CN'],
  ])('%j → %s', (input, expected) => {
    expect(canonicalLocale(input)).toBe(expected);
  });

  it.each([
    ['blank (the parser, not canonicalLocale, defaults it)', ''],
    ['language only', 'de'],
    ['not in the list', 'de_AT'],
    ['unknown', 'xx_XX'],
    ['no separator', 'deDE'],
    ['space as separator', 'de DE'],
    ['dot as separator', 'de.DE'],
    ['two separators', 'de__DE'],
    ['two hyphens', 'de--DE'],
    ['mixed separators', 'de-_DE'],
    ['trailing separator', 'de_DE_'],
    ['leading hyphen', '-de_DE'],
    ['BCP 47 with script', 'zh-Hans-CN'],
    ['extra region', 'en_US_POSIX'],
    ['charset suffix', 'de_DE.UTF-8'],
    ['inner space', 'de _DE'],
    ['prefix match only', 'en_USA'],
    ['region first', 'US_en'],
  ])('rejects %s: %j', (_why, input) => {
    expect(canonicalLocale(input)).toBeNull();
  });

  it('never answers anything but an allowed locale', () => {
    const near = fc.string({ unit: fc.constantFrom('d', 'e', 'D', 'E', '_', '-', ' ', 'n', 'U', 'S', 'x'), maxLength: 8 });
    fc.assert(
      fc.property(fc.oneof(near, fc.string()), (input) => {
        const locale = canonicalLocale(input);
        if (locale !== null) {
          expect(LOCALES).toContain(locale);
          expect(input.trim().replace('-', '_').toLowerCase()).toBe(locale.toLowerCase());
        }
      }),
      { numRuns: 2000 },
    );
  });
});
