/** The sync status's problem as the panel says it: Muster's own sentences in the page's language, the service's as they came. */
import { afterEach, describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/core/sync/failure';
import { statusErrorText } from '../../../src/renderer/features/sync/status-words';
import { i18n } from '../../../src/renderer/i18n';

const setLanguage = (language: 'en' | 'de' | 'fr') => void (i18n.global.locale.value = language);
const t = (key: string, params: Record<string, unknown>) => i18n.global.t(key, params);

describe('the sync status’s problem', () => {
  afterEach(() => setLanguage('en'));
  const refused = classifyFailure({ source: 'network', method: 'HEAD', code: 'ECONNREFUSED', sent: false });
  const status = { error: refused.message, errorWords: refused.words };

  it('is said in the page’s language from its words, and in English as the status keeps it', () => {
    expect(statusErrorText(status, t)).toBe(refused.message);
    setLanguage('de');
    expect(statusErrorText(status, t)).toBe('Keine Verbindung zum Dienst (Verbindung abgelehnt); er ist vielleicht nicht in Betrieb, oder die Serveradresse stimmt nicht.');
    setLanguage('fr');
    expect(statusErrorText(status, t)).not.toBe(refused.message);
  });

  it('quotes the service’s own words as they came, and keeps a sentence that has no words', () => {
    const said = classifyFailure({ source: 'http', method: 'GET', status: 422, body: { error: { code: 'x', message: 'Upstream {down} | @here' } } });
    setLanguage('de');
    expect(statusErrorText({ error: said.message, errorWords: said.words }, t)).toBe('Der Dienst hat die Anfrage abgelehnt (422). Der Dienst sagte: „Upstream {down} | @here“');
    expect(statusErrorText({ error: 'An older sentence.', errorWords: null }, t)).toBe('An older sentence.');
    expect(statusErrorText({ error: null, errorWords: refused.words }, t)).toBeNull();
  });
});
