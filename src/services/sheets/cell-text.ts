import * as XLSX from '@e965/xlsx';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An Excel date serial as ISO text: `2024-03-05`, or `2024-03-05 14:30` with a time. A time
 * alone (`14:30`) when the cell's format shows no date, or the serial is below one day in a
 * 1900-based workbook: day 0 there is no date (Excel shows it as 1900-01-00).
 */
export function serialToIso(serial: number, date1904 = false, format?: string): string {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!d) return String(serial);
  const time = `${pad(d.H)}:${pad(d.M)}${d.S ? `:${pad(Math.round(d.S))}` : ''}`;
  if ((format !== undefined && isTimeOnly(format)) || (!date1904 && serial >= 0 && serial < 1)) {
    // A duration format ([h]:mm) counts hours past a day: 1.5 days is 36:00.
    return format && /\[h+\]/i.test(format) ? `${pad(d.D * 24 + d.H)}${time.slice(2)}` : time;
  }
  const date = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;
  if (d.H === 0 && d.M === 0 && d.S === 0) return date;
  return `${date} ${time}`;
}

/** A date format without a year or a day (`hh:mm`, `h:mm AM/PM`, `[h]:mm:ss`) shows a time only. */
function isTimeOnly(format: string): boolean {
  // Quoted text, escaped characters and [brackets] (colours, locales, elapsed hours) are not date parts.
  const parts = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return !/[yd]/i.test(parts) && !/mmm/i.test(parts);
}

/** Excel keeps 15 significant digits of a number; any further digit was never in the sheet. */
export const EXCEL_DIGITS = 15;

/**
 * Integers as a person reads them: all digits, never `4567.0` or `4.567E+3`. An integer the
 * file holds exactly (up to 2^53) keeps every digit, even past Excel's 15: a tool other
 * than Excel may have written a 16-digit id, and its digits are the data. Past that, the
 * binary number's further digits would be invented ones, so 15 significant digits followed
 * by zeros (`12345678901234600000`), as Excel shows it with a number format.
 */
export function integerText(value: number): string {
  if (Number.isSafeInteger(value)) return value.toFixed(0);
  const [mantissa, exponent] = value.toPrecision(EXCEL_DIGITS).split('e');
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace(/[-.]/g, '');
  return sign + digits.padEnd(Number(exponent) + 1, '0');
}

/**
 * The text of a cell as a person sees it, with the rules that keep participant data
 * intact: a formula gives its cached value (never its text); a date-formatted number is a
 * date; an integer keeps all its digits, and its leading zeros when the cell's format
 * shows them (`00123`); other numbers are shown as formatted.
 */
export function cellText(cell: XLSX.CellObject | undefined, date1904 = false): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '#ERROR';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v ?? '');
    case 'n': {
      const value = cell.v as number;
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format && format !== 'General' && XLSX.SSF.is_date(format)) return serialToIso(value, date1904, format);
      if (Number.isInteger(value)) {
        if (cell.w && /^-?0\d+$/.test(cell.w)) return cell.w;
        return integerText(value);
      }
      return cell.w && !/E[+-]\d/i.test(cell.w) ? cell.w : String(value);
    }
    default:
      return '';
  }
}
