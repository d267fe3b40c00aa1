/** Slips in the domain of an address at a well-known mail provider (gmial.com, yahoo.con, gmail). */
import { slipDistance } from './distance';
import { KNOWN_DOMAINS, PROVIDERS, REAL_ENDINGS, slipBudget } from './providers';
import { reason, type SuggestionReason } from './reason-words';

export interface DomainFix {
  /** Candidate domains, best first. */
  to: string[];
  sure: boolean;
  /** A part of the e-mail's reason, said after its other steps. */
  reason: SuggestionReason;
}

const ENTRIES = Object.entries(PROVIDERS);
const JOINED = new Map<string, string>(ENTRIES.flatMap(([label, tlds]) => tlds.map((tld) => [`${label}${tld}`.replace(/\./g, ''), `${label}.${tld}`] as [string, string])));

interface Scored {
  domain: string;
  cost: number;
}

function ranked(scored: Scored[]): Scored[] {
  // Stable: equal costs keep the providers' order, most used first.
  return scored.sort((a, b) => a.cost - b.cost);
}

function missingEnding(label: string): DomainFix | null {
  const tlds = Object.hasOwn(PROVIDERS, label) ? PROVIDERS[label] : undefined;
  if (tlds) {
    const to = tlds.map((tld) => `${label}.${tld}`);
    return { to, sure: to.length === 1, reason: reason('domain_no_ending', { label, endings: to.map((d) => `.${d.slice(label.length + 1)}`).join(', ') }) };
  }
  const joined = JOINED.get(label);
  if (joined) return { to: [joined], sure: true, reason: reason('domain_joined', { domain: joined }) };
  const scored: Scored[] = [];
  for (const [provider, endings] of ENTRIES) {
    const budget = slipBudget(provider);
    if (budget.label === 0) continue;
    const cost = slipDistance(label, provider, budget.label);
    if (cost <= budget.label) for (const tld of endings) scored.push({ domain: `${provider}.${tld}`, cost });
  }
  if (scored.length === 0) return null;
  const to = ranked(scored).map((s) => s.domain);
  return { to, sure: to.length === 1, reason: reason('domain_slip_no_ending', { label }) };
}

function slipOf(domain: string): DomainFix | null {
  const dot = domain.indexOf('.');
  const label = domain.slice(0, dot);
  const ending = domain.slice(dot + 1);
  const scored: Scored[] = [];
  for (const [provider, endings] of ENTRIES) {
    const budget = slipBudget(provider);
    const labelCost = budget.label === 0 ? (label === provider && !REAL_ENDINGS.has(ending) ? 0 : Infinity) : slipDistance(label, provider, budget.label);
    if (labelCost > budget.label) continue;
    for (const tld of endings) {
      const cost = labelCost + slipDistance(ending, tld, 1);
      if (cost <= budget.total && cost > 0) scored.push({ domain: `${provider}.${tld}`, cost });
    }
  }
  if (scored.length === 0) return null;
  const best = ranked(scored);
  const sure = best.length === 1 || best[1].cost > best[0].cost;
  const to = sure ? [best[0].domain] : best.map((s) => s.domain);
  return { to, sure, reason: sure ? reason('domain_slip', { domain, to: to[0] }) : reason('domain_near', { domain }) };
}

const cache = new Map<string, DomainFix | null>();
const MAX_CACHED = 20_000;

/** The provider domain a typed domain slipped from, or null when it is a provider's or nobody's we know. */
export function domainFix(typed: string): DomainFix | null {
  // Keyed as typed: a sheet writes its domains the same way over and over, and lower-casing each costs more than the lookup.
  let fix = cache.get(typed);
  if (fix !== undefined) return fix;
  const domain = typed.toLowerCase();
  if (KNOWN_DOMAINS.has(domain)) fix = null;
  else if (!domain.includes('.')) fix = missingEnding(domain);
  else fix = slipOf(domain);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(typed, fix);
  return fix;
}
