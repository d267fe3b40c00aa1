/** What a file holds, told by its bytes rather than its name (people rename files). */
export type SheetFormat = 'xlsx' | 'ods' | 'xls' | 'fods' | 'xml2003' | 'html' | 'cfb-encrypted' | 'zip-truncated' | 'zip-other' | 'text';

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

export function sniffFormat(bytes: Uint8Array): SheetFormat {
  if (startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY)) {
    if (!hasEndOfCentralDirectory(bytes)) return 'zip-truncated';
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
  const head = latin1(bytes, 2048);
  if (/^(\uFEFF)?\s*<\?xml/.test(head) && head.includes('office:document')) return 'fods';
  // What many web systems save as ".xls": Excel's XML Spreadsheet 2003, or an HTML table.
  if (/^(\uFEFF)?\s*<\?xml/.test(head) && head.includes('urn:schemas-microsoft-com:office:spreadsheet')) return 'xml2003';
  if (/^(\uFEFF)?\s*(<!doctype html|<html|<table)/i.test(head)) return 'html';
  return 'text';
}
