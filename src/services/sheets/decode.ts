/** How the bytes of a text file were read. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Decodes a CSV without asking: a byte-order mark decides when there is one; otherwise
 * valid UTF-8 is UTF-8, and anything else is what Excel on Windows writes (Windows-1252,
 * a superset of Latin-1 for the characters people type).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // A file pieced together from two sources: mostly UTF-8 with a few Windows-1252 bytes.
    // Reading it all as Windows-1252 would garble every UTF-8 letter, so each part is read as what it is.
    const { valid, invalid } = utf8Sequences(bytes);
    if (valid > invalid) return { text: mixedUtf8(bytes), encoding: 'utf-8' };
    return { text: windows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Length of the valid UTF-8 sequence starting at `i` (2–4), or 0. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return 0;
  return length;
}

function utf8Sequences(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      valid++;
      i += length - 1;
    } else invalid++;
  }
  return { valid, invalid };
}

function mixedUtf8(bytes: Uint8Array): string {
  const utf8 = new TextDecoder('utf-8');
  let out = '';
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      i += length - 1;
      continue;
    }
    out += utf8.decode(bytes.subarray(start, i)) + windows1252(bytes.subarray(i, i + 1));
    start = i + 1;
  }
  return out + utf8.decode(bytes.subarray(start));
}

/**
 * UTF-16 without a byte-order mark (some exports write it so): text in Latin letters then
 * has a zero in almost every other byte, odd positions for little-endian, even for big.
 */
function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Whether the bytes are text in some encoding Muster reads, even with zeros in them. */
export function isBomlessUtf16(bytes: Uint8Array): boolean {
  return bomlessUtf16(bytes) !== null;
}

/** What Windows-1252 puts at 0x80–0x9F (the five unused bytes map to themselves, as browsers do). */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Node 20's TextDecoder reads "windows-1252" as Latin-1, turning € “ ” – into invisible
 * control characters; the table puts them right on every runtime (a no-op where it is right).
 */
function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (ch) => CP1252_80_9F[ch.charCodeAt(0) - 0x80]);
}

/** True when bytes look like binary data rather than text (NULs outside UTF-16). */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || isBomlessUtf16(bytes)) return false;
  const sample = bytes.subarray(0, 4096);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return control > sample.length / 20;
}
