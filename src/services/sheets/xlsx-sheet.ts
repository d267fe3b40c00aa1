import * as XLSX from '@e965/xlsx';
import { integerText, serialToIso } from './cell-text';
import { SheetReadError } from './errors';
import { attribute, textRuns, xmlText } from './xml-text';
import { ownString } from './xml-stream';

/** How the cells of one style are shown, worked out once per style rather than per cell. */
interface StyleView {
  format: string;
  isDate: boolean;
  general: boolean;
}

/** Excel's own limits: a reference beyond them is a damaged or crafted file, not data. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

export interface SheetContext {
  strings: string[];
  formats: string[];
  date1904: boolean;
}

/** Reads one worksheet's XML into text rows, fed in pieces that each end with whole rows. */
export interface SheetReader {
  /** Reads the rows in `text`; answers false once the sheet's data has ended. */
  feed(text: string): boolean;
  rows: string[][];
}

/** "AB12" → column index 27 (0-based); letters only. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
  }
  return col - 1;
}

function rowOf(ref: string): number {
  let i = 0;
  while (i < ref.length && ref.charCodeAt(i) >= 65) i++;
  return Number(ref.slice(i)) - 1;
}

/**
 * Reads worksheet XML into text rows with the same rules as `cellText`. A scanner built for
 * this one shape of XML (`<row><c r t s><v>…</v></c></row>`) is several times faster than a
 * general parser on the 100,000-row sheets people hand in. Each piece fed must end with a
 * whole row (or be the last), so a row is never cut in two.
 */
export function sheetReader(context: SheetContext): SheetReader {
  const views = new Map<number, StyleView>();
  const viewOf = (style: number): StyleView => {
    let view = views.get(style);
    if (!view) {
      const format = context.formats[style] ?? 'General';
      const general = format === 'General' || format === '@';
      view = { format, general, isDate: !general && XLSX.SSF.is_date(format) };
      views.set(style, view);
    }
    return view;
  };
  const rows: string[][] = [];
  let started = false;
  let nextRow = 0;

  const feed = (xml: string): boolean => {
    let pos = 0;
    if (!started) {
      pos = xml.indexOf('<sheetData');
      if (pos < 0) return true;
      started = true;
    }
    const dataEnd = xml.indexOf('</sheetData>', pos);
    const end = dataEnd < 0 ? xml.length : dataEnd;
    for (;;) {
      const rowOpen = xml.indexOf('<row', pos);
      if (rowOpen < 0 || rowOpen >= end) break;
      const rowTagEnd = xml.indexOf('>', rowOpen);
      if (rowTagEnd < 0) break;
      const rowTag = xml.slice(rowOpen, rowTagEnd + 1);
      const r = attribute(rowTag, 'r');
      const rowIndex = r ? Number(r) - 1 : nextRow;
      if (!(rowIndex >= 0 && rowIndex < MAX_ROWS)) throw outOfBounds();
      nextRow = rowIndex + 1;
      if (xml.charCodeAt(rowTagEnd - 1) === 47 /* <row/> */) {
        pos = rowTagEnd + 1;
        continue;
      }
      const rowClose = xml.indexOf('</row>', rowTagEnd);
      const rowEnd = rowClose < 0 || rowClose > end ? end : rowClose;
      while (rows.length < rowIndex) rows.push([]);
      rows[rowIndex] = rowCells(xml, rowTagEnd + 1, rowEnd, rowIndex, context, viewOf);
      pos = rowEnd + 6;
    }
    return dataEnd < 0;
  };
  return { feed, rows };
}

function rowCells(xml: string, from: number, rowEnd: number, rowIndex: number, context: SheetContext, viewOf: (style: number) => StyleView): string[] {
  const cells: string[] = [];
  let nextCol = 0;
  let cpos = from;
  for (;;) {
    const cellOpen = xml.indexOf('<c', cpos);
    if (cellOpen < 0 || cellOpen >= rowEnd) break;
    const after = xml.charCodeAt(cellOpen + 2);
    if (after !== 32 && after !== 62 && after !== 47) {
      cpos = cellOpen + 2;
      continue;
    }
    const tagEnd = xml.indexOf('>', cellOpen);
    if (tagEnd < 0) break;
    const tag = xml.slice(cellOpen, tagEnd + 1);
    const ref = attribute(tag, 'r');
    const col = ref ? columnOf(ref) : nextCol;
    if (ref && rowOf(ref) !== rowIndex) break; // malformed: let the general reader decide
    if (col < 0 || col >= MAX_COLUMNS) throw outOfBounds();
    nextCol = col + 1;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      cpos = tagEnd + 1;
      continue; // <c …/> holds a style, no value
    }
    const cellClose = xml.indexOf('</c>', tagEnd);
    const cellEnd = cellClose < 0 || cellClose > rowEnd ? rowEnd : cellClose;
    const text = cellValue(xml, tag, tagEnd + 1, cellEnd, context, viewOf);
    if (text !== '') {
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    cpos = cellEnd + 4;
  }
  return cells;
}

function outOfBounds(): SheetReadError {
  return new SheetReadError('unreadable', 'The file is damaged: it places cells beyond the last row or column a spreadsheet can have.');
}

/** A cell's text. Text cut from the XML is copied (`ownString`) so it does not pin the XML. */
function cellValue(xml: string, tag: string, from: number, to: number, context: SheetContext, viewOf: (style: number) => StyleView): string {
  const type = attribute(tag, 't') ?? 'n';
  if (type === 'inlineStr') {
    const is = xml.indexOf('<is>', from);
    return is >= 0 && is < to ? ownString(textRuns(xml, is, to)) : '';
  }
  let vOpen = xml.indexOf('<v', from);
  while (vOpen >= 0 && vOpen < to && xml.charCodeAt(vOpen + 2) !== 62 && xml.charCodeAt(vOpen + 2) !== 32) vOpen = xml.indexOf('<v', vOpen + 2);
  if (vOpen < 0 || vOpen >= to) return '';
  const vStart = xml.indexOf('>', vOpen) + 1;
  if (xml.charCodeAt(vStart - 2) === 47) return ''; // <v/>
  const vClose = xml.indexOf('</v>', vStart);
  const raw = xml.slice(vStart, vClose < 0 || vClose > to ? to : vClose);
  switch (type) {
    case 's':
      return context.strings[Number(raw)] ?? '';
    case 'str':
    case 'e':
      return ownString(xmlText(raw));
    case 'b':
      return raw === '1' ? 'TRUE' : 'FALSE';
    case 'd':
      return xmlText(raw).slice(0, 10);
    default: {
      const value = Number(raw);
      if (!Number.isFinite(value)) return ownString(xmlText(raw));
      const s = attribute(tag, 's');
      const view = viewOf(s ? Number(s) : 0);
      if (view.isDate) return serialToIso(value, context.date1904, view.format);
      if (view.general) return Number.isInteger(value) ? integerText(value) : generalText(value);
      const shown = XLSX.SSF.format(view.format, value);
      if (Number.isInteger(value)) return /^-?0\d+$/.test(shown) ? shown : integerText(value);
      return /E[+-]\d/i.test(shown) ? String(value) : shown;
    }
  }
}

/** A fraction as Excel's General format shows it, unless that would be an exponent. */
function generalText(value: number): string {
  const shown = XLSX.SSF.format('General', value);
  return /E[+-]\d/i.test(shown) ? String(value) : shown;
}
