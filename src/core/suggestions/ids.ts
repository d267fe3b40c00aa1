/**
 * External ids a spreadsheet changed when it read them as numbers: shown in scientific
 * notation (`1.23E+05`), or with the leading zeros dropped where the column's other ids
 * keep theirs (`789` among `00123`, `00456`).
 */
import { FirstSeen } from '../participants/first-seen';
import { reason } from './reason-words';
import type { Finding } from './types';

const SCIENTIFIC = /^(\d)(?:[.,](\d+))?e\+?(\d{1,2})$/i;

function scientific(id: string): Finding | null {
  const match = SCIENTIFIC.exec(id);
  if (!match) return null;
  const shown = match[1] + (match[2] ?? '');
  const exponent = Number(match[3]);
  const length = exponent + 1;
  if (length < shown.length) return null; // a fraction, not an id a spreadsheet mangled
  const whole = shown + '0'.repeat(length - shown.length);
  if (shown.length === length) {
    return { to: [whole], sure: true, kind: 'id-scientific', reason: reason('id_scientific', { id, whole }) };
  }
  return {
    to: [whole], sure: false, kind: 'id-scientific',
    reason: reason('id_scientific_cut', { shown: shown.length, length, whole }),
  };
}

/** How the column's all-digit ids are written: the length most share, when they keep leading zeros. */
export interface IdColumn {
  zeroPaddedLength: number | null;
  /** The e-mail key of the first row with an id (when ids are zero-padded): an id taken by the same person is not taken. */
  holder: (id: string) => string | undefined;
}

const DIGITS = /^\d+$/;
const MIN_IDS = 5;
const SHARE = 0.8;

export function idColumn(ids: readonly string[], emailOf: (index: number) => string): IdColumn {
  const byLength = new Map<number, { count: number; zeros: number }>();
  let digitIds = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id === '' || !DIGITS.test(id)) continue;
    digitIds++;
    const entry = byLength.get(id.length) ?? { count: 0, zeros: 0 };
    entry.count++;
    if (id.charCodeAt(0) === 0x30) entry.zeros++;
    byLength.set(id.length, entry);
  }
  let zeroPaddedLength: number | null = null;
  for (const [length, { count, zeros }] of byLength) {
    // Several ids that start with a zero show the zeros are part of the ids, not chance.
    if (digitIds >= MIN_IDS && count >= digitIds * SHARE && zeros >= 2) zeroPaddedLength = length;
  }
  if (zeroPaddedLength === null) return { zeroPaddedLength, holder: () => undefined };
  // Only a column that keeps leading zeros is looked up in, so only then is the table made.
  const first = new FirstSeen(ids.length);
  for (let i = 0; i < ids.length; i++) if (ids[i] !== '') first.firstOrAdd(ids[i], i);
  return {
    zeroPaddedLength,
    holder: (id) => {
      const row = first.get(id);
      return row === undefined ? undefined : emailOf(row);
    },
  };
}

function lostZeros(id: string, email: string, column: IdColumn): Finding | null {
  const length = column.zeroPaddedLength;
  if (length === null || id.length >= length || !DIGITS.test(id)) return null;
  const padded = id.padStart(length, '0');
  const holder = column.holder(padded);
  const taken = holder !== undefined && (holder === '' || holder !== email.trim().toLowerCase());
  return {
    to: [padded],
    sure: !taken,
    kind: 'id-leading-zero',
    reason: taken ? reason('id_zeros_taken', { length, padded }) : reason('id_zeros', { length }),
  };
}

/** `email` is the row's e-mail: another row with the padded id and this e-mail is the same person. */
export function idFinding(id: string, email: string, column: IdColumn): Finding | null {
  return scientific(id) ?? lostZeros(id, email, column);
}
