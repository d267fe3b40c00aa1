/** What a file holds, told by its bytes rather than its name (people rename files). */
export type SheetFormat =
  | 'xlsx'
  | 'ods'
  | 'xls'
  | 'fods'
  | 'xml2003'
  | 'html'
  | LegacyFormat
  | 'cfb-encrypted'
  | 'zip-truncated'
  | 'zip-other'
  | 'text';

/** What older tools and other platforms write, each read by SheetJS: told by content, as the rest. */
export type LegacyFormat = 'numbers' | 'biff' | 'lotus' | 'dbf' | 'sylk' | 'dif' | 'rtf';

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((b, i) => bytes[i] === b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function latin1(bytes: Uint8Array, length: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(length, bytes.length)).toString('latin1');
}

/** Finds a stored name anywhere in the (uncompressed) zip headers. */
function zipHasEntry(bytes: Uint8Array, name: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(name, 0, 'latin1');
}

/** A zip ends with this record (within its last 64 KiB comment); a cut-off download lacks it. */
function hasEndOfCentralDirectory(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(Math.max(0, bytes.length - 65_557));
  return tail.includes(Buffer.from(ZIP_EMPTY));
}

/** Files people attach instead of the list; a PDF may be all ASCII and pass for a CSV otherwise. */
const OTHER_FILES: readonly (readonly [readonly number[], string])[] = [
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'a PDF document'], // %PDF-
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'], // GIF8
];

/**
 * Text files people pick by mistake, told by their extension: as text they would read as a
 * one-column sheet with no header and no participants. Only plain text is judged by name (a
 * renamed xlsx is still read by its bytes); a name not listed here is read as a CSV.
 */
const OTHER_TEXT: Readonly<Record<string, string>> = {
  md: 'a Markdown document',
  markdown: 'a Markdown document',
  rst: 'a text document',
  rtf: 'a text document',
  js: 'program code',
  mjs: 'program code',
  cjs: 'program code',
  ts: 'program code',
  py: 'program code',
  sh: 'program code',
  css: 'program code',
  json: 'a JSON file',
  yml: 'a YAML file',
  yaml: 'a YAML file',
  log: 'a log file',
};

/** What kind of non-spreadsheet text this is, when its extension (with or without the dot) says so. */
export function otherTextKind(extension: string | undefined): string | null {
  return OTHER_TEXT[(extension ?? '').replace(/^\./, '').toLowerCase()] ?? null;
}

/** What kind of non-spreadsheet file this is, when its first bytes say so. */
export function otherFileKind(bytes: Uint8Array): string | null {
  return OTHER_FILES.find(([signature]) => startsWith(bytes, signature))?.[1] ?? null;
}

const word = (bytes: Uint8Array, at: number): number => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/**
 * Excel 2.x–4.0 (and some 5.0 exporters) write the workbook stream bare, without the compound
 * file around it: a BOF record (09 00, 09 02, 09 04 or 09 08) of a plausible length.
 */
function isBareBiff(bytes: Uint8Array): boolean {
  return bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1]) && word(bytes, 2) >= 4 && word(bytes, 2) <= 20;
}

/** Lotus 1-2-3 and Quattro Pro (and Works' wks): a BOF record whose version names the program. */
function isLotusFamily(bytes: Uint8Array): boolean {
  const [type, length, version] = [word(bytes, 0), word(bytes, 2), word(bytes, 4)];
  if ((type === 0x0000 || type === 0x00ff) && length === 2) return [0x0404, 0x0405, 0x0406, 0x5120, 0x1001, 0x1002, 0x1003].includes(version);
  // WK3, WK4 and 1-2-3 97+: a longer BOF whose version is 0x10nn (0x8007 is a format file, not a sheet).
  return type === 0x0000 && length === 0x1a && version >> 8 === 0x10;
}

/**
 * Whether a Lotus, Quattro Pro or bare BIFF file is whole: each record (type, length, body)
 * fits in the file up to its end record. SheetJS's readers of these formats can loop without
 * end on a record cut short, so a damaged file is refused before they see it.
 */
export function recordsWhole(bytes: Uint8Array, endType: number): boolean {
  let at = 0;
  while (at + 4 <= bytes.length) {
    const [type, length] = [word(bytes, at), word(bytes, at + 2)];
    // No record of either family is empty with type 0: that is a run of zeroed bytes, on
    // which SheetJS's BIFF reader spends seconds before it gives up.
    if (type === 0 && length === 0) return false;
    at += 4 + length;
    if (at > bytes.length) return false;
    if (type === endType) return true;
  }
  return at === bytes.length;
}

/** dBASE and FoxPro tables: a version byte, the date of the last change, a header of 32-byte field records. */
function isDbf(bytes: Uint8Array): boolean {
  const versions = [0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8c, 0xcb, 0xe5, 0xf5, 0xfb];
  const [month, day, header, record] = [bytes[2], bytes[3], word(bytes, 8), word(bytes, 10)];
  // dBASE 7 and Visual FoxPro headers are longer than 32 bytes a field, so the length is only bounded.
  return bytes.length > 32 && versions.includes(bytes[0]) && month >= 1 && month <= 12 && day >= 1 && day <= 31 && header >= 33 && header <= bytes.length && record > 0;
}

export function sniffFormat(bytes: Uint8Array): SheetFormat {
  if (startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY)) {
    if (!hasEndOfCentralDirectory(bytes)) return 'zip-truncated';
    // Apple Numbers (3.0 and later): its tables are in Index/*.iwa, or in an Index.zip inside
    // the zipped document package.
    if (zipHasEntry(bytes, 'Index/Document.iwa') || zipHasEntry(bytes, 'Index.zip')) return 'numbers';
    if (latin1(bytes, 100).includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet') || zipHasEntry(bytes, 'content.xml')) return 'ods';
    if (zipHasEntry(bytes, 'xl/workbook.xml') || zipHasEntry(bytes, '[Content_Types].xml')) return 'xlsx';
    return 'zip-other';
  }
  if (startsWith(bytes, CFB)) {
    // Office encrypts a password-protected xlsx into a compound file with these streams.
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (text.includes('EncryptedPackage', 0, 'utf16le') || text.includes('EncryptionInfo', 0, 'utf16le')) return 'cfb-encrypted';
    return 'xls';
  }
  if (isBareBiff(bytes)) return 'biff';
  if (isLotusFamily(bytes)) return 'lotus';
  if (isDbf(bytes)) return 'dbf';
  const head = latin1(bytes, 2048);
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (/^ID;P/.test(head)) return 'sylk';
  if (/^TABLE\r?\n0,1\r?\n"/.test(head)) return 'dif';
  if (/^(\uFEFF)?\s*<\?xml/.test(head) && head.includes('office:document')) return 'fods';
  // What many web systems save as ".xls": Excel's XML Spreadsheet 2003, or an HTML table.
  if (/^(\uFEFF)?\s*<\?xml/.test(head) && head.includes('urn:schemas-microsoft-com:office:spreadsheet')) return 'xml2003';
  if (/^(\uFEFF)?\s*(<!doctype html|<html|<table)/i.test(head)) return 'html';
  return 'text';
}
