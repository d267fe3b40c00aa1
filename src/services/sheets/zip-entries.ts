import { Inflate, inflateSync, strFromU8, zipSync } from 'fflate';
import { SheetReadError } from './errors';

/** One file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not something a spreadsheet writer uses. */
  method: number;
  compressedSize: number;
  headerOffset: number;
}

export function damagedArchive(): SheetReadError {
  return new SheetReadError('truncated', 'The file is damaged or incomplete (was it fully downloaded?).');
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;
const MAX32 = 0xffffffff;

/**
 * The files of a zip archive by name, read from its central directory without inflating
 * anything, so a large part can then be inflated a piece at a time. A directory that runs
 * past the end of the bytes is a damaged file (SheetReadError).
 */
export function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  let end = zip.length - 22;
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  while (end >= lowest && u32(zip, end) !== 0x06054b50) end--;
  if (end < lowest) throw damagedArchive();
  let count = u16(zip, end + 10);
  let at = u32(zip, end + 16);
  let zip64 = false;
  if (end >= 20 && u32(zip, end - 20) === 0x07064b50) {
    const record = u64(zip, end - 12);
    if (record + 56 <= zip.length && u32(zip, record) === 0x06064b50) {
      zip64 = true;
      count = u64(zip, record + 32);
      at = u64(zip, record + 48);
    }
  }
  const entries = new Map<string, ZipEntry>();
  // Each record takes at least 46 bytes, so a made-up count cannot keep this loop going.
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== 0x02014b50) throw damagedArchive();
    const nameLength = u16(zip, at + 28);
    const extraLength = u16(zip, at + 30);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + u16(zip, at + 32);
    if (next > zip.length) throw damagedArchive();
    const utf8 = (u16(zip, at + 8) & 0x800) !== 0;
    const name = strFromU8(zip.subarray(nameStart, extraStart), !utf8);
    let compressedSize = u32(zip, at + 20);
    let headerOffset = u32(zip, at + 42);
    if (zip64 || compressedSize === MAX32 || headerOffset === MAX32) {
      [compressedSize, headerOffset] = zip64Sizes(zip, extraStart, extraStart + extraLength, u32(zip, at + 24), compressedSize, headerOffset);
    }
    entries.set(name, { name, method: u16(zip, at + 10), compressedSize, headerOffset });
    at = next;
  }
  return entries;
}

/** The zip64 extra field holds, in this order, whichever of the three sizes were too big for 32 bits. */
function zip64Sizes(zip: Uint8Array, from: number, to: number, size: number, compressed: number, offset: number): [number, number] {
  for (let at = from; at + 4 <= to; at += 4 + u16(zip, at + 2)) {
    if (u16(zip, at) !== 1) continue;
    let field = at + 4;
    if (size === MAX32) field += 8;
    if (compressed === MAX32) {
      compressed = u64(zip, field);
      field += 8;
    }
    if (offset === MAX32) offset = u64(zip, field);
    break;
  }
  return [compressed, offset];
}

/** Where an entry's compressed bytes are, checked against the archive's length. */
function dataRange(zip: Uint8Array, entry: ZipEntry): [number, number] {
  const header = entry.headerOffset;
  if (header + 30 > zip.length || u32(zip, header) !== 0x04034b50) throw damagedArchive();
  const start = header + 30 + u16(zip, header + 26) + u16(zip, header + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw damagedArchive();
  return [start, end];
}

/**
 * The archive written again, stored, for SheetJS. Its own unzip trusts each file's local
 * header over the central directory and can loop forever when one is damaged (found by
 * fuzzing, in archives whose every part fflate reads), so it is only ever given an archive
 * read here and written by fflate; a part that cannot be read is a damaged file. Parts are
 * inflated to their real size, never to the size their header claims (fflate's unzipSync
 * trusts that one, and a damaged header can claim gigabytes).
 */
export function soundCopy(zip: Uint8Array): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of zipEntries(zip).values()) {
    if (!entry.name.endsWith('/')) files[entry.name] = entryBytes(zip, entry);
  }
  return zipSync(files, { level: 0 });
}

/** A small part whole (workbook, relationships, styles). */
export function entryBytes(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const [start, end] = dataRange(zip, entry);
  if (entry.method === 0) return zip.subarray(start, end);
  if (entry.method !== 8) throw damagedArchive();
  try {
    return inflateSync(zip.subarray(start, end));
  } catch {
    throw damagedArchive();
  }
}

/**
 * Compressed bytes pushed at a time. Each inflates to some 50 KB of XML, and its text stays
 * below the size V8 puts straight into the old generation, where garbage waits for a full
 * collection: 45 MB of sheet XML read in large pieces would pile up there before it went.
 */
const CHUNK = 16 * 1024;

/**
 * Inflates an entry a piece at a time, handing each piece to `onBytes` with the fraction of
 * the entry read so far; `onBytes` answers false to stop early. Only a failure of the
 * inflation itself is a damaged file: whatever `onBytes` throws passes through unchanged.
 */
export function streamEntry(zip: Uint8Array, entry: ZipEntry, onBytes: (bytes: Uint8Array, fraction: number) => boolean): boolean {
  const [start, end] = dataRange(zip, entry);
  const total = Math.max(1, end - start);
  if (entry.method === 0) {
    for (let at = start; at < end; at += CHUNK) {
      if (!onBytes(zip.subarray(at, Math.min(end, at + CHUNK)), (Math.min(end, at + CHUNK) - start) / total)) return false;
    }
    return true;
  }
  if (entry.method !== 8) throw damagedArchive();
  let out: Uint8Array | undefined;
  const inflater = new Inflate((piece) => {
    out = piece;
  });
  for (let at = start; ; at += CHUNK) {
    const to = Math.min(end, at + CHUNK);
    try {
      inflater.push(zip.subarray(at, to), to === end);
    } catch {
      throw damagedArchive();
    }
    if (out && out.length > 0 && !onBytes(out, (to - start) / total)) return false;
    out = undefined;
    if (to === end) return true;
  }
}
