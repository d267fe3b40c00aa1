/**
 * Reads a submitted scalar as text. Numbers are what spreadsheets make of ids, so an
 * integer is written without a decimal point or exponent (4567, never 4567.0 or 4.567e3).
 * Returns null for values that are not text at all (objects, arrays).
 */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? value.toFixed(0) : BigInt(value).toString();
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return null;
}
