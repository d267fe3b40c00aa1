/** What the values under a header look like, from a sample of data rows. */
import { canonicalLocale } from '../participants/locales';
import { cellText, looksLikeDate, looksLikeEmail, looksLikeNumber } from './cells';

export interface ColumnProfile {
  /** Sample rows with a value in this column. */
  filled: number;
  distinct: number;
  /** Shares of filled values, 0..1. */
  emails: number;
  locales: number;
  dates: number;
  longest: number;
  /** Few distinct short values repeated across many rows, like a demographic category. */
  categorical: boolean;
}

/** At most this many sample rows are read per column. */
export const SAMPLE_LIMIT = 500;
export const MAX_CATEGORIES = 12;
const MAX_CATEGORY_LENGTH = 40;
const MIN_CATEGORICAL_ROWS = 4;

/** Values that are measurements or identifiers, not category names: 12345, 3.75, 1,234. */
function isMeasure(text: string): boolean {
  return looksLikeNumber(text) && (/[.,]\d/.test(text) || text.replace(/\D/g, '').length >= 5);
}

export function profileColumn(sample: readonly (readonly unknown[])[], index: number): ColumnProfile {
  const seen = new Set<string>();
  let filled = 0;
  let emails = 0;
  let locales = 0;
  let dates = 0;
  let measures = 0;
  let longest = 0;
  const rows = Math.min(sample.length, SAMPLE_LIMIT);
  for (let r = 0; r < rows; r++) {
    const row = sample[r];
    if (!Array.isArray(row)) continue;
    const text = cellText(row[index]).trim();
    if (text === '') continue;
    filled++;
    if (seen.size <= MAX_CATEGORIES) seen.add(text.toLowerCase().replace(/\s+/g, ' '));
    if (text.length > longest) longest = text.length;
    if (looksLikeEmail(text)) emails++;
    else if (canonicalLocale(text)) locales++;
    else if (looksLikeDate(text)) dates++;
    else if (isMeasure(text)) measures++;
  }
  const share = (n: number) => (filled === 0 ? 0 : n / filled);
  const distinct = seen.size;
  const categorical =
    filled >= MIN_CATEGORICAL_ROWS && distinct >= 2 && distinct <= MAX_CATEGORIES && distinct * 2 <= filled &&
    longest <= MAX_CATEGORY_LENGTH && emails === 0 && locales < filled && share(dates) < 0.2 && measures === 0;
  return { filled, distinct, emails: share(emails), locales: share(locales), dates: share(dates), longest, categorical };
}
