/**
 * Which form of a message "zero | one | other" (or "one | other") a count picks, per
 * language, from Intl.PluralRules rather than vue-i18n's English-only default, which gives
 * French "0" the plural where French says "0 ligne".
 *
 * Each language lists the forms its messages write, in order. French and Spanish have a
 * CLDR "many" category (1 000 000 and up), which only differs from "other" when the number
 * is written as a word ("1 million de lignes"); counts here are always digits, so "many"
 * is read with the "other" form. A language whose counts reach a category not listed here
 * fails the catalog test until its forms are written.
 */
import type { Language } from '../contract/app-api';

type Category = Intl.LDMLPluralRule;

export const PLURAL_FORMS: Record<Language, readonly Category[]> = {
  en: ['one', 'other'],
  de: ['one', 'other'],
  fr: ['one', 'other'],
  es: ['one', 'other'],
};

/** Categories read with another's form, per language (see above). */
export const SAME_FORM_AS: Partial<Record<Language, Partial<Record<Category, Category>>>> = {
  fr: { many: 'other' },
  es: { many: 'other' },
};

/** vue-i18n's plural rule for `language`: the index of the form `count` takes among `forms` messages. */
export function pluralRule(language: Language): (count: number, forms: number) => number {
  const rules = new Intl.PluralRules(language);
  const order = PLURAL_FORMS[language];
  return (count, forms) => {
    const zeroForm = forms === order.length + 1;
    if (zeroForm && count === 0) return 0;
    const category = rules.select(Math.abs(count));
    const index = order.indexOf(SAME_FORM_AS[language]?.[category] ?? category);
    const at = index === -1 ? order.length - 1 : index;
    return Math.min(forms - 1, zeroForm ? at + 1 : at);
  };
}
