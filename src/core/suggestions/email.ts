/**
 * Addresses as people paste them: out of a mail program (`Ana <ana@x.de>`, `mailto:`),
 * disguised against spam (`ana (at) x.de`), with spaces, a trailing dot or a slipped
 * provider domain. A fix is offered only when the result is a valid address; a valid
 * address on a domain we do not know is left alone.
 */
import { isValidEmail } from '../participants/email';
import { domainFix } from './email-domain';
import { withoutInvisible } from './text';
import { reason, type SuggestionReason, type SuggestionReasonCode } from './reason-words';
import type { Finding } from './types';

interface Step {
  test: RegExp;
  apply: (text: string) => string;
  said: SuggestionReasonCode;
  /** When the step's result is only a guess (a space between two words might have been a dot). */
  unsure?: (text: string) => boolean;
}

/** Anything a step below could act on; an address without any is looked at for its domain only. */
const QUICK = /[\s<>()[\]{}＠,;:"'‘’“”\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]|@@|\.\.|\.$|^mailto/i;

const STEPS: readonly Step[] = [
  { test: /<[^<>@\s]+@[^<>\s]+>/, apply: (t) => /<([^<>@\s]+@[^<>\s]+)>/.exec(t)![1], said: 'email_angle_brackets' },
  { test: /^\s*mailto:/i, apply: (t) => t.replace(/^\s*mailto:\s*/i, '').replace(/\?.*$/, ''), said: 'email_mailto' },
  { test: /\s*[([{]\s*(?:at|ät)\s*[)\]}]\s*|\s+(?:at|ät)\s+|＠/i, apply: (t) => (t.includes('@') ? t : t.replace(/\s*[([{]\s*(?:at|ät)\s*[)\]}]\s*|\s+(?:at|ät)\s+|＠/i, '@')), said: 'email_at' },
  { test: /\s*[([{]\s*(?:dot|punkt|point)\s*[)\]}]\s*|\s+(?:dot|punkt|point)\s+/i, apply: (t) => t.replace(/\s*[([{]\s*(?:dot|punkt|point)\s*[)\]}]\s*|\s+(?:dot|punkt|point)\s+/gi, '.'), said: 'email_dot' },
  { test: /^["'‘’“”,;:]|["'‘’“”,;:]$/, apply: (t) => t.replace(/^["'‘’“”,;:\s]+|["'‘’“”,;:\s]+$/g, ''), said: 'email_quotes' },
  { test: /\s/, apply: (t) => t.replace(/\s+/g, ''), said: 'email_spaces', unsure: (t) => /[A-Za-z0-9]\s+[A-Za-z0-9]/.test(t) },
  { test: /@@/, apply: (t) => t.replace(/@{2,}/g, '@'), said: 'email_doubled_at' },
  { test: /\.$/, apply: (t) => t.replace(/\.+$/, ''), said: 'email_trailing_dot' },
  { test: /@[^@]*(?:,|\.\.)/, apply: (t) => t.replace(/@([^@]*)$/, (_m, d: string) => `@${d.replace(/,/g, '.').replace(/\.{2,}/g, '.')}`), said: 'email_domain_dots' },
];


const ADDRESSES = /[^\s<>,;"'()[\]]+@[^\s<>,;"'()[\]@]+/g;

/** A cell with two or more addresses (`ana@x.de; bo@y.de`): the service takes one, and only a person knows which. */
function several(raw: string): Finding | null {
  const found = [...new Set(raw.match(ADDRESSES) ?? [])].map((a) => a.replace(/\.+$/, '')).filter(isValidEmail);
  if (found.length < 2) return null;
  return { to: found, sure: false, kind: 'email-format', reason: reason('email_several', { count: found.length }) };
}

function find(raw: string): Finding | null {
  if (raw.indexOf('@') !== raw.lastIndexOf('@') && !raw.includes('@@')) return several(raw);
  let text = withoutInvisible(raw);
  const said: SuggestionReason[] = [];
  if (text !== raw) said.push(reason('email_invisible'));
  text = text.trim();
  let guess = false;
  for (const step of STEPS) {
    if (!step.test.test(text)) continue;
    const next = step.apply(text);
    if (next === text) continue;
    said.push(reason(step.said));
    if (step.unsure?.(text)) guess = true;
    text = next;
  }
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.indexOf('@') !== at) return null;
  const domain = text.slice(at + 1);
  const fix = domainFix(domain);
  const local = text.slice(0, at);
  const candidates = (fix ? fix.to : [domain]).map((d) => `${local}@${d}`).filter(isValidEmail);
  if (candidates.length === 0 || (candidates.length === 1 && candidates[0] === raw)) return null;
  if (fix) said.push(fix.reason);
  const sure = !guess && (fix ? fix.sure && candidates.length === 1 : true);
  return {
    to: candidates,
    sure,
    kind: fix ? 'email-domain' : 'email-format',
    reason: reason('email', { steps: said.length > 0 ? said : [reason('email_tidied')] }),
  };
}

/** The fix for an e-mail as written, or null when it is fine or beyond a safe guess. */
export function emailFinding(raw: string): Finding | null {
  if (raw === '') return null;
  // Most addresses are fine: with nothing to tidy, only their domain is looked at (and its answer kept).
  if (!QUICK.test(raw) && domainFix(raw.slice(raw.lastIndexOf('@') + 1)) === null) return null;
  // Not cached: addresses are nearly all different, and their domains are cached (email-domain.ts).
  return find(raw);
}
