/**
 * Locales as people write them: codes in any case and separator, with an encoding
 * (`de_DE.UTF-8`), with the country where the service spells its own way (`cs_CZ` is
 * `cs_CS` there), bare languages, language names in the app's languages and their own,
 * and regions the service does not list (the "did you mean" of the check).
 */
import { LOCALES, type Locale } from '../contract/locales';
import { localeSuggestions } from '../intake/locale-hint';
import { canonicalLocale, DEFAULT_LOCALE } from '../participants/locales';
import { slipDistance } from './distance';
import { LANGUAGE_BY_NAME, nameKey, REGION_BY_NAME } from './locale-names';
import { reason } from './reason-words';
import { withoutInvisible } from './text';
import type { Finding } from './types';

/** Codes people use that are not the service's language code: a country's, or an older one. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  no: 'nb', nn: 'nb', fil: 'tl', cz: 'cs', dk: 'da', gr: 'el', jp: 'ja', kr: 'ko', se: 'sv', vn: 'vi', ua: 'uk', cn: 'zh', ee: 'et',
};
/** Regions written as the country is commonly coded where the service has its own spelling. */
const REGION_ALIASES: Readonly<Record<string, string>> = {
  cs_CZ: 'cs_CS', da_DK: 'da_DA', el_GR: 'el_EL', vi_VN: 'vi_VI', bn_BD: 'bn_BN', en_UK: 'en_GB', zh_HANS: 'zh_CN', zh_SG: 'zh_CN',
};
/** A country code alone, where it can mean only one of the service's locales. */
const COUNTRY_ONLY: Readonly<Record<string, Locale>> = { us: 'en_US', gb: 'en_GB', au: 'en_AU' };

const CODE = /^([a-z]{2,3})(?:[-_ ]([a-z]{4}))?(?:[-_ ]([a-z]{2}|\d{3}))?(?:\.[\w-]+)?(?:@[\w-]+)?$/i;

const byLanguage = (language: string) => LOCALES.filter((l) => l.startsWith(`${language}_`));

function ofLanguage(language: string, region: string | undefined, written: string): Finding | null {
  const all = byLanguage(language);
  if (all.length === 0) return null;
  const exact = region ? REGION_ALIASES[`${language}_${region}`] ?? canonicalLocale(`${language}_${region}`) : null;
  if (exact) {
    const own = REGION_ALIASES[`${language}_${region}`] !== undefined;
    return {
      to: [exact], sure: true, kind: 'locale-code',
      reason: own ? reason('locale_own_spelling', { language, region: region!, exact }) : reason('locale_as_written', { written, exact }),
    };
  }
  // en_US first: a blank locale is read as it, so it is the service's own choice of English.
  const to = all.includes(DEFAULT_LOCALE) ? [DEFAULT_LOCALE, ...all.filter((l) => l !== DEFAULT_LOCALE)] : all;
  if (region) {
    return { to, sure: false, kind: 'locale-region', reason: reason('locale_no_region', { language, region, to, count: to.length }) };
  }
  return {
    to, sure: to.length === 1, kind: 'locale-code',
    reason: to.length === 1 ? reason('locale_language_only_one', { written, language, to: to[0] }) : reason('locale_language_only', { written, to }),
  };
}

function fromCode(text: string): Finding | null {
  const match = CODE.exec(text);
  if (!match) return null;
  const typed = match[1].toLowerCase();
  const language = LANGUAGE_ALIASES[typed] ?? typed;
  const region = (match[3] ?? match[2])?.toUpperCase();
  // “UK” alone is the United Kingdom as often as Ukrainian.
  if (typed === 'uk' && region === undefined) {
    return { to: ['en_GB', 'uk_UA'], sure: false, kind: 'locale-code', reason: reason('locale_uk', { text }) };
  }
  if (!match[2] && !match[3] && byLanguage(language).length === 0) {
    const only = COUNTRY_ONLY[typed];
    if (only) return { to: [only], sure: true, kind: 'locale-code', reason: reason('locale_country', { text, to: only }) };
  }
  return ofLanguage(language, region, text);
}

/** `English (UK)`, `British English`, `Deutsch`, `inglés (Estados Unidos)`. */
function fromName(text: string): Finding | null {
  const words = nameKey(text).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 5) return null;
  for (let start = 0; start < words.length; start++) {
    for (let end = words.length; end > start; end--) {
      const language = LANGUAGE_BY_NAME.get(words.slice(start, end).join(' '));
      if (!language) continue;
      const rest = [...words.slice(0, start), ...words.slice(end)].join(' ');
      const region = rest === '' ? undefined : REGION_BY_NAME.get(rest);
      if (rest !== '' && !region) return null;
      const found = ofLanguage(language, region, text);
      if (!found) return null;
      const said = !found.sure ? found.reason : region ? reason('locale_named_region', { text, language, region, to: found.to[0] }) : reason('locale_named', { text, language, to: found.to[0] });
      return { ...found, kind: 'locale-name', reason: said };
    }
  }
  return fromSlippedName(words.join(' '), text);
}

/** `Deutch`, `Englsih`: a language name a letter off, when it is the only one that near. */
function fromSlippedName(key: string, text: string): Finding | null {
  if (key.length < 5) return null;
  let best: string | null = null;
  let bestCost = Infinity;
  let tie = false;
  for (const [name, code] of LANGUAGE_BY_NAME) {
    if (name.length < 5) continue;
    const cost = slipDistance(key, name, 1);
    if (cost > 1) continue;
    if (cost < bestCost) [best, bestCost, tie] = [code, cost, false];
    else if (cost === bestCost && code !== best) tie = true;
  }
  if (!best || tie) return null;
  const found = ofLanguage(best, undefined, text);
  return found ? { ...found, kind: 'locale-name', reason: found.sure ? reason('locale_slipped_one', { text, language: best, to: found.to[0] }) : reason('locale_slipped', { text, language: best, to: found.to }) } : null;
}

function find(raw: string): Finding | null {
  const text = withoutInvisible(raw).trim();
  if (text === '') return null;
  if (canonicalLocale(text)) {
    // Valid already; only an invisible character in it is worth a word.
    return text === raw.trim() ? null : { to: [canonicalLocale(text)!], sure: true, kind: 'locale-code', reason: reason('locale_invisible') };
  }
  return fromCode(text) ?? fromName(text) ?? hintOnly(text);
}

/** What the check's "did you mean" offers, for anything the rules above did not read. */
function hintOnly(text: string): Finding | null {
  const to = localeSuggestions(text);
  return to.length > 0 ? { to, sure: false, kind: 'locale-region', reason: reason('locale_hint', { text, either: to }) } : null;
}

const cache = new Map<string, Finding | null>();
const MAX_CACHED = 5_000;

/** The locale a written one means, or null when it is fine (a valid or blank locale) or unreadable. */
export function localeFinding(raw: string): Finding | null {
  let found = cache.get(raw);
  if (found !== undefined) return found;
  found = find(raw);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(raw, found);
  return found;
}
