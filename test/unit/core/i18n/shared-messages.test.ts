/**
 * The words core's data is said in: every code a mapping reason, a row problem or a sheet
 * note can carry has a sentence in every language, with the same parameters as English, and
 * the page and `muster check` say it from the same catalogs.
 */
import { syncHandlers } from '../../../../src/services/sync/handlers';
import { DISCARD_LOSS_CODES } from '../../../../src/services/usecases/outbox-loss';
import { REFUSAL_CODES } from '../../../../src/services/usecases/errors';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../src/core/contract/app-api-schemas/settings';
import {
  FIX_FIELDS, MAPPING_OUTCOMES, MAPPING_REASON_CODES, MATCH_HOWS, ROW_PROBLEM_KINDS, SHEET_NOTE_CODES, SUGGESTION_REASON_CODES,
} from '../../../../src/core/contract/vocabulary';
import { SHARED_MESSAGES } from '../../../../src/core/i18n';
import { CONCEPTS } from '../../../../src/core/intake/vocabulary';
import { classifyFailure, TRANSPORT_CODES } from '../../../../src/core/sync/failure';
import { mappingReasonText, type MappingReason } from '../../../../src/core/intake/mapping-reasons';
import { problemText } from '../../../../src/core/intake/problems';
import { INTAKE_WARNING_CODES, intakeWarningText, WARNING_LABELS, type IntakeWarning } from '../../../../src/core/intake/warning-words';
import { MESSAGES } from '../../../../src/renderer/i18n';
import { wordsFor } from '../../../../src/cli/language';

const lookup = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const paramsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Every key a code can reach, by the code's own list (not by the English catalog, which could miss one too). */
const CODE_KEYS = [
  ...MAPPING_REASON_CODES.filter((code) => code !== 'word').map((code) => `mapping.reasons.${code}`),
  ...MATCH_HOWS.map((how) => `mapping.how.${how}`),
  ...MAPPING_OUTCOMES.filter((outcome) => outcome !== 'plain').map((outcome) => `mapping.outcomes.${outcome}`),
  ...[...new Set(CONCEPTS.map((c) => c.label))].map((key) => `mapping.concepts.${key}`),
  ...ROW_PROBLEM_KINDS.map((kind) => `problems.${kind}`),
  ...SHEET_NOTE_CODES.map((code) => `sheetNotes.${code}`),
  ...TRANSPORT_CODES.map((code) => `transport.${code}`),
  ...INTAKE_WARNING_CODES.map((code) => `rowWarnings.${code}`),
  ...WARNING_LABELS.map((field) => `rowWarnings.labels.${field}`),
  'rowNotes.title', 'rowNotes.row', 'rowNotes.more',
  // Why each fix is suggested, what it changes, and how `muster check` lists and counts them.
  ...SUGGESTION_REASON_CODES.map((code) => `fixes.reasons.${code}`),
  ...FIX_FIELDS.map((field) => `fixes.fields.${field}`),
  ...FIX_FIELDS.map((field) => `fixes.counted.${field}`),
  'fixes.line_one', 'fixes.line_choose', 'fixes.applied', 'fixes.applied_none',
  // Every change the outbox can hold is named, in each of the title's forms.
  ...Object.keys(syncHandlers).map((kind) => `outbox.steps.${kind.replaceAll('.', '_')}`),
  'outbox.forms.draft', 'outbox.forms.step', 'outbox.forms.about', 'outbox.held',
  ...DISCARD_LOSS_CODES.map((code) => `outbox.discard.${code}`),
  // The use cases' refusals the page says in its language.
  ...REFUSAL_CODES.map((code) => `refusals.${code}`),
];

describe('the shared catalogs', () => {
  it('hold a sentence for every code in every language, with English’s parameters and no key more', () => {
    const missing: string[] = [];
    const params: string[] = [];
    for (const language of LANGUAGES) {
      for (const key of CODE_KEYS) {
        const text = lookup(SHARED_MESSAGES[language], key);
        if (typeof text !== 'string' || text.trim() === '') missing.push(`${language} ${key}`);
        else if (paramsOf(text).join() !== paramsOf(String(lookup(SHARED_MESSAGES.en, key))).join()) params.push(`${language} ${key}: ${paramsOf(text)}`);
      }
      expect(keysOf(SHARED_MESSAGES[language]).sort(), language).toEqual([...CODE_KEYS].sort());
    }
    expect(missing).toEqual([]);
    expect(params).toEqual([]);
  });

  it('are what the page’s catalogs hold, word for word', () => {
    for (const language of LANGUAGES) {
      for (const key of keysOf(SHARED_MESSAGES[language])) expect(lookup(MESSAGES[language], key), `${language} ${key}`).toBe(lookup(SHARED_MESSAGES[language], key));
    }
  });

  it('name each concept once: the vocabulary’s keys are the catalog’s', () => {
    expect(Object.keys(SHARED_MESSAGES.en.mapping.concepts).sort()).toEqual([...new Set(CONCEPTS.map((c) => c.label))].sort());
  });
});

describe('a reason said through the command line’s engine', () => {
  const reasons: MappingReason[] = [
    { code: 'word', how: 'typo', outcome: 'few_emails', params: { header: 'Emial', phrase: 'email', concept: 'email' } },
    { code: 'supplied_by', params: { column: 'A', header: 'E-mail', target: 'email' } },
    { code: 'categorical', params: { distinct: 2, rows: 1 } },
    { code: 'categorical', params: { distinct: 2, rows: 40 } },
  ];

  it('fills every parameter and names the concept in the language, never a key', () => {
    for (const language of LANGUAGES) {
      const { t } = wordsFor(language);
      for (const reason of reasons) {
        const text = mappingReasonText(t, reason);
        expect(text, `${language} ${reason.code}`).not.toMatch(/[{}]|mapping\./);
        for (const value of Object.values(reason.params ?? {})) if (!['email'].includes(String(value))) expect(text).toContain(String(value));
      }
    }
    expect(mappingReasonText(wordsFor('de').t, reasons[0])).toBe('„Emial“ sieht aus wie ein Tippfehler für „email“: die E-Mail-Adresse. Nur wenige Werte sehen aber wie E-Mail-Adressen aus.');
  });

  it('takes the plural form the language needs', () => {
    const { t } = wordsFor('fr');
    expect(mappingReasonText(t, reasons[2])).toContain('sur 1 ligne,');
    expect(mappingReasonText(t, reasons[3])).toContain('sur 40 lignes,');
    expect(mappingReasonText(wordsFor('en').t, reasons[2])).toContain('across 1 row,');
  });

  it('says a problem in English exactly as exports do, and in German with German numbers', () => {
    const english = wordsFor('en');
    for (const kind of ROW_PROBLEM_KINDS) {
      const problem = { kind, value: 'x@y', limit: 10_000, row: 4 };
      expect(problemText(problem, english.t, english.n)).toBe(problemText(problem));
    }
    const de = wordsFor('de');
    expect(problemText({ kind: 'name_too_long', limit: 10_000 }, de.t, de.n)).toBe('Der Name ist länger als 10.000 Zeichen.');
  });
});

describe('a failed call to the service', () => {
  it('is data the catalogs word in every language, and its English is the message logs and the outbox keep', () => {
    const failures = [
      classifyFailure({ source: 'network', method: 'POST', code: 'ECONNREFUSED', sent: false }),
      classifyFailure({ source: 'timeout', method: 'POST', sent: true }),
      classifyFailure({ source: 'http', method: 'POST', status: 502, body: { error: { code: 'bad_gateway', message: 'Upstream is down.' } } }),
      classifyFailure({ source: 'http', method: 'GET', status: 429, retryAfterMs: 41_500 }),
      classifyFailure({ source: 'bad_body', method: 'GET', status: 200, expected: 'a subject', problem: 'response.id should be an integer' }),
    ];
    for (const failure of failures) {
      const words = failure.words ?? [];
      expect(words.length).toBeGreaterThan(0);
      expect(words.map((w) => wordsFor('en').t(w.key, w.params)).join(' ')).toBe(failure.message);
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const text = words.map((w) => wordsFor(language).t(w.key, w.params)).join(' ');
        expect(text, language).not.toMatch(/transport\.|\{\w+\}/);
        expect(text, language).not.toBe(failure.message);
      }
    }
    // The service's own words are quoted as they came, whatever characters they hold.
    const odd = classifyFailure({ source: 'http', method: 'GET', status: 422, body: { error: { code: 'x', message: 'Upstream {down} | @here' } } });
    expect(odd.words!.map((w) => wordsFor('de').t(w.key, w.params)).join(' ')).toBe('Der Dienst hat die Anfrage abgelehnt (422). Der Dienst sagte: „Upstream {down} | @here“');
    expect(failures[3].words!.map((w) => wordsFor('fr').t(w.key, w.params)).join(' ')).toBe('Le service reçoit trop de requêtes ; la synchronisation reprend dans 42 s.');
  });
});

describe('a row warning', () => {
  const full = (code: IntakeWarning['code']): IntakeWarning => ({
    code, field: 'locale', value: 'de', options: ['de_DE', 'de_AT', 'de_CH'], columns: ['B', 'C', 'D'], headers: ['E-mail 2', 'E-mail'],
    known: ['Female', 'Male'], length: 12_345, max: 10_000, group: 'locale', to: 'de_DE',
  });

  it('is worded in every language with every parameter filled, and in English as the exports keep it', () => {
    for (const language of LANGUAGES) {
      const { t } = wordsFor(language);
      for (const code of INTAKE_WARNING_CODES) expect(intakeWarningText(full(code), t, language), `${language} ${code}`).not.toMatch(/[{}]|rowWarnings\./);
    }
    const english = (w: IntakeWarning) => intakeWarningText(w, wordsFor('en').t, 'en');
    expect(english(full('locale_hint'))).toBe('Locale “de” is not one the service knows; did you mean de_DE, de_AT or de_CH?');
    expect(english(full('too_long'))).toBe('Locale is 12,345 characters long; the service accepts at most 10,000.');
  });

  it('says its lists, numbers and field in the language', () => {
    const de = (w: IntakeWarning) => intakeWarningText(w, wordsFor('de').t, 'de');
    expect(de(full('locale_hint'))).toBe('„de“ ist keine Sprache, die der Dienst kennt; meinten Sie de_DE, de_AT oder de_CH?');
    expect(de(full('too_long'))).toBe('Sprache ist 12.345 Zeichen lang; der Dienst nimmt höchstens 10.000 an.');
    expect(de({ code: 'last_name_joined', field: 'name', columns: ['B', 'C', 'D'] })).toBe('Nachname aus den Spalten B, C und D zusammengesetzt.');
    // What a fix made is named by the field it fixed, in the language too.
    expect(de({ code: 'fix_made', group: 'email', value: 'ana@gmial.com', to: 'ana@gmail.com' })).toBe('Vorgeschlagene Korrektur vorgenommen: E-Mail-Adresse „ana@gmial.com“ → „ana@gmail.com“.');
    expect(de({ code: 'looks_like_formula', field: 'demographics', category: 'Gender', value: '=' })).toBe('Gender sieht wie eine Formel aus (beginnt mit „=“); bleibt als Text erhalten.');
  });
});
