/**
 * The language `muster check`, `status` and `outbox` speak: `--lang`, else the POSIX locale
 * variables in their order of precedence (LC_ALL, LC_MESSAGES, LANG), else English. The words
 * come from the catalogs the app shows (core/i18n) and the command line's own (./messages),
 * rendered by @intlify/core-base, the engine under vue-i18n, so a message's placeholders and
 * plural forms read the same in both.
 */
import {
  compile, createCoreContext, fallbackWithLocaleChain, registerLocaleFallbacker, registerMessageCompiler, registerMessageResolver,
  resolveValue, translate,
} from '@intlify/core-base';
import type { Language } from '../core/contract/app-api';
import { LANGUAGES } from '../core/contract/app-api-schemas/settings';
import { pluralRule, SHARED_MESSAGES, type Translate } from '../core/i18n';
import { UsageError } from './errors';
import { CLI_MESSAGES } from './messages';

registerMessageCompiler(compile);
registerMessageResolver(resolveValue);
registerLocaleFallbacker(fallbackWithLocaleChain);

type Env = Record<string, string | undefined>;

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** `de_DE.UTF-8`, `fr_CA`, `es`: the language part, when it is one of ours. */
function languageOfLocale(locale: string): Language | null {
  const base = locale.toLowerCase().split(/[_.@-]/)[0];
  return isLanguage(base) ? base : null;
}

export function languageOf(option: string | undefined, env: Env): Language {
  if (option !== undefined) {
    const chosen = languageOfLocale(option.trim());
    if (!chosen) throw new UsageError(`--lang takes ${LANGUAGES.join(', ')}, not "${option}".`);
    return chosen;
  }
  // The first variable that is set decides, even for a language Muster does not speak (then English).
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return languageOfLocale(value) ?? 'en';
  }
  return 'en';
}

export interface Words {
  language: Language;
  t: Translate;
  /** A number as the language writes it (10,000 / 10.000 / 10 000). */
  n: (value: number) => string;
}

export function wordsFor(language: Language): Words {
  const context = createCoreContext({
    locale: language,
    fallbackLocale: 'en',
    // The shared catalogs for core's data, the command line's own words beside them under `cli`.
    messages: Object.fromEntries(LANGUAGES.map((l) => [l, { ...SHARED_MESSAGES[l], cli: CLI_MESSAGES[l] }])),
    pluralRules: Object.fromEntries(LANGUAGES.map((l) => [l, pluralRule(l)])),
    missingWarn: false,
    fallbackWarn: false,
  });
  const numbers = new Intl.NumberFormat(language);
  return {
    language,
    t: (key, params = {}, count) => String(count === undefined ? translate(context, key, params) : translate(context, key, params, count)),
    n: (value) => numbers.format(value),
  };
}
