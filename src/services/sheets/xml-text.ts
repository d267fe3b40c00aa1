const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// OOXML escapes characters XML cannot hold as _xHHHH_ (e.g. _x000D_ for a carriage return).
const OOXML_ESCAPE = /_x([0-9a-fA-F]{4})_/g;

/** The text of an XML text node or attribute value. */
export function xmlText(raw: string): string {
  let text = raw;
  if (text.includes('&')) {
    text = text.replace(ENTITY, (_m, dec: string, hex: string, name: string) =>
      name ? NAMED[name] : String.fromCodePoint(dec ? Number(dec) : parseInt(hex, 16)),
    );
  }
  if (text.includes('_x')) text = text.replace(OOXML_ESCAPE, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
}

/** The value of attribute `name` inside a tag's text (`<c r="A1" t="s">`), or undefined. */
export function attribute(tag: string, name: string): string | undefined {
  const key = ` ${name}="`;
  const at = tag.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = tag.indexOf('"', start);
  return end < 0 ? undefined : xmlText(tag.slice(start, end));
}

/**
 * Concatenates the text of every `<t>` element in `xml` between `from` and `to`, skipping
 * phonetic runs. Searches run in a slice of just that range: a search of the whole XML for
 * a `<rPh` that is not there would cost the whole rest of it for every string.
 */
export function textRuns(xml: string, from: number, to: number): string {
  const part = xml.slice(from, to);
  let out = '';
  let pos = 0;
  let phonetic = part.indexOf('<rPh');
  for (;;) {
    const open = part.indexOf('<t', pos);
    if (open < 0) break;
    const after = part.charCodeAt(open + 2);
    if (after !== 62 /* > */ && after !== 32 /* space */) {
      pos = open + 2;
      continue;
    }
    if (phonetic >= 0 && phonetic < open) {
      const phoneticEnd = part.indexOf('</rPh>', phonetic);
      if (phoneticEnd < 0) break;
      pos = phoneticEnd + 6;
      phonetic = part.indexOf('<rPh', pos);
      continue;
    }
    const contentStart = part.indexOf('>', open) + 1;
    if (part.charCodeAt(contentStart - 2) === 47 /* / */) {
      pos = contentStart;
      continue; // <t/>
    }
    const close = part.indexOf('</t>', contentStart);
    if (close < 0) break;
    out += xmlText(part.slice(contentStart, close));
    pos = close + 4;
  }
  return out;
}
