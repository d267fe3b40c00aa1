/**
 * Run with --expose-gc by xlsx-stream.test.ts: how much memory (heap and external strings)
 * the rows of a sheet keep, where each row carries a long attribute, so rows holding on to
 * the XML they were cut from would keep several times what their text needs. Prints
 * {grown, xml}: bytes kept, and the characters of the sheet's XML.
 */
import { strToU8, zipSync } from 'fflate';
import { readXlsxFast } from '../../../../src/services/sheets/xlsx-fast';

function workbook(): { bytes: Uint8Array; xml: number } {
  const junk = 'x'.repeat(1000);
  const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}" junk="${junk}"><c r="A${i + 1}" t="str"><v>participant.${String(i).padStart(6, '0')}@example.com</v></c></row>`).join('');
  const bytes = zipSync({
    'xl/workbook.xml': strToU8('<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
  });
  return { bytes, xml: rows.length };
}

const gc = (globalThis as { gc?: () => void }).gc!;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
};
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external - m.arrayBuffers; // external strings count, buffers do not
};

const { bytes, xml } = workbook();
await settle();
const before = used();
const sheets = readXlsxFast(bytes)!;
await settle();
const grown = used() - before;
if (sheets[0].rows.length !== 20_000) throw new Error('the probe read the wrong number of rows');
console.log(JSON.stringify({ grown, xml }));
