import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { readXlsxFast } from '../../../../src/services/sheets/xlsx-fast';
import { entryBytes, soundCopy, streamEntry, zipEntries } from '../../../../src/services/sheets/zip-entries';

const PARTS: Record<string, string> = {
  'xl/workbook.xml': '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
  'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>Zoë</v></c><c r="B1"><v>42</v></c></row></sheetData></worksheet>',
};

/**
 * A stored (uncompressed) zip written by hand, as zip64 when asked: every size and offset
 * then sits in the zip64 fields, as some writers do for any file.
 */
function storedZip(files: Record<string, string>, zip64: boolean): Uint8Array {
  const out: number[] = [];
  /** Little-endian fields, each [width in bytes, value]. */
  const put = (...fields: [2 | 4 | 8, number][]) => {
    for (const [width, value] of fields) for (let i = 0; i < width; i++) out.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
  };
  const central: { name: Uint8Array; data: Uint8Array; offset: number }[] = [];
  for (const [name, text] of Object.entries(files)) {
    const entry = { name: strToU8(name), data: strToU8(text), offset: out.length };
    central.push(entry);
    put([4, 0x04034b50], [2, 45], [2, 0x800], [2, 0], [2, 0], [2, 0], [4, 0], [4, entry.data.length], [4, entry.data.length], [2, entry.name.length], [2, 0]);
    out.push(...entry.name, ...entry.data);
  }
  const directory = out.length;
  for (const entry of central) {
    const size = zip64 ? 0xffffffff : entry.data.length;
    put([4, 0x02014b50], [2, 45], [2, 45], [2, 0x800], [2, 0], [2, 0], [2, 0], [4, 0], [4, size], [4, size]);
    put([2, entry.name.length], [2, zip64 ? 28 : 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, zip64 ? 0xffffffff : entry.offset]);
    out.push(...entry.name);
    if (zip64) put([2, 1], [2, 24], [8, entry.data.length], [8, entry.data.length], [8, entry.offset]);
  }
  const directorySize = out.length - directory;
  if (zip64) {
    const record = out.length;
    put([4, 0x06064b50], [8, 44], [2, 45], [2, 45], [4, 0], [4, 0], [8, central.length], [8, central.length], [8, directorySize], [8, directory]);
    put([4, 0x07064b50], [4, 0], [8, record], [4, 1]);
  }
  const count = zip64 ? 0xffff : central.length;
  put([4, 0x06054b50], [2, 0], [2, 0], [2, count], [2, count], [4, zip64 ? 0xffffffff : directorySize], [4, zip64 ? 0xffffffff : directory], [2, 0]);
  return Uint8Array.from(out);
}

describe('zip entries', () => {
  it.each([false, true])('reads stored parts from the central directory (zip64: %s)', (zip64) => {
    const zip = storedZip(PARTS, zip64);
    const entries = zipEntries(zip);
    expect([...entries.keys()]).toEqual(Object.keys(PARTS));
    expect(strFromU8(entryBytes(zip, entries.get('xl/workbook.xml')!))).toBe(PARTS['xl/workbook.xml']);
    expect(readXlsxFast(zip)![0].rows).toEqual([['Zoë', '42']]);
  });

  it('inflates a deflated part whole or a piece at a time, and can stop early', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `<r>${Math.imul(i, 2654435761) >>> 0}</r>`).join('');
    const zip = zipSync({ 'big.xml': strToU8(text) }, { level: 9 });
    const entry = zipEntries(zip).get('big.xml')!;
    expect(strFromU8(entryBytes(zip, entry))).toBe(text);
    const pieces: number[] = [];
    expect(streamEntry(zip, entry, (bytes) => pieces.push(bytes.length) > 0)).toBe(true);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(text.length);
    expect(pieces.length).toBeGreaterThan(1);
    let calls = 0;
    expect(streamEntry(zip, entry, () => ++calls < 1)).toBe(false);
    expect(calls).toBe(1);
  });

  it('calls an archive whose directory or data runs past its end damaged', () => {
    const zip = storedZip(PARTS, false);
    const damaged = (bytes: Uint8Array) => {
      try {
        const entries = zipEntries(bytes);
        for (const entry of entries.values()) entryBytes(bytes, entry);
      } catch (error) {
        return error instanceof SheetReadError && error.code === 'truncated';
      }
      return false;
    };
    expect(damaged(zip)).toBe(false);
    expect(damaged(zip.subarray(0, zip.length - 30))).toBe(true); // no end record
    const badOffset = Uint8Array.from(zip);
    badOffset.set([0xf0, 0xff, 0xff, 0x00], zip.length - 6); // directory beyond the end
    expect(damaged(badOffset)).toBe(true);
    const badCount = Uint8Array.from(zip);
    badCount.set([0xff, 0xff], zip.length - 12); // 65,535 entries claimed
    expect(damaged(badCount)).toBe(true);
    const deflated = zipSync({ 'a.xml': strToU8('x'.repeat(5000)) });
    const garbled = Uint8Array.from(deflated);
    garbled.fill(0xff, 40, 60); // inside the deflated data
    expect(damaged(garbled)).toBe(true);
  });

  it('copies an archive for SheetJS, stored, at the size its parts really have', () => {
    const zip = zipSync({ 'a.xml': strToU8('x'.repeat(5000)), 'b.xml': strToU8('<b/>') });
    const copy = soundCopy(zip);
    const parts = zipEntries(copy);
    expect(strFromU8(entryBytes(copy, parts.get('a.xml')!))).toBe('x'.repeat(5000));
    expect(parts.get('a.xml')!.method).toBe(0);
    // A damaged record claims its part inflates to nearly 4 GB, and points past the end.
    const at = zip.length - 22 - 2 * 46 - 'a.xml'.length - 'b.xml'.length;
    expect(zip[at] | (zip[at + 1] << 8)).toBe(0x4b50);
    zip.set([0, 0, 0, 0xf0], at + 24);
    zip.set([0, 0, 0, 0x70], at + 42);
    const started = performance.now();
    expect(() => soundCopy(zip)).toThrow(SheetReadError);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
