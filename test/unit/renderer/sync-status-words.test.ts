/** The sync status's problem as the panel says it: Muster's own sentences in the page's language, the service's as they came. */
import { afterEach, describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/core/sync/failure';
import { outboxTitleText, statusErrorText } from '../../../src/renderer/features/sync/status-words';
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

describe('an outbox change’s title', () => {
  afterEach(() => setLanguage('en'));
  const known = (key: string) => i18n.global.te(key);
  const push = { title: 'Create the import for event 4711 (Liste.csv)', titleWords: { step: 'import_create', form: 'draft' as const, params: { event: 4711, name: 'Liste.csv' } } };
  const subject = { title: 'Send the changes to subject 3 (Ada Lovelace)', titleWords: { step: 'subject_update', form: 'about' as const, params: { what: '3 (Ada Lovelace)' } } };

  it('is said in the page’s language from its words, and reads as the English title in English', () => {
    expect(outboxTitleText(push, t, known)).toBe(push.title);
    expect(outboxTitleText(subject, t, known)).toBe(subject.title);
    setLanguage('de');
    expect(outboxTitleText(push, t, known)).toBe('Import anlegen für Termin 4711 (Liste.csv)');
    expect(outboxTitleText(subject, t, known)).toBe('Änderungen senden an Proband 3 (Ada Lovelace)');
  });

  it('keeps the English title of a step the catalogs have no words for', () => {
    setLanguage('de');
    expect(outboxTitleText({ title: 'frobnicate 7', titleWords: { step: 'frobnicate', form: 'about', params: { what: 7 } } }, t, known)).toBe('frobnicate 7');
  });

  it('says a push held for the person’s decision in the page’s language', () => {
    setLanguage('fr');
    expect(statusErrorText({ error: 'Waiting for your decision: …', errorWords: [{ key: 'outbox.held' }] }, t)).toMatch(/^En attente de votre décision/);
  });
});
