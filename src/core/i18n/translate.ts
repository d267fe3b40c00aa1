/**
 * A translator as the shared wording functions take it: vue-i18n's `t` in the page, an
 * @intlify/core-base context on the command line. Both read the same catalogs (./messages)
 * with the same message syntax, so core words its data without depending on either.
 */
export type Translate = (key: string, params?: Record<string, unknown>, count?: number) => string;

/** A sentence as data: a catalog key and its parameters. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * English with the placeholders filled, for texts that are English by design and are made
 * where no translator is at hand (exports built in core). Only `{name}` is read: a message
 * with forms (`|`) or other syntax is the translators' (a test keeps the two in step).
 */
export function englishOf(messages: object): Translate {
  return (key, params = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
    if (typeof text !== 'string') return key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
