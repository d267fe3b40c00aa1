import { grownSlots, hashOf, slotTable } from '../participants/first-seen';

/**
 * The rows (0-based, ascending) that hold each key (an external id, an e-mail), for the draft
 * checker's repeat marks. The first row of a key is the row the others repeat.
 *
 * An open-addressing table like FirstSeen's rather than a `Map<string, number[]>`: a bulk fix
 * of 10,000 e-mails takes 10,000 keys out and puts 10,000 new ones in, and a Map of 100,000
 * keys rehashes its whole table under that churn (30–60 ms a time, measured). Removing a key
 * here shifts the probe run back over its slot, so no tombstones build up and the table only
 * grows with the keys it holds. Most keys have one row: it is kept as a number, and a list is
 * made only for a key that repeats.
 */
export class KeyIndex {
  /** [hash, entry + 1] per slot; entry 0 marks an empty slot. */
  private slots: Int32Array;
  private mask: number;
  private keys: string[] = [];
  /** Per entry: its one row, or its rows in ascending order. */
  private rows: (number | number[])[] = [];
  /** Per entry, the last round its members were visited in (see visitOnce). */
  private visited: number[] = [];
  /** Entries freed by removed keys, for the next keys. */
  private free: number[] = [];
  private count = 0;

  constructor(expected = 0) {
    this.slots = slotTable(expected);
    this.mask = this.slots.length / 2 - 1;
  }

  add(key: string, index: number): void {
    if (key === '') return;
    const hash = hashOf(key);
    const slot = this.find(key, hash);
    const entry = this.slots[slot * 2 + 1] - 1;
    if (entry < 0) return this.insert(slot, hash, key, index);
    const held = this.rows[entry];
    const list = typeof held === 'number' ? [held] : held;
    let at = list.length;
    while (at > 0 && list[at - 1] > index) at--;
    list.splice(at, 0, index);
    this.rows[entry] = list;
  }

  remove(key: string, index: number): void {
    if (key === '') return;
    const slot = this.find(key, hashOf(key));
    const entry = this.slots[slot * 2 + 1] - 1;
    if (entry < 0) return;
    const held = this.rows[entry];
    if (typeof held !== 'number') {
      const at = held.indexOf(index);
      if (at >= 0) held.splice(at, 1);
      if (held.length > 1) return;
      if (held.length === 1) return void (this.rows[entry] = held[0]);
    } else if (held !== index) return;
    this.unlink(slot, entry);
  }

  first(key: string): number | undefined {
    if (key === '') return undefined;
    const entry = this.slots[this.find(key, hashOf(key)) * 2 + 1] - 1;
    if (entry < 0) return undefined;
    const held = this.rows[entry];
    return typeof held === 'number' ? held : held[0];
  }

  members(key: string): readonly number[] {
    if (key === '') return [];
    const entry = this.slots[this.find(key, hashOf(key)) * 2 + 1] - 1;
    if (entry < 0) return [];
    const held = this.rows[entry];
    return typeof held === 'number' ? [held] : held;
  }

  /**
   * Calls `visit` with each of the key's rows, unless they were visited before in this
   * `round`: a bulk fix's rows share keys, and each key's rows are marked once. Rounds only
   * grow, and no key may be added or removed between two calls of one round (a freed entry's
   * next key would inherit its round). A visitor rather than a list: most keys have one row,
   * and a list made for it four times per row of a 10,000-row fix was garbage to collect.
   */
  visitOnce(key: string, round: number, visit: (row: number) => void): void {
    if (key === '') return;
    const entry = this.slots[this.find(key, hashOf(key)) * 2 + 1] - 1;
    if (entry < 0 || this.visited[entry] === round) return;
    this.visited[entry] = round;
    const held = this.rows[entry];
    if (typeof held === 'number') return visit(held);
    for (let r = 0; r < held.length; r++) visit(held[r]);
  }

  /** The key's slot, or the empty slot where it would go. */
  private find(key: string, hash: number): number {
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1];
      if (entry === 0 || (slots[slot * 2] === hash && this.keys[entry - 1] === key)) return slot;
    }
  }

  private insert(slot: number, hash: number, key: string, index: number): void {
    const entry = this.free.pop() ?? this.keys.length;
    this.keys[entry] = key;
    this.rows[entry] = index;
    this.visited[entry] = 0;
    this.slots[slot * 2] = hash;
    this.slots[slot * 2 + 1] = entry + 1;
    // At most half full: probe runs stay short and always end at an empty slot.
    if (++this.count * 2 > this.mask + 1) this.grow();
  }

  /** Empties the slot and moves later slots of its probe run back, so every key stays reachable. */
  private unlink(slot: number, entry: number): void {
    const { slots, mask } = this;
    this.keys[entry] = '';
    this.rows[entry] = -1;
    this.free.push(entry);
    this.count--;
    let hole = slot;
    for (let next = (hole + 1) & mask; slots[next * 2 + 1] !== 0; next = (next + 1) & mask) {
      const home = slots[next * 2] & mask;
      // The slot may move into the hole only if its home is not between the hole and it.
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      slots[hole * 2] = slots[next * 2];
      slots[hole * 2 + 1] = slots[next * 2 + 1];
      hole = next;
    }
    slots[hole * 2] = 0;
    slots[hole * 2 + 1] = 0;
  }

  private grow(): void {
    this.mask = this.slots.length - 1;
    this.slots = grownSlots(this.slots);
  }
}
