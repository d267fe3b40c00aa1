/**
 * Spaces and invisible characters in names, ids and notes. Spreadsheets and copies from
 * web pages bring no-break spaces and zero-width characters along; a person cannot see
 * them, but the service compares them, so `Ana Lima` and `Ana\u00a0Lima` are two names.
 */
import { reason, type SuggestionReasonCode } from './reason-words';
import type { Finding } from './types';

/** Zero-width and formatting characters nobody types on purpose in a name or id. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
/** Spaces other than the plain one (no-break, thin, ideographic…). */
const ODD_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const QUICK = /[\u00a0\u00ad\u1680\u180e\u2000-\u200f\u202a-\u202f\u205f-\u2064\u3000\ufeff]| {2}|^\s|\s$|\t/;

export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

const ANY_ODD = /[\u00a0\u00ad\u1680\u180e\u2000-\u200f\u202a-\u202f\u205f-\u2064\u3000\ufeff]/;

export function withoutInvisible(text: string): string {
  return ANY_ODD.test(text) ? text.replace(INVISIBLE, '').replace(ODD_SPACE, ' ') : text;
}

/**
 * The value with invisible characters taken out, odd spaces made plain and the ends
 * trimmed; `collapse` also makes runs of spaces one (names and ids, not notes, where a
 * person may have lined things up on purpose).
 */
export function tidyText(text: string, collapse: boolean): Finding | null {
  if (!QUICK.test(text)) return null;
  const visible = withoutInvisible(text);
  const invisible = visible !== text;
  let to = collapse ? visible.replace(/[ \t]+/g, ' ') : visible;
  to = to.trim();
  if (to === text || to === '') return null;
  const said: SuggestionReasonCode[] = [];
  if (invisible) said.push('tidy_invisible');
  if (collapse && /\S[ \t]{2,}\S/.test(visible)) said.push('tidy_doubled');
  if (visible !== visible.trim()) said.push('tidy_ends');
  if (said.length === 0) said.push('tidy_stray');
  return { to: [to], sure: true, kind: invisible ? 'invisible' : 'spaces', reason: reason('tidy', { what: said.map((code) => reason(code)) }) };
}
