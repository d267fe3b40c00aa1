import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { readWithSheetJs } from '../../../../src/services/sheets/sheetjs-reader';
import { readXlsxFast } from '../../../../src/services/sheets/xlsx-fast';
import { sharedStrings } from '../../../../src/services/sheets/xlsx-parts';
import { sheetReader } from '../../../../src/services/sheets/xlsx-sheet';
import { streamXml } from '../../../../src/services/sheets/xml-stream';
import { textRuns } from '../../../../src/services/sheets/xml-text';
import { zipEntries } from '../../../../src/services/sheets/zip-entries';
import { workbook, type Aoa } from '../../../fixtures/sheets';

/** A minimal xlsx package around hand-written sheet XML (and shared strings); level 0 stores it. */
function craftedXlsx(sheetData: string, sst?: string, level: 0 | 6 = 6): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8('<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${sheetData}</sheetData><mergeCells count="0"/></worksheet>`),
  };
  if (sst !== undefined) files['xl/sharedStrings.xml'] = strToU8(`<sst>${sst}</sst>`);
  return zipSync(files, { level });
}

/** Cells no chunk boundary can be trusted with: several-byte characters, entities, escapes. */
const awkward = (i: number) => `Zoë 日本 😀 ${i} &amp; <tag> _x000D_ “${'x'.repeat(i % 40)}”`;
/** The same as a cell's text once written by SheetJS (which escapes `&` and `<` itself). */
const awkwardText = (i: number) => `Zoë 日本 😀 ${i} & <tag> “${'x'.repeat(i % 40)}”`;

describe('reading a sheet a piece at a time', () => {
  // A stored part is cut every 16 KB whatever it holds, so characters of several bytes are cut in two.
  it.each([6, 0] as const)('hands over the whole XML in bounded pieces, each ending with a whole row (level %d)', (level) => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${awkward(i)}</t></is></c></row>`).join('');
    const bytes = craftedXlsx(rows, undefined, level);
    const entry = zipEntries(bytes).get('xl/worksheets/sheet1.xml')!;
    const pieces: string[] = [];
    const progress: number[] = [];
    streamXml(bytes, entry, '</row>', (text) => pieces.push(text) > 0, (f) => progress.push(f));
    const whole = `<worksheet><sheetData>${rows}</sheetData><mergeCells count="0"/></worksheet>`;
    expect(pieces.join('')).toBe(whole);
    expect(whole.length).toBeGreaterThan(4_000_000);
    expect(pieces.length).toBeGreaterThan(20);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(whole.length / 10);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('</row>')).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeLessThanOrEqual(1);
  });

  it('reads a large workbook exactly as SheetJS does, shared strings and all', () => {
    const sheet: Aoa = [['External ID', 'Name', 'Note', 'Count', 'Born']];
    for (let i = 0; i < 6000; i++) sheet.push([String(i).padStart(6, '0'), awkwardText(i), i % 3 === 0 ? '' : `note ${i % 17}`, i, { t: 'n', v: 40000 + i, z: 'yyyy-mm-dd' }]);
    for (const bookSST of [true, false]) {
      const bytes = XLSX.write(workbook({ Big: sheet, Small: [['a']] }), { type: 'buffer', bookType: 'xlsx', bookSST, compression: true }) as Uint8Array;
      const fast = readXlsxFast(bytes)!;
      expect(fast[0].rows).toHaveLength(6001);
      expect(fast[0].rows[5000][1]).toBe(awkwardText(4999));
      expect(fast).toEqual(readWithSheetJs(bytes));
    }
  });

  it('keeps only the cells, never the XML they were cut from', () => {
    const probe = fileURLToPath(new URL('./retention-probe.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { grown, xml } = JSON.parse(run.stdout) as { grown: number; xml: number };
    // 20,000 cells of 29 characters need a few megabytes; the sheet's XML is over 20 MB.
    expect(xml).toBeGreaterThan(20_000_000);
    expect(grown).toBeLessThan(xml / 2);
  }, 30_000);

  it('stops at the end of the sheet data', () => {
    const reader = sheetReader({ strings: [], formats: [], date1904: false });
    expect(reader.feed('<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>a</v></c></row>')).toBe(true);
    expect(reader.feed('<row r="2"><c r="B2" t="str"><v>b</v></c></row></sheetData><row r="9"><c r="A9" t="str"><v>not data</v></c></row>')).toBe(false);
    expect(reader.rows).toEqual([['a'], ['', 'b']]);
  });

  it('calls a truncated sheet damaged, rows read so far or not', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="str"><v>${awkward(i)}</v></c></row>`).join('');
    const bytes = craftedXlsx(rows);
    const entry = zipEntries(bytes).get('xl/worksheets/sheet1.xml')!;
    // Zero the second half of the sheet's compressed bytes: the archive's directory stays sound.
    const start = entry.headerOffset + 30 + 'xl/worksheets/sheet1.xml'.length;
    const damaged = Uint8Array.from(bytes);
    damaged.fill(0, start + entry.compressedSize / 2, start + entry.compressedSize);
    expect(() => readXlsxFast(damaged)).toThrow(SheetReadError);
  });
});

describe('shared strings', () => {
  it('keeps an empty <si/> in its place, so later strings keep their numbers', () => {
    expect(sharedStrings('<sst><si/><si><t>a</t></si><si></si><si><r><t>b</t></r><r><t xml:space="preserve"> c</t></r></si><si/></sst>')).toEqual(['', 'a', '', 'b c', '']);
    const bytes = craftedXlsx('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>3</v></c></row>', '<si/><si><t>one</t></si><si><t/></si><si><t>three</t></si>');
    expect(readXlsxFast(bytes)![0].rows).toEqual([['', 'one', 'three']]);
  });

  it('skips phonetic runs, and does not hang on one left open', () => {
    const runs = (xml: string) => textRuns(xml, 0, xml.length);
    expect(runs('<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><t>都</t></si>')).toBe('東京都');
    expect(runs('<si><t>a</t><rPh><t>b</t></si>')).toBe('a');
  });

  it('reads a table of many strings in time proportional to its size', () => {
    const count = 40_000;
    const xml = `<sst>${Array.from({ length: count }, (_, i) => `<si><t>Participant ${i}</t></si>`).join('')}</sst>`;
    const started = performance.now();
    const strings = sharedStrings(xml);
    expect(strings).toHaveLength(count);
    expect(strings[count - 1]).toBe(`Participant ${count - 1}`);
    // Searching the whole table for a phonetic run at every string took minutes here.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('streams a large table from the archive', () => {
    const count = 30_000;
    const sst = Array.from({ length: count }, (_, i) => `<si><t>${awkward(i)}</t></si>`).join('');
    const bytes = craftedXlsx(`<row r="1"><c r="A1" t="s"><v>${count - 1}</v></c><c r="B1" t="s"><v>7</v></c></row>`, sst);
    expect(readXlsxFast(bytes)![0].rows).toEqual([[awkward(count - 1), awkward(7)].map((t) => t.replace('&amp;', '&').replace('_x000D_', '\r'))]);
  });
});
