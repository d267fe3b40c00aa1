import * as XLSX from '@e965/xlsx';
import { attribute, textRuns } from './xml-text';
import { ownString, streamXml } from './xml-stream';
import type { ZipEntry } from './zip-entries';

export interface SheetEntry {
  name: string;
  hidden: boolean;
  path: string;
}

/** Sheets in workbook order with the zip path of each (via the workbook's relationships). */
export function sheetEntries(workbookXml: string, relsXml: string): SheetEntry[] {
  const targets = new Map<string, string>();
  for (const tag of tags(relsXml, '<Relationship ')) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return tags(workbookXml, '<sheet ').map((tag) => {
    const id = attribute(tag, 'r:id') ?? '';
    return { name: attribute(tag, 'name') ?? 'Sheet', hidden: (attribute(tag, 'state') ?? 'visible') !== 'visible', path: targets.get(id) ?? '' };
  });
}

export function isDate1904(workbookXml: string): boolean {
  const tag = tags(workbookXml, '<workbookPr')[0];
  const value = tag ? attribute(tag, 'date1904') : undefined;
  return value === '1' || value === 'true';
}

/**
 * The shared-strings table, read a piece at a time: in a large workbook its XML is tens of
 * megabytes, and each string is copied out of it so no piece of that XML is kept.
 */
export function readSharedStrings(zip: Uint8Array, entry: ZipEntry | undefined): string[] {
  const strings: string[] = [];
  if (entry) streamXml(zip, entry, '</si>', (text) => addSharedStrings(text, strings));
  return strings;
}

/** The whole table at once (the pieces reader fed a single piece). */
export function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (xml) addSharedStrings(xml, strings);
  return strings;
}

function addSharedStrings(xml: string, strings: string[]): boolean {
  let pos = 0;
  for (;;) {
    const open = xml.indexOf('<si', pos);
    if (open < 0) break;
    const tagEnd = xml.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = xml.charCodeAt(tagEnd - 1) === 47 /* <si/> */ ? -1 : xml.indexOf('</si>', tagEnd);
    if (close < 0) {
      strings.push(''); // <si/>, or a last entry cut short: still a slot, so later indexes hold
      pos = tagEnd + 1;
      continue;
    }
    strings.push(ownString(textRuns(xml, tagEnd + 1, close)));
    pos = close + 5;
  }
  return true;
}

/** Number format code per cell style index (the `s` attribute of a cell). */
export function styleFormats(xml: string | undefined): string[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const tag of tags(xml, '<numFmt ')) custom.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? 'General');
  const builtin = XLSX.SSF.get_table() as Record<number, string>;
  const start = xml.indexOf('<cellXfs');
  const end = xml.indexOf('</cellXfs>', start);
  if (start < 0 || end < 0) return [];
  return tags(xml.slice(start, end), '<xf ').map((tag) => {
    const id = Number(attribute(tag, 'numFmtId') ?? 0);
    return custom.get(id) ?? builtin[id] ?? 'General';
  });
}

/** The text of every start tag beginning with `prefix`, up to its `>`. */
function tags(xml: string, prefix: string): string[] {
  const found: string[] = [];
  let pos = 0;
  for (;;) {
    const at = xml.indexOf(prefix, pos);
    if (at < 0) return found;
    const end = xml.indexOf('>', at);
    if (end < 0) return found;
    found.push(xml.slice(at, end + 1));
    pos = end + 1;
  }
}
