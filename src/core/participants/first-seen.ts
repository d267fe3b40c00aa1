/**
 * The first row that held each text key, for duplicate detection over a whole import.
 *
 * An open-addressing table instead of a `Map<string, number>`: the keys are 100,000 fresh
 * strings per parse (external ids, e-mails), and on them a Map's hashing, growth and
 * scattered memory cost more than every other rule of the parser together. Each slot holds
 * a key's hash and its entry number side by side, so a lookup touches one place in memory;
 * the keys and rows themselves are kept in insertion order and read only on a hash match.
 * Sized for the number of rows up front, so a parse never rehashes; it still grows if
 * given more keys.
 */
export class FirstSeen {
  /** [hash, entry + 1] per slot; entry 0 marks an empty slot. */
  private slots: Int32Array;
  private mask: number;
  /** Keys and rows by entry, sized with the table: lists grown by push copy themselves again and again. */
  private keys: string[];
  private rows: Int32Array;
  private count = 0;

  constructor(expected: number) {
    this.slots = slotTable(expected);
    this.mask = this.slots.length / 2 - 1;
    const capacity = this.mask + 1;
    // One more than half the slots: the entry that makes the table grow is written first.
    this.keys = new Array<string>(capacity / 2 + 1);
    this.rows = new Int32Array(capacity / 2 + 1);
  }

  /** The row recorded for `key` before, or undefined after recording `row` for it. */
  firstOrAdd(key: string, row: number): number | undefined {
    const hash = hashOf(key);
    const { slots, mask } = this;
    let slot = hash & mask;
    for (;;) {
      const entry = slots[slot * 2 + 1];
      if (entry === 0) break;
      if (slots[slot * 2] === hash && this.keys[entry - 1] === key) return this.rows[entry - 1];
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    slots[slot * 2] = hash;
    slots[slot * 2 + 1] = entry + 1;
    this.keys[entry] = key;
    this.rows[entry] = row;
    // At most half full: probe runs stay short and always end at an empty slot.
    if (this.count * 2 > mask + 1) this.grow();
    return undefined;
  }

  /** The row recorded for `key`, without recording anything. */
  get(key: string): number | undefined {
    const hash = hashOf(key);
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1];
      if (entry === 0) return undefined;
      if (slots[slot * 2] === hash && this.keys[entry - 1] === key) return this.rows[entry - 1];
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = grownSlots(old);
    this.mask = old.length - 1;
    const rows = new Int32Array(old.length / 2 + 1);
    rows.set(this.rows);
    this.rows = rows;
    this.keys.length = old.length / 2 + 1;
  }
}

/**
 * A table of [hash, entry + 1] slots (entry 0: empty) for `expected` keys, at most half full
 * (KeyIndex, drafts/key-index.ts, keeps its keys the same way).
 */
export function slotTable(expected: number): Int32Array {
  let capacity = 16;
  while (capacity < expected * 2) capacity *= 2;
  return new Int32Array(capacity * 2);
}

/** The slots of a table twice the size, each hash at its new home or the next free slot. */
export function grownSlots(old: Int32Array): Int32Array {
  const slots = new Int32Array(old.length * 2);
  const mask = old.length - 1;
  for (let i = 0; i < old.length; i += 2) {
    if (old[i + 1] === 0) continue;
    let slot = old[i] & mask;
    while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
    slots[slot * 2] = old[i];
    slots[slot * 2 + 1] = old[i + 1];
  }
  return slots;
}

/** FNV-1a over UTF-16 code units, with a final mix so nearby keys spread over the table. */
export function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}
