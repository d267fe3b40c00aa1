import * as XLSX from '@e965/xlsx';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An Excel date serial as ISO text: `2024-03-05`, or `2024-03-05 14:30` with a time. */
export function serialToIso(serial: number, date1904 = false): string {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!d) return String(serial);
  const date = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;
  if (d.H === 0 && d.M === 0 && d.S === 0) return date;
  return `${date} ${pad(d.H)}:${pad(d.M)}${d.S ? `:${pad(Math.round(d.S))}` : ''}`;
}

/** Integers as a person reads them: all digits, never `4567.0` or `4.567E+3`. */
export function integerText(value: number): string {
  return Math.abs(value) < 1e21 ? value.toFixed(0) : BigInt(value).toString();
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
      if (format && format !== 'General' && XLSX.SSF.is_date(format)) return serialToIso(value, date1904);
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
