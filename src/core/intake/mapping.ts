/** Suggests what each column of a participant sheet supplies, and remembers confirmed choices. */
import type { CatalogCategory } from '../participants/catalog';
import { fnv1a } from '../text/hash';
import { cellText } from './cells';
import { byPriority, resolveDuplicates } from './duplicates';
import { matchConcept, matchName } from './match';
import type { MappingOutcome, MappingReason } from './mapping-reasons';
import {
  categoryOf, demographicTarget, isDemographicTarget, SINGLE_TARGETS, type ColumnMapping, type ColumnTarget,
  type MappedColumn, type SingleTarget,
} from './types';
import { profileColumn, type ColumnProfile } from './values';

export interface SuggestOptions {
  /** The event's demographic categories: headers naming one become its columns. */
  catalog?: readonly CatalogCategory[];
}

/** Below this a vocabulary match is not taken. */
const MIN_SCORE = 0.5;

export { resolveDuplicates };

/** A header cell as shown: trimmed, inner whitespace runs made one space. */
export function headerText(cell: unknown): string {
  return cellText(cell).trim().replace(/\s+/g, ' ');
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

interface Judged extends MappedColumn {
  /** A bare "Name", "Nom", "Nombre": the name alone, or a part of it beside the other part. */
  namePart: boolean;
}

function judgeByValues(index: number, header: string, profile: ColumnProfile): Judged {
  const base = { index, header, namePart: false };
  if (profile.filled > 0 && profile.emails >= 0.8) {
    return { ...base, target: 'email', confidence: 0.7, reason: { code: 'values_email' } };
  }
  if (profile.filled >= 2 && profile.locales >= 0.8) {
    return { ...base, target: 'locale', confidence: 0.6, reason: { code: 'values_locale' } };
  }
  if (header === '') {
    return profile.filled === 0
      ? { ...base, target: 'ignore', confidence: 1, reason: { code: 'empty' } }
      : { ...base, target: 'ignore', confidence: 0.5, reason: { code: 'no_header' } };
  }
  if (profile.categorical) {
    return {
      ...base, target: demographicTarget(header), confidence: 0.55,
      reason: { code: 'categorical', params: { distinct: profile.distinct, rows: profile.filled } },
    };
  }
  return { ...base, target: 'ignore', confidence: 0.5, reason: { code: 'no_match', params: { header } } };
}

function judge(index: number, header: string, profile: ColumnProfile, catalog: readonly CatalogCategory[]): Judged {
  const concept = header === '' ? null : matchConcept(header);
  let category: { name: string; score: number; exact: boolean } | null = null;
  if (header !== '') {
    for (const c of catalog) {
      const m = matchName(header, c.name);
      if (m && m.score >= 0.74 && (!category || m.score > category.score)) category = { name: c.name, score: m.score, exact: m.how === 'exact' };
    }
  }
  const conceptScore = concept && concept.score >= MIN_SCORE ? concept.score : 0;
  const kind = concept?.concept.kind;
  // The event's own category names beat generic words, but not a participant property of equal strength.
  const propertyWins = kind !== undefined && kind !== 'demographic' && kind !== 'ignore' && conceptScore >= (category?.score ?? 0);
  if (category && !propertyWins) {
    return {
      index, header, namePart: false, target: demographicTarget(category.name), confidence: round(category.score),
      reason: { code: category.exact ? 'category_exact' : 'category_like', params: { header, category: category.name } },
    };
  }
  if (!concept || conceptScore === 0) return judgeByValues(index, header, profile);

  const { label } = concept.concept;
  const word = (outcome: MappingOutcome, category?: string): MappingReason =>
    ({ code: 'word', how: concept.how, outcome, params: { header, phrase: concept.phrase, concept: label, ...(category ? { category } : {}) } });
  const base = { index, header, namePart: concept.concept.namePart === true };
  if (kind === 'demographic') {
    const bridged = catalog.find((c) => {
      const m = matchConcept(c.name);
      return m !== null && m.concept === concept.concept && m.score >= 0.9;
    });
    if (bridged) {
      return {
        ...base, target: demographicTarget(bridged.name), confidence: round(conceptScore * 0.95),
        reason: word('bridged', bridged.name),
      };
    }
    return { ...base, target: demographicTarget(header), confidence: round(conceptScore * 0.9), reason: word('demographic') };
  }
  if (kind === 'ignore') {
    // "Adresse" is usually a postal address, but not when nearly every value is an e-mail.
    if (profile.filled > 0 && profile.emails >= 0.8) {
      return {
        ...base, target: 'email', confidence: round(Math.min(0.6, conceptScore)),
        reason: word('email_values'),
      };
    }
    return { ...base, target: 'ignore', confidence: round(conceptScore), reason: word('not_property') };
  }
  const target = kind as SingleTarget;
  let confidence = conceptScore;
  let reason = word('plain');
  // Values that contradict the header lower the confidence, so a person looks twice.
  if (target === 'email' && profile.filled >= 3 && profile.emails < 0.3) {
    confidence *= 0.75;
    reason = word('few_emails');
  } else if (target === 'locale' && profile.filled >= 3 && profile.locales < 0.3) {
    confidence *= 0.75;
    reason = word('few_locales');
  }
  return { ...base, target, confidence: round(confidence), reason };
}

/** "Nom" beside "Prénom" is the last name; "Nombre" beside "Apellidos" the first name. */
function resolveNameParts(columns: Judged[]): void {
  const hasFirst = columns.some((c) => c.target === 'first_name');
  const hasLast = columns.some((c) => c.target === 'last_name');
  if (hasFirst === hasLast) return;
  for (const column of columns) {
    if (!column.namePart || column.target !== 'name') continue;
    column.target = hasFirst ? 'last_name' : 'first_name';
    column.confidence = round(column.confidence * 0.95);
    column.reason = { code: hasFirst ? 'name_beside_first' : 'name_beside_last', params: { header: column.header } };
  }
}

function columnCount(header: readonly unknown[], sample: readonly (readonly unknown[])[]): number {
  let width = 0;
  for (let i = 0; i < header.length; i++) if (headerText(header[i]) !== '') width = i + 1;
  const rows = Math.min(sample.length, 500);
  for (let r = 0; r < rows; r++) {
    const row = sample[r];
    if (!Array.isArray(row)) continue;
    for (let i = row.length - 1; i >= width; i--) {
      if (cellText(row[i]).trim() !== '') {
        width = i + 1;
        break;
      }
    }
  }
  return width;
}

/**
 * Suggests a target for every column from its header words (several languages, typos
 * forgiven), the event's catalog, and the values in `sample` (the data rows below the header).
 */
export function suggestMapping(header: string[], sample: string[][], options: SuggestOptions = {}): ColumnMapping {
  const catalog = options.catalog ?? [];
  const rows = Array.isArray(sample) ? sample : [];
  const cells = Array.isArray(header) ? header : [];
  const columns: Judged[] = [];
  const width = columnCount(cells, rows);
  for (let i = 0; i < width; i++) columns.push(judge(i, headerText(cells[i]), profileColumn(rows, i), catalog));
  resolveNameParts(columns);
  resolveDuplicates(columns);
  return { signature: headerSignature(cells), columns: columns.map(({ namePart: _n, ...column }) => column) };
}

function headerKeys(header: readonly unknown[]): string[] {
  const keys = (Array.isArray(header) ? header : []).map((cell) => headerText(cell).normalize('NFC').toLowerCase());
  while (keys.length > 0 && keys[keys.length - 1] === '') keys.pop();
  return keys;
}

/** The same for the same headers in the same order, whatever their case, spacing or trailing blanks. */
export function headerSignature(header: string[]): string {
  const keys = headerKeys(header);
  return `h${keys.length}-${fnv1a(JSON.stringify(keys))}`;
}

/** Whether a value names something a column can supply (`email`, `ignore`, `demographic:Gender`…). */
export function isTarget(value: unknown): value is ColumnTarget {
  if (typeof value !== 'string') return false;
  if (value === 'ignore' || (SINGLE_TARGETS as readonly string[]).includes(value)) return true;
  return isDemographicTarget(value as ColumnTarget) && categoryOf(value as `demographic:${string}`).trim() !== '';
}

/**
 * Reuses a mapping a person confirmed for the same headers, or null when the headers differ.
 * The stored columns are checked header by header, so a signature collision cannot apply it.
 */
export function applyRememberedMapping(header: string[], remembered: ColumnMapping | null | undefined): ColumnMapping | null {
  if (!remembered || !Array.isArray(remembered.columns)) return null;
  const signature = headerSignature(header);
  if (remembered.signature !== signature) return null;
  const keys = headerKeys(header);
  const byIndex = new Map<number, MappedColumn>();
  for (const column of remembered.columns) {
    if (!column || !Number.isInteger(column.index) || column.index < 0) return null;
    const key = column.index < keys.length ? keys[column.index] : '';
    if (headerText(column.header).normalize('NFC').toLowerCase() !== key) return null;
    byIndex.set(column.index, column);
  }
  const width = Math.max(keys.length, ...[...byIndex.keys()].map((i) => i + 1));
  // Every column is confirmed (confidence 1), but a fallback e-mail column stays second.
  const fallbackEmails = new Set(byPriority([...byIndex.values()], 'email').slice(1).map((c) => c.index));
  const columns: MappedColumn[] = [];
  for (let i = 0; i < width; i++) {
    const stored = byIndex.get(i);
    const target = stored && isTarget(stored.target) ? stored.target : 'ignore';
    const confidence = target === 'email' && fallbackEmails.has(i) ? 0.9 : 1;
    columns.push({ index: i, header: headerText(header[i]), target, confidence, reason: { code: 'remembered' } });
  }
  resolveDuplicates(columns);
  return { signature, columns };
}
