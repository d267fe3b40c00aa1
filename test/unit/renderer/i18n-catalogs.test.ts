/**
 * Every word the renderer shows comes from the message catalogs: a key used in the code
 * exists in English, every language has exactly English's keys, and no template holds
 * text of its own (a string typed straight into a template would reach a German user in
 * English).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@vue/compiler-sfc';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/renderer/i18n';
import { PLURAL_FORMS, SAME_FORM_AS, pluralRule } from '../../../src/core/i18n/plural';

const RENDERER = join(__dirname, '../../../src/renderer');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : files(path);
    return /\.(vue|ts)$/.test(name) ? [path] : [];
  });
}

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

/** Letters a person would read; symbols like "·" and "←" need no translation. */
const WORDS = /\p{L}{2,}/u;
/** Attributes people read (or hear), which must come from the catalog when they hold words. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'aria-description']);
/** Values that are the same in every language. */
const UNTRANSLATED = new Set(['https://']);

describe('the message catalogs', () => {
  const sources = files(RENDERER).map((path) => ({ path: relative(RENDERER, path), text: readFileSync(path, 'utf8') }));

  it('hold every key the renderer uses', () => {
    const missing: string[] = [];
    let used = 0;
    for (const { path, text } of sources) {
      for (const match of text.matchAll(/\bt\(\s*(['`])([\w.]+?)(\$\{|\1)/g)) {
        used++;
        const [, , key, end] = match;
        // `t(`sync.states.${state}`)`: the prefix must be a group of messages.
        const found = lookup(MESSAGES.en, end === '${' ? key.replace(/\.$/, '') : key);
        if (found === undefined || (end === '${' && typeof found !== 'object')) missing.push(`${path}: ${key}`);
      }
    }
    expect(used).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('give every language exactly the English keys, none of them empty', () => {
    const english = keysOf(MESSAGES.en).sort();
    for (const [language, messages] of Object.entries(MESSAGES)) {
      expect(keysOf(messages).sort(), language).toEqual(english);
      expect(keysOf(messages).filter((key) => String(lookup(messages, key)).trim() === ''), language).toEqual([]);
    }
  });

  it('leave no words typed straight into a template', () => {
    const strays: string[] = [];
    const walk = (node: any, path: string) => {
      if (node.type === 2 && WORDS.test(node.content)) strays.push(`${path}: text "${node.content.trim()}"`);
      for (const prop of node.props ?? []) {
        if (prop.type === 6 && READ_ATTRIBUTES.has(prop.name) && prop.value && WORDS.test(prop.value.content) && !UNTRANSLATED.has(prop.value.content)) {
          strays.push(`${path}: ${prop.name}="${prop.value.content}"`);
        }
      }
      for (const child of node.children ?? []) walk(child, path);
    };
    let templates = 0;
    for (const { path, text } of sources.filter((s) => s.path.endsWith('.vue'))) {
      const { descriptor } = parse(text, { filename: path });
      if (!descriptor.template?.ast) continue;
      templates++;
      walk(descriptor.template.ast, path);
    }
    expect(templates).toBeGreaterThan(10);
    expect(strays).toEqual([]);
  });
});

describe('plural forms', () => {
  const languages = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
  /** Counts a screen shows: every number to 1,000 and the round ones beyond, where "many" begins in French. */
  const counts = [...Array.from({ length: 1001 }, (_, i) => i), 1e4, 1e5, 1e6, 2e6, 1e7, 1.5e6];

  it('lists, for each language, a form for every category its counts reach', () => {
    for (const language of languages) {
      const rules = new Intl.PluralRules(language);
      const reached = new Set(counts.map((count) => rules.select(count)).map((c) => SAME_FORM_AS[language]?.[c] ?? c));
      expect([language, [...reached].sort()]).toEqual([language, [...PLURAL_FORMS[language]].sort()]);
    }
  });

  it('give each plural message the number of forms its language needs (one more with a zero form)', () => {
    const plural = keysOf(MESSAGES.en).filter((key) => String(lookup(MESSAGES.en, key)).includes('|'));
    expect(plural.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const language of languages) {
      const needed = PLURAL_FORMS[language].length;
      for (const key of keysOf(MESSAGES[language])) {
        const forms = String(lookup(MESSAGES[language], key)).split('|').length;
        const isPlural = plural.includes(key);
        if (isPlural ? forms !== needed && forms !== needed + 1 : forms !== 1) wrong.push(`${language} ${key}: ${forms} forms`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('picks the form the language says: French and Spanish 0 take the one-form, English and German the other', () => {
    expect([0, 1, 2].map((count) => pluralRule('fr')(count, 2))).toEqual([0, 0, 1]);
    expect([0, 1, 2].map((count) => pluralRule('en')(count, 2))).toEqual([1, 0, 1]);
    expect([0, 1, 2, 1e6].map((count) => pluralRule('es')(count, 3))).toEqual([0, 1, 2, 2]);
  });
});

it('counts every noun a number stands before: no "1 rows"', () => {
  // Messages whose number is not the plural count: each says why it needs no plural form.
  const countsOfOther = new Map([
    ['workspace.pasteTooLarge', 'the paste limit, thousands'],
    ['subjects.totalAtLeast', 'only shown when the count reached the search limit'],
  ]);
  const bare: string[] = [];
  for (const key of keysOf(MESSAGES.en)) {
    const text = String(lookup(MESSAGES.en, key));
    if (!text.includes('|') && /\{(n|rows|total|count)\} (rows|participants|subjects|people|changes)\b/.test(text) && !countsOfOther.has(key)) bare.push(`${key}: ${text}`);
  }
  expect(bare).toEqual([]);
});

it('calls the locale by one word in each language: the column’s', () => {
  // "Gebietsschema" in a problem under a column headed "Sprache" reads as two different things.
  const wrong: string[] = [];
  for (const [language, messages] of Object.entries(MESSAGES)) {
    const word = String(lookup(messages, 'workspace.columns.locale')).toLowerCase();
    for (const key of keysOf(messages).filter((k) => /locale/i.test(k.split('.').at(-1)!) || k.endsWith('.fields.locale'))) {
      const text = String(lookup(messages, key)).toLowerCase();
      if (!text.includes(word)) wrong.push(`${language} ${key}: ${text}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('calls an event by one word in each language: the events screen’s', () => {
  // "Termin" on the events screen and "Veranstaltung" in a problem read as two different things.
  const others: Record<string, RegExp> = { de: /veranstaltung/i, fr: /séance/i, es: /sesión/i };
  const wrong: string[] = [];
  for (const [language, messages] of Object.entries(MESSAGES)) {
    const other = others[language];
    if (!other) continue;
    // The tagline speaks of the test session itself, not of a record of the service.
    for (const key of keysOf(messages).filter((k) => !k.endsWith('.tagline'))) if (other.test(String(lookup(messages, key)))) wrong.push(`${language} ${key}`);
  }
  expect(wrong).toEqual([]);
});
