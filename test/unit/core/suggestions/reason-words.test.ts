/**
 * A suggested fix's reason is data the shared catalogs word: every code the engine gives is
 * reached by a real value here, and each is said in every language with its parameters
 * filled, in German in German words.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../src/core/contract/app-api-schemas/settings';
import {
  appliedSentence, emailFinding, localeFinding, matchReason, suggestFixes, suggestionReasonText, SUGGESTION_REASON_CODES, type Suggestion, type SuggestionReason,
} from '../../../../src/core/suggestions';
import { wordsFor } from '../../../../src/cli/language';

const row = (values: Record<string, unknown>) => ({ name: 'A', email: 'a@x.de', ...values });
const column = (ids: string[], emails = ids.map((_, i) => `p${i}@x.de`)) => ids.map((external_id, i) => ({ external_id, name: `P${i}`, email: emails[i] }));

/** Each kind of suggestion, found by the engine for a value that calls for it. */
function found(): SuggestionReason[] {
  const emails = [
    'Ana <ana@x.de>', 'mailto:ana@x.de', 'ana (at) x (dot) de', '"ana@x.de",', 'ana @ x.de', 'ana@@x.de', 'ana@x.de.', 'ana@x,de', 'ana@x\u200b.de', ' ana@x.de',
    'ana@gmial.com', 'ana@hotmail', 'ana@gmailcom', 'ana@gmal', 'ana@gmx.cm', 'a@x.de; b@y.de',
  ].map(emailFinding);
  const locales = ['cs_CZ', 'de_de.UTF-8', 'en_XY', 'ja', 'en', 'uk', 'us', 'Japanese', 'English (UK)', 'Spansh', 'Englsh', 'de_DE\u200b', 'de_DEE'].map(localeFinding);
  const rows = suggestFixes([
    row({ name: 'Ana\u00a0Lima' }), row({ name: 'Ana  Lima ' }), row({ name: 'Ana\tLima' }), row({ external_id: '1.23456E+05' }), row({ external_id: '1.23E+05' }),
    // A repeat that adds and loses, and one that neither adds nor loses.
    row({ external_id: 'r1', name: 'Ana', email: 'ana@x.de' }), row({ external_id: 'r1', name: 'Ana L.', email: 'ana@x.de', locale: 'de_DE', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'w' }] }),
    row({ external_id: 'r2', name: 'Bo', email: 'bo@x.de' }), row({ external_id: 'r2', name: 'Bo', email: 'bo@x.de' }),
  ]).flat();
  const ids = [...suggestFixes(column(['00123', '00456', '789', '01234', '05678'])), ...suggestFixes(column(['00123', '00456', '789', '01234', '00789']))].flat();
  const demographic = (['remembered', 'range', 'word', 'same'] as const).map((how) => matchReason(how, 'Gender', 'Female'));
  return [...emails, ...locales].map((f) => f!.reason).concat(rows.map((s) => s.reason), ids.map((s) => s.reason), demographic);
}

const codesIn = (reason: SuggestionReason): string[] => [
  reason.code,
  ...Object.values(reason.params ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value])).flatMap((v) => (typeof v === 'object' ? codesIn(v as SuggestionReason) : [])),
];
/** The text from the sheet a reason names: every part of it must be in the sentence. */
const textsIn = (reason: SuggestionReason): string[] =>
  Object.entries(reason.params ?? {}).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => {
    if (typeof v === 'object') return textsIn(v as SuggestionReason);
    return typeof v === 'string' && !['field', 'language'].includes(name) ? [v] : [];
  }));

describe('a suggested fix’s reason', () => {
  const reasons = found();

  it('reaches every code the catalogs word', () => {
    expect(new Set(reasons.flatMap(codesIn))).toEqual(new Set(SUGGESTION_REASON_CODES));
  });

  it('is said in every language with every parameter filled', () => {
    for (const language of LANGUAGES) {
      const { t } = wordsFor(language);
      for (const reason of reasons) {
        const text = suggestionReasonText(reason, t, language);
        expect(text, `${language} ${reason.code}`).not.toMatch(/[{}]|fixes\./);
        for (const value of textsIn(reason)) expect(text, `${language} ${reason.code}`).toContain(value);
      }
    }
  });

  it('says each kind in German in German words, names and lists', () => {
    const de = (reason: SuggestionReason) => suggestionReasonText(reason, wordsFor('de').t, 'de');
    expect(de(emailFinding('ana (at) x (dot) de')!.reason)).toBe('„at“ als @ geschrieben; „dot“ als Punkt geschrieben.');
    expect(de(emailFinding('Ana <ana@gmial.com>')!.reason)).toBe('Die Adresse aus den spitzen Klammern genommen; die Domain gmial.com ist ein häufiger Tippfehler für gmail.com.');
    expect(de(localeFinding('en_XY')!.reason)).toBe('Der Dienst hat keine Sprache Englisch für die Region XY; am nächsten sind en_US, en_AU und en_GB.');
    expect(de(localeFinding('de_DEE')!.reason)).toBe('Der Dienst kennt die Sprache „de_DEE“ nicht; meinten Sie de_DE?');
    expect(de(suggestFixes([row({ name: 'Ana  Lima ' })])[0][0].reason)).toBe('Der Wert enthält doppelte Leerzeichen und Leerzeichen am Anfang oder Ende; niemand sieht das, aber der Dienst vergleicht es mit.');
    expect(de(suggestFixes([row({ external_id: '1.23E+05' })])[0][0].reason)).toBe(
      'Die Tabelle hat die ID in wissenschaftlicher Schreibweise gezeigt und nur 3 ihrer 6 Stellen behalten; 123000 ist die nächste Lesart, aber schlagen Sie das Original nach.',
    );
    expect(de(matchReason('word', 'Geschlecht', 'weiblich'))).toBe('Der Wert bedeutet den Geschlecht-Wert „weiblich“ des Termins; so geschrieben würde der Dienst ihn dem Termin als neuen Wert hinzufügen.');
    const [, repeat] = suggestFixes([row({ external_id: '7', name: 'Ana' }), row({ external_id: '7', name: 'Ana L.', locale: 'de_DE' })]);
    expect(de(repeat[0].reason)).toBe(
      'Wiederholt Zeile 1 (dieselbe externe ID). Zusammenführen behält die Werte von Zeile 1 und ergänzt aus dieser Zeile Sprache de_DE; Entfernen verwirft Sprache de_DE. So oder so wird Name „Ana L.“ dieser Zeile zugunsten von Zeile 1 verworfen.',
    );
  });

  it('reads in English with the locale named as the grid’s column names it', () => {
    const en = (reason: SuggestionReason) => suggestionReasonText(reason, wordsFor('en').t, 'en');
    expect(en(emailFinding('Ana <ana@gmial.com>')!.reason)).toBe('Took the address out of the angle brackets; the domain gmial.com is a common slip of gmail.com.');
    expect(en(localeFinding('cs_CZ')!.reason)).toBe('The service spells the Czech (CZ) locale as cs_CS.');
    expect(en(localeFinding('de_DEE')!.reason)).toBe('The service does not know the locale “de_DEE”; did you mean de_DE?');
  });
});

describe('what was applied, counted', () => {
  const sure = (field: Suggestion['field'], k: number): Suggestion => ({ field, from: `v${k}`, to: [`w${k}`], kind: 'email-domain', sure: true, reason: { code: 'email_tidied' } as Suggestion['reason'] });
  it('says each field’s count with its plural', () => {
    const applied = [sure('email', 1), sure('email', 2), sure('locale', 3)];
    const de = wordsFor('de');
    expect(appliedSentence(applied, de.t, de.n)).toBe('3 Vorschläge umgesetzt (2 E-Mail-Adressen, 1 Sprache).');
    const en = wordsFor('en');
    expect(appliedSentence(applied.slice(2), en.t, en.n)).toBe('Applied 1 suggestion (1 locale).');
  });
});
