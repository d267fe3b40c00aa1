/**
 * OOXML writes characters XML cannot hold as `_xHHHH_`, so a reader turns the text `_x0041_`
 * into `A`; SheetJS writes such text as it is. An underscore that would start such a code is
 * written as the code of an underscore (`_x005F_`), and reads back as written. SheetJS writes
 * a control character as a code too, so `_x0041` before a carriage return counts; some readers
 * take `_X0041_` for a code as well.
 */
// eslint-disable-next-line no-control-regex -- the control characters SheetJS writes as codes
const CODE_START = /_(?=[xX][0-9A-Fa-f]{4}(?:_|[\u0000-\u0008\u000b-\u001f\uFFFE\uFFFF]))/g;

/** Text as an xlsx shared string must hold it so that every reader gets it back unchanged. */
export function escapeOoxmlCodes(text: string): string {
  return /_[xX]/.test(text) ? text.replace(CODE_START, '_x005F_') : text;
}
