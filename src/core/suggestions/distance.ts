/**
 * How far a typed word is from a known one, weighing the slips fingers make: a letter
 * swapped for its neighbour on the keyboard costs half of any other change, as does
 * typing two letters in the wrong order (`gmial`), as does leaving out or adding a hyphen
 * (`tonline`). QWERTY, QWERTZ and AZERTY neighbours
 * all count, since lists come from people at all three.
 */
const ROWS: readonly (readonly string[])[] = [
  ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'],
  ['1234567890', 'qwertzuiop', 'asdfghjkl', 'yxcvbnm'],
  ['1234567890', 'azertyuiop', 'qsdfghjklm', 'wxcvbn'],
];

const NEIGHBOURS = new Map<string, Set<string>>();
function link(a: string | undefined, b: string | undefined): void {
  if (!a || !b || a === b) return;
  for (const [x, y] of [[a, b], [b, a]]) {
    let set = NEIGHBOURS.get(x);
    if (!set) NEIGHBOURS.set(x, (set = new Set()));
    set.add(y);
  }
}
for (const rows of ROWS) {
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      link(row[i], row[i + 1]);
      // Each row sits about half a key right of the one above.
      const below = rows[r + 1];
      if (below) {
        link(row[i], below[i]);
        link(row[i], below[i - 1]);
      }
    }
  });
}

export function adjacentKeys(a: string, b: string): boolean {
  return NEIGHBOURS.get(a)?.has(b) === true;
}

/** Weighted optimal-string-alignment distance; gives up early (returns Infinity) past `max`. */
export function slipDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return Infinity;
  const n = b.length;
  const gap = (c: string) => (c === '-' ? 0.5 : 1);
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  prev[0] = 0;
  for (let j = 1; j <= n; j++) prev[j] = prev[j - 1] + gap(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = prev[0] + gap(a[i - 1]);
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const ca = a[i - 1];
      const cb = b[j - 1];
      const swap = ca === cb ? 0 : adjacentKeys(ca, cb) ? 0.5 : 1;
      let d = Math.min(prev[j] + gap(ca), cur[j - 1] + gap(cb), prev[j - 1] + swap);
      if (i > 1 && j > 1 && ca === b[j - 2] && a[i - 2] === cb) d = Math.min(d, prev2[j - 2] + 0.5);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return Infinity;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
