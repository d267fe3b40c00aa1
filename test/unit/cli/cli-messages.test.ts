/**
 * The command line's own words (src/cli/messages): every sentence in every language, with
 * English's parameters, so a German `muster status` never shows a key or an empty placeholder.
 */
import { expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/contract/app-api-schemas/settings';
import { CLI_MESSAGES } from '../../../src/cli/messages';
import { wordsFor } from '../../../src/cli/language';

function entries(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as object).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}
const paramsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join();

it('has each sentence in every language, with English’s parameters and no key more', () => {
  const english = new Map(entries(CLI_MESSAGES.en));
  for (const language of LANGUAGES) {
    const own = entries(CLI_MESSAGES[language]);
    expect(own.map(([key]) => key).sort(), language).toEqual([...english.keys()].sort());
    for (const [key, text] of own) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(paramsOf(text), `${language} ${key}`).toBe(paramsOf(english.get(key)!));
    }
  }
});

it('is said through the same engine as the shared catalogs, plural forms included', () => {
  for (const language of LANGUAGES) {
    const { t } = wordsFor(language);
    for (const [key, text] of entries(CLI_MESSAGES[language])) {
      const params = Object.fromEntries(paramsOf(text).split(',').filter(Boolean).map((name) => [name, `<${name}>`]));
      const said = t(`cli.${key}`, params, 2);
      expect(said, `${language} ${key}`).not.toMatch(/[{}]|^cli\./);
    }
  }
  expect(wordsFor('de').t('cli.check.rows', { n: '1' }, 1)).toBe('1 Zeile');
  expect(wordsFor('de').t('cli.check.rows', { n: '3' }, 3)).toBe('3 Zeilen');
});
