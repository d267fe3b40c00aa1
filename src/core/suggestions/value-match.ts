/**
 * Which value of an event's catalog a written demographic value means, when exactly one
 * does: the same but for case, accents, spacing or punctuation; a word or short form of
 * the same thing in English, German, French or Spanish (value-words.ts); or the same age
 * range written differently (`18 - 24`, `18 to 24`, `65 +`, `65 und älter`). A value that
 * would need a guess (`30-40` across `25-34` and `35-44`, or a word two catalog values
 * share) gets no match: the person decides.
 */
import { VALUE_TOPICS, type ValueTopic } from './value-words';

export type MatchHow = 'same' | 'spelling' | 'range' | 'word';

export interface ValueMatch {
  /** The catalog value, exactly as the catalog writes it. */
  to: string;
  how: MatchHow;
}

const MARKS = /\p{M}+/gu;

/** Lower case, no accents, `ß` as `ss`, no dots or underscores, one space between words. */
export function foldValue(value: string): string {
  return value
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[._]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** As the service compares names: trimmed, spaces collapsed, any case. */
const serviceKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

type Range = { low: number; high: number | null };

const BETWEEN = /^(\d{1,3})\s*(?:-|–|—|to|bis|a|à|au|y|and|und|et)\s*(\d{1,3})(?:\s*(?:years?|yrs?|jahre|ans|anos|años|j|y))?$/;
const AND_OVER = /^(\d{1,3})\s*(?:\+|plus|and over|and older|or older|or more|und alter|und mehr|und uber|et plus|ou plus|y mas|o mas)(?:\s*(?:years?|jahre|ans|anos))?$/;
const OVER = /^(?:over|uber|ab|plus de|mas de|>=|≥)\s*(\d{1,3})$/;

/** An age range as written (`18 - 24`, `18 bis 24`, `65+`, `65 et plus`), or null. */
export function rangeOf(value: string): Range | null {
  const folded = foldValue(value);
  let m = BETWEEN.exec(folded);
  if (m) {
    const low = Number(m[1]);
    const high = Number(m[2]);
    return low <= high ? { low, high } : null;
  }
  m = AND_OVER.exec(folded) ?? OVER.exec(folded);
  return m ? { low: Number(m[1]), high: null } : null;
}

const sameRange = (a: Range, b: Range) => a.low === b.low && a.high === b.high;

interface TopicWord {
  topic: ValueTopic;
  concept: string;
  short: boolean;
}

/** Every folded word of the table, with its topic and concept. */
const WORDS: ReadonlyMap<string, readonly TopicWord[]> = (() => {
  const words = new Map<string, TopicWord[]>();
  const put = (word: string, entry: TopicWord) => words.set(foldValue(word), [...(words.get(foldValue(word)) ?? []), entry]);
  for (const topic of VALUE_TOPICS) {
    for (const c of topic.concepts) {
      for (const word of c.words) put(word, { topic, concept: c.concept, short: false });
      for (const word of c.short) put(word, { topic, concept: c.concept, short: true });
    }
  }
  return words;
})();

/**
 * How one category's values are matched: built once per category (the catalog's values
 * folded, parsed as ranges and placed in concepts), then asked for each distinct value.
 */
export class CategoryMatcher {
  private readonly byKey = new Map<string, string>();
  private readonly byFold = new Map<string, string[]>();
  private readonly ranges: { range: Range; value: string }[] = [];
  private readonly byConcept = new Map<string, string[]>();
  private readonly topics = new Set<ValueTopic>();

  constructor(category: string, readonly values: readonly string[]) {
    const name = foldValue(category);
    for (const topic of VALUE_TOPICS) if (topic.categoryWords.some((w) => name.split(/[\s/-]+/).includes(w))) this.topics.add(topic);
    for (const value of values) {
      if (!this.byKey.has(serviceKey(value))) this.byKey.set(serviceKey(value), value);
      const folded = foldValue(value);
      this.byFold.set(folded, [...(this.byFold.get(folded) ?? []), value]);
      const range = rangeOf(value);
      if (range) this.ranges.push({ range, value });
      // A full word among the catalog's values says what the category is about.
      for (const word of WORDS.get(folded) ?? []) if (!word.short) this.topics.add(word.topic);
    }
    for (const value of values) {
      for (const word of this.wordsOf(foldValue(value))) {
        const key = `${word.topic.topic}\u0000${word.concept}`;
        const list = this.byConcept.get(key) ?? [];
        if (!list.includes(value)) this.byConcept.set(key, [...list, value]);
      }
    }
  }

  /** The table's readings of a folded word that count in this category. */
  private wordsOf(folded: string): TopicWord[] {
    return (WORDS.get(folded) ?? []).filter((w) => !w.short || this.topics.has(w.topic));
  }

  /** The one catalog value `value` means, or null when none or more than one could. */
  match(value: string): ValueMatch | null {
    const same = this.byKey.get(serviceKey(value));
    if (same !== undefined) return { to: same, how: 'same' };
    const folded = foldValue(value);
    if (folded === '') return null;
    const spelled = this.byFold.get(folded);
    if (spelled) return spelled.length === 1 ? { to: spelled[0], how: 'spelling' } : null;
    const range = rangeOf(value);
    if (range) {
      const fits = this.ranges.filter((r) => sameRange(r.range, range));
      // A range no catalog value spans exactly is never placed in one that overlaps it.
      return fits.length === 1 ? { to: fits[0].value, how: 'range' } : null;
    }
    const joined = this.byFold.get(folded.replace(/\s*([-+/])\s*/g, '$1'));
    if (joined) return joined.length === 1 ? { to: joined[0], how: 'spelling' } : null;
    const meant = new Set<string>();
    for (const word of this.wordsOf(folded)) for (const to of this.byConcept.get(`${word.topic.topic}\u0000${word.concept}`) ?? []) meant.add(to);
    return meant.size === 1 ? { to: [...meant][0], how: 'word' } : null;
  }
}
