import { describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/cli/language';

describe('the language muster check speaks', () => {
  it('is English when nothing says otherwise, or the locale is C or one Muster does not speak', () => {
    expect(languageOf(undefined, {})).toBe('en');
    expect(languageOf(undefined, { LANG: 'C.UTF-8' })).toBe('en');
    expect(languageOf(undefined, { LANG: 'POSIX' })).toBe('en');
    expect(languageOf(undefined, { LANG: 'it_IT.UTF-8' })).toBe('en');
  });

  it('follows LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them', () => {
    expect(languageOf(undefined, { LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(languageOf(undefined, { LANG: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8' })).toBe('fr');
    expect(languageOf(undefined, { LANG: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR', LC_ALL: 'es_ES.UTF-8' })).toBe('es');
    // A set variable decides even for a language Muster lacks: a person with LC_ALL=it_IT asked for Italian, not LANG's German.
    expect(languageOf(undefined, { LANG: 'de_DE.UTF-8', LC_ALL: 'it_IT.UTF-8' })).toBe('en');
    expect(languageOf(undefined, { LANG: 'de_DE.UTF-8', LC_ALL: '' })).toBe('de');
  });

  it('takes --lang over the environment, as a language or a locale, and refuses one it does not speak', () => {
    expect(languageOf('fr', { LANG: 'de_DE.UTF-8' })).toBe('fr');
    expect(languageOf('es_MX', {})).toBe('es');
    expect(languageOf('DE', {})).toBe('de');
    expect(() => languageOf('it', {})).toThrow('--lang takes en, de, fr, es, not "it".');
  });
});
