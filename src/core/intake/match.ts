/** Scores a header cell against the vocabulary and against the event's category names. */
import { CONCEPTS, CONTEXT_WORDS, NOISE_WORDS, type Concept } from './vocabulary';
import { compact, editDistance, normaliseWords, typoBudget } from './words';

export type { MatchHow } from '../contract/vocabulary';
import type { MatchHow } from '../contract/vocabulary';

export interface PhraseMatch {
  score: number;
  how: MatchHow;
  /** The vocabulary phrase or name that matched, normalised. */
  phrase: string;
}

export interface ConceptMatch extends PhraseMatch {
  concept: Concept;
}

interface Words {
  norm: string;
  compact: string;
  tokens: string[];
}

/** Headers longer than this are sentences (titles, notes), not column names. */
const MAX_HEADER_LENGTH = 60;
const MAX_CONTAINING_TOKENS = 6;

function words(text: string): Words {
  const norm = normaliseWords(text);
  return { norm, compact: compact(norm), tokens: norm === '' ? [] : norm.split(' ') };
}

/**
 * A header as written, then without noise words ("optional", "your"), then also without
 * context words ("participant", "contact"): the later forms match at a lower score.
 */
type Header = Words[];

function header(text: string): Header | null {
  if (text.length > MAX_HEADER_LENGTH) return null;
  const full = words(text);
  if (full.norm === '') return null;
  const forms = [full];
  const quiet = full.tokens.filter((t) => !NOISE_WORDS.has(t));
  const bare = quiet.filter((t) => !CONTEXT_WORDS.has(t));
  if (quiet.length > 0 && quiet.length < full.tokens.length) forms.push(words(quiet.join(' ')));
  if (bare.length > 0 && bare.length < quiet.length) forms.push(words(bare.join(' ')));
  return forms;
}

function containsRun(tokens: string[], run: string[]): boolean {
  outer: for (let i = 0; i + run.length <= tokens.length; i++) {
    for (let j = 0; j < run.length; j++) if (tokens[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

function typoScore(form: Words, p: Words): number {
  if (/\d/.test(form.compact)) return 0;
  // "Participants" is not a misspelt "Participant ID": words naming whose value it is are never typos.
  if (form.tokens.every((t) => CONTEXT_WORDS.has(t))) return 0;
  // A missing or extra piece at either end is another word ("Participant" is not "Participant ID").
  const [short, long] = form.compact.length <= p.compact.length ? [form.compact, p.compact] : [p.compact, form.compact];
  if (long.startsWith(short) || long.endsWith(short)) return 0;
  const budget = typoBudget(Math.min(form.compact.length, p.compact.length));
  if (budget === 0) return 0;
  const d = editDistance(form.compact, p.compact, budget);
  return d <= budget ? 0.9 - 0.08 * d : 0;
}

function containedScore(form: Words, p: Words): number {
  const tokens = form.tokens;
  // The phrase inside a longer header: "E-mail (work)", "Kunden-ID".
  if (p.compact.length >= 2 && tokens.length > p.tokens.length && tokens.length <= MAX_CONTAINING_TOKENS && containsRun(tokens, p.tokens)) {
    return Math.max(0.5, 0.72 - 0.04 * (tokens.length - p.tokens.length - 1));
  }
  // A compound word ending in the phrase: "Haushaltseinkommen", "Kundenemail".
  if (tokens.length === 1 && p.tokens.length === 1 && p.compact.length >= 5 && form.compact.length > p.compact.length + 2 && form.compact.endsWith(p.compact)) {
    return 0.66;
  }
  return 0;
}

function scoreWords(h: Header, p: Words): Omit<PhraseMatch, 'phrase'> | null {
  const full = h[0];
  if (full.norm === p.norm) return { score: 1, how: 'exact' };
  if (full.compact === p.compact) return { score: 0.97, how: 'spacing' };
  for (let i = 1; i < h.length; i++) if (h[i].compact === p.compact) return { score: 0.93, how: 'decorated' };
  let best: Omit<PhraseMatch, 'phrase'> | null = null;
  for (const form of h) {
    const typo = typoScore(form, p);
    if (typo > 0 && (!best || typo > best.score)) best = { score: typo, how: 'typo' };
    const contained = containedScore(form, p);
    if (contained > 0 && (!best || contained > best.score)) best = { score: contained, how: 'contained' };
  }
  return best;
}

const PREPARED: { concept: Concept; phrases: Words[] }[] = CONCEPTS.map((concept) => ({
  concept,
  phrases: concept.phrases.map(words),
}));

const cache = new Map<string, ConceptMatch | null>();
const CACHE_LIMIT = 5_000;

/** The best vocabulary concept for a header cell (score already weighted), or null. */
export function matchConcept(text: string): ConceptMatch | null {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const h = header(text.trim());
  let best: ConceptMatch | null = null;
  if (h) {
    for (const { concept, phrases } of PREPARED) {
      for (const phrase of phrases) {
        const m = scoreWords(h, phrase);
        if (!m) continue;
        const score = m.score * concept.weight;
        if (!best || score > best.score) best = { score, how: m.how, phrase: phrase.norm, concept };
        if (m.how === 'exact') break;
      }
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, best);
  return best;
}

/** How well a header names the given category, or null. */
export function matchName(text: string, name: string): PhraseMatch | null {
  const h = header(text.trim());
  const p = words(name);
  if (!h || p.norm === '') return null;
  const m = scoreWords(h, p);
  return m ? { ...m, phrase: p.norm } : null;
}
