/**
 * An xlsx workbook of one sheet written row by row into a deflated zip, so a large export
 * never holds its rows, or a shared-strings table of them, in memory: each row is turned
 * into XML and compressed as it comes, and only the compressed bytes are kept.
 *
 * Text cells are inline strings (`t="inlineStr"`): Excel and every reader show them as the
 * text they are — never a formula — and the value is written unchanged, but for text that
 * looks like a csv's formula guard (`'=1`), which gets one more apostrophe: Muster's reader
 * takes a guard off, so that one reads back as written.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { keepApostrophes } from '../../core/sheets/neutralise';
import { escapeOoxmlCodes } from '../../core/sheets/ooxml-text';
import type { CellValue } from './workbook';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const workbookXml = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

// Characters XML 1.0 cannot hold, and CR, which an XML reader would turn into LF, written as
// OOXML's _xHHHH_ codes so every reader gets them back.
// eslint-disable-next-line no-control-regex -- those characters are the point
const NOT_XML = /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]/g;

function xmlText(text: string): string {
  return escapeOoxmlCodes(text)
    .replace(NOT_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: CellValue, ref: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(keepApostrophes(value))}</t></is></c>`;
}

export class XlsxStream {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private rowNumber = 0;
  private failure: Error | null = null;

  constructor(sheetName: string) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
    });
    for (const [path, text] of [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', ROOT_RELS],
      ['xl/workbook.xml', workbookXml(sheetName.slice(0, 31) || 'Sheet1')],
      ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ] as const) {
      const part = new ZipDeflate(path, { level: 6 });
      this.zip.add(part);
      part.push(strToU8(text), true);
    }
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
    this.sheet.push(strToU8('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
  }

  /** Appends rows; they are compressed at once and not kept. */
  addRows(rows: readonly (readonly CellValue[])[]): void {
    let xml = '';
    for (const row of rows) {
      const r = ++this.rowNumber;
      xml += `<row r="${r}">${row.map((value, c) => cellXml(value, `${columnName(c)}${r}`)).join('')}</row>`;
    }
    if (xml) this.sheet.push(strToU8(xml));
  }

  /** The whole file: the compressed parts joined. */
  finish(): Uint8Array {
    this.sheet.push(strToU8('</sheetData></worksheet>'), true);
    this.zip.end();
    if (this.failure) throw this.failure;
    return Buffer.concat(this.chunks);
  }
}
