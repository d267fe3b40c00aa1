import { streamEntry, type ZipEntry } from './zip-entries';

/**
 * Hands `onText` the XML of one zip entry in pieces that each end just after a `close` tag
 * (`</row>`, `</si>`), so no element of that kind is ever cut in two, and the last piece
 * with whatever follows. Neither the entry's bytes nor its whole text is ever held: a
 * 100,000-row sheet is some 45 MB of XML. `onText` answers false once it has read all it
 * needs; `onProgress` is told the fraction of the entry inflated so far.
 */
export function streamXml(zip: Uint8Array, entry: ZipEntry, close: string, onText: (text: string) => boolean, onProgress?: (fraction: number) => void): void {
  const decoder = new TextDecoder();
  // Text not yet handed over, in the pieces it came in: joining them only once a close tag
  // arrives keeps a part without any (an empty sheet) from being copied again and again.
  let pending: string[] = [];
  const finished = streamEntry(zip, entry, (bytes, fraction) => {
    const piece = decoder.decode(bytes, { stream: true });
    // A close tag split across two pieces is found in a later piece, or in the last flush.
    const cut = piece.lastIndexOf(close);
    if (cut < 0) {
      pending.push(piece);
      return true;
    }
    const at = cut + close.length;
    pending.push(piece.slice(0, at));
    const text = pending.join('');
    pending = [piece.slice(at)];
    const more = onText(text);
    onProgress?.(fraction);
    return more;
  });
  if (!finished) return;
  pending.push(decoder.decode());
  const rest = pending.join('');
  if (rest !== '') onText(rest);
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 makes a
 * longer `slice` a view that keeps its whole source alive, so a cell kept as a slice would
 * keep the whole piece of XML it came from; flattening a concatenation copies the characters.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
