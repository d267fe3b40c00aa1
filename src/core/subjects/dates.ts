/**
 * Calendar dates and timestamps of subjects as text. Dates are `YYYY-MM-DD`, timestamps the
 * UTC form `toISOString` writes, so both sort and compare correctly as plain strings (the
 * service's SQL compares them that way).
 */
export type IsoDate = string;

const DASHED = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})$/;

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYYMMDD` (as the interface sample writes it) or `YYYY-MM-DD` → `YYYY-MM-DD`; null if not a real date. */
export function parseDate(value: string | number): IsoDate | null {
  // The sample's eight digits may arrive as a JSON number (20100131).
  const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : value;
  const match = DASHED.exec(text) ?? COMPACT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(year, month, day) ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export function dateParts(date: IsoDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/**
 * An ISO 8601 timestamp with a time and a zone (`Z` or an offset) → UTC `toISOString` form.
 * A timestamp without a zone is refused: its instant would depend on where it was read.
 */
export function parseTimestamp(text: string): string | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(match[i]));
  const second = Number(match[6] ?? '0');
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const millis = (match[7] ?? '0').padEnd(3, '0').slice(0, 3);
  let zone = match[8].toUpperCase();
  if (zone !== 'Z') {
    const [h, m] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
    if (h > 23 || m > 59) return null;
    zone = `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  }
  const instant = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}.${millis}${zone}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** A date (read as the start of that day, UTC) or a timestamp → UTC timestamp text. */
export function parseDateOrTimestamp(text: string): string | null {
  const date = parseDate(text);
  return date ? `${date}T00:00:00.000Z` : parseTimestamp(text);
}

/** The UTC calendar day of an instant: the service's "today" for ages and exclusions. */
export function todayOf(now: Date): IsoDate {
  return now.toISOString().slice(0, 10);
}

/**
 * Moves a date by whole months; a day the target month lacks becomes its last day
 * (31 March − 1 month = 28 or 29 February), which keeps age arithmetic exact (see age.ts).
 */
export function shiftMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, daysInMonth(targetYear, targetMonth)))}`;
}

export function shiftYears(date: IsoDate, years: number): IsoDate {
  return shiftMonths(date, years * 12);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = dateParts(date);
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day + days);
  return `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())}`;
}

/** A date (its midnight UTC) or a zoned timestamp → UTC timestamp text; the name filters.ts uses. */
export const parseInstant = parseDateOrTimestamp;
