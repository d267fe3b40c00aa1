/** Files found awkward in review: each once read wrong, crashed or took minutes. */
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { workbook, workbookBytes } from '../../../fixtures/sheets';

const LIST = [['Name', 'Email'], ['Ada', 'ada@example.com'], ['Bob', 'bob@example.com']];

/** The xlsx of LIST with one string of its sheet XML replaced. */
function editedXlsx(from: string, to: string): Uint8Array {
  const files = unzipSync(workbookBytes({ List: LIST }, 'xlsx'));
  const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
  if (!xml.includes(from)) throw new Error(`fixture: ${from} not in the sheet XML`);
  files['xl/worksheets/sheet1.xml'] = strToU8(xml.replace(from, to));
  return zipSync(files);
}

describe('damaged xlsx references', () => {
  it('refuses a cell beyond the last column a spreadsheet can have, with a sentence', () => {
    const bytes = editedXlsx('r="B3"', 'r="ZZZZZZZ3"');
    expect(() => readWorkbookBytes(bytes)).toThrow(SheetReadError);
    expect(() => readWorkbookBytes(bytes)).toThrow(/damaged/);
  });

  it('refuses a row number beyond the last row at once, instead of building billions of rows', () => {
    const bytes = editedXlsx('<row r="3"', '<row r="3000000000"');
    const start = Date.now();
    expect(() => readWorkbookBytes(bytes)).toThrow(/damaged/);
    expect(Date.now() - start).toBeLessThan(2_000);
  });
});

describe('csv that is not quite csv', () => {
  it('keeps every row when a cell starts with a quote mark that does not close it', () => {
    const text = 'Name,Email\n"Hansi" Müller,h@example.com\nEva,e@example.com\nJo,j@example.com\n';
    const data = readWorkbookBytes(Buffer.from(text, 'utf8'));
    expect(data.sheets[0].rows).toEqual([['Name', 'Email'], ['"Hansi" Müller', 'h@example.com'], ['Eva', 'e@example.com'], ['Jo', 'j@example.com']]);
    expect(data.notes?.[0]).toEqual({ code: 'csv_repaired' });
  });

  it('keeps the rows after an inch mark in a note', () => {
    const text = 'Name;Email;Note\nAnna;a@x.de;5" tall\nEva;e@x.de;"ok\nJo;j@x.de;fine\nMax;m@x.de;"quoted; with delimiter"\n';
    const rows = readWorkbookBytes(Buffer.from(text, 'utf8')).sheets[0].rows;
    expect(rows.map((r) => r[0])).toEqual(['Name', 'Anna', 'Eva', 'Jo', 'Max']);
    expect(rows[4][2]).toBe('quoted; with delimiter');
  });

  it('leaves well-formed quoted cells with line breaks to the strict parser', () => {
    const data = readWorkbookBytes(Buffer.from('Name,Note\nAda,"two\nlines"\n', 'utf8'));
    expect(data.sheets[0].rows).toEqual([['Name', 'Note'], ['Ada', 'two\nlines']]);
    expect(data.notes).toBeUndefined();
  });

  it.each(['utf16le', 'utf-16be'] as const)('reads %s text without a byte-order mark', (encoding) => {
    const text = 'Name,Email\nJosé Müller,j@example.com\n';
    const le = Buffer.from(text, 'utf16le');
    const bytes = encoding === 'utf16le' ? le : Buffer.from(le).swap16();
    const data = readWorkbookBytes(bytes);
    expect(data.sheets[0].rows[1]).toEqual(['José Müller', 'j@example.com']);
  });

  it('reads a UTF-8 file with a few Windows-1252 bytes pasted in without garbling either', () => {
    const bytes = Buffer.concat([Buffer.from('Name;Note\nJürgen Groß;ok\nZoë;', 'utf8'), Buffer.from('naïve café\n', 'latin1')]);
    const rows = readWorkbookBytes(bytes).sheets[0].rows;
    expect(rows).toEqual([['Name', 'Note'], ['Jürgen Groß', 'ok'], ['Zoë', 'naïve café']]);
  });
});

describe('what web systems save as .xls', () => {
  it('reads Excel XML Spreadsheet 2003', () => {
    const bytes = XLSX.write(workbook({ List: LIST }), { type: 'buffer', bookType: 'xlml' }) as Uint8Array;
    const data = readWorkbookBytes(bytes);
    expect(data.format).toBe('xml2003');
    expect(data.sheets[0].rows).toEqual(LIST);
  });

  it('reads an HTML table', () => {
    const html = '<html><body><table><tr><td>Name</td><td>Email</td></tr><tr><td>Ada</td><td>ada@example.com</td></tr></table></body></html>';
    const data = readWorkbookBytes(Buffer.from(html, 'utf8'));
    expect(data.format).toBe('html');
    expect(data.sheets[0].rows).toEqual([['Name', 'Email'], ['Ada', 'ada@example.com']]);
  });
});
