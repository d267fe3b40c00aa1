import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../src/core/contract/locales';
import { localeSuggestions } from '../../../../src/core/intake/locale-hint';
import { localeFinding } from '../../../../src/core/suggestions';

describe('locale suggestions', () => {
  it('leaves every locale the parser reads alone, whatever its case and separator', () => {
    for (const locale of LOCALES) {
      for (const written of [locale, locale.toLowerCase(), locale.toUpperCase(), locale.replace('_', '-')]) expect(localeFinding(written)).toBeNull();
    }
    expect(localeFinding('EN_us')).toBeNull();
  });

  it.each([
    ['de', 'de_DE'], ['DE', 'de_DE'], ['fr', 'fr_FR'], ['pt', 'pt_BR'], ['no', 'nb_NO'], ['fil', 'tl_PH'], ['cz', 'cs_CS'],
    ['cs_CZ', 'cs_CS'], ['da_DK', 'da_DA'], ['el_GR', 'el_EL'], ['vi_VN', 'vi_VI'], ['bn_BD', 'bn_BN'], ['cs-cz', 'cs_CS'],
    ['en_UK', 'en_GB'], ['no_NO', 'nb_NO'], ['de_DE.UTF-8', 'de_DE'], ['zh-Hans-CN', 'zh_CN'], ['en US', 'en_US'],
  ])('the code %j is %s', (written, locale) => {
    expect(localeFinding(written)).toMatchObject({ to: [locale], sure: true, kind: 'locale-code' });
  });

  it.each([
    ['Deutsch', 'de_DE'], ['German', 'de_DE'], ['allemand', 'de_DE'], ['alemán', 'de_DE'],
    ['français', 'fr_FR'], ['Französisch', 'fr_FR'], ['Español', 'es_ES'], ['Spanisch', 'es_ES'],
    ['English (UK)', 'en_GB'], ['British English', 'en_GB'], ['Englisch (USA)', 'en_US'], ['inglés (Estados Unidos)', 'en_US'],
    ['anglais (Royaume-Uni)', 'en_GB'], ['English - Australia', 'en_AU'], ['Português (Brasil)', 'pt_BR'],
    ['Nederlands', 'nl_BE'], ['svenska', 'sv_SE'], ['Türkçe', 'tr_TR'], ['čeština', 'cs_CS'], ['Ελληνικά', 'el_EL'],
    ['русский', 'ru_RU'], ['日本語', 'ja_JP'], ['Tiếng Việt', 'vi_VI'], ['Franzözisch', 'fr_FR'],
  ])('the name %j is %s', (written, locale) => {
    expect(localeFinding(written)).toMatchObject({ to: [locale], sure: true, kind: 'locale-name' });
  });

  it('lets a person choose among the service’s English locales for a bare English, en_US first', () => {
    for (const written of ['English', 'en', 'EN', 'anglais', 'Englisch']) {
      const found = localeFinding(written)!;
      expect(found.sure).toBe(false);
      expect(found.to).toEqual(['en_US', 'en_AU', 'en_GB']);
    }
  });

  it('does not guess between the United Kingdom and Ukrainian', () => {
    expect(localeFinding('UK')).toMatchObject({ to: ['en_GB', 'uk_UA'], sure: false });
  });

  it('offers the nearest locales for a region the service lacks, as the check’s hint does', () => {
    for (const written of ['de_AT', 'fr-CA', 'en_CA', 'es_MX', 'pt_PT']) {
      const found = localeFinding(written)!;
      expect(found).toMatchObject({ sure: false, kind: 'locale-region' });
      expect([...found.to].sort()).toEqual([...localeSuggestions(written)].sort());
    }
  });

  it('is silent on what names no language, or two', () => {
    for (const junk of ['xx', 'Klingon', 'foo_BAR', '42', 'Deutch']) expect(localeFinding(junk)).toBeNull();
  });
});
