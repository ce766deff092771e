/**
 * The slot of each product id held in the index, in typed arrays: a `Map` of a million uuid strings took about
 * 80 MB; this takes 16 bytes a slot for the id and 8 for the table. Open addressing with linear probing, kept at
 * most half full; a removed entry shifts its followers back, so no tombstones are left.
 */
export class IdTable {
  /** The id of each slot as four 32-bit words of its hex. */
  private ids = new Uint32Array(0);
  /** Slot + 1 at each position of the table; 0 where empty. */
  private table = new Int32Array(16);
  private size = 0;

  /** The id of `slot`, as PostgreSQL writes a uuid. */
  idOf(slot: number): string {
    let hex = '';
    for (let part = 0; part < 4; part += 1) hex += this.ids[slot * 4 + part]!.toString(16).padStart(8, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  slotOf(id: string): number | undefined {
    const words = wordsOf(id);
    if (!words) return undefined;
    const mask = this.table.length - 1;
    for (let at = hash(words) & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at]!;
      if (entry === 0) return undefined;
      if (this.holds(entry - 1, words)) return entry - 1;
    }
  }

  /** Records `id` at `slot`, a slot not in the table. */
  add(id: string, slot: number): void {
    const words = wordsOf(id);
    if (!words) throw new Error(`not a uuid: ${id}`);
    if (this.ids.length < (slot + 1) * 4) {
      const grown = new Uint32Array(Math.max(64, (slot + 1) * 4 * 1.5));
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids.set(words, slot * 4);
    if ((this.size + 1) * 2 > this.table.length) this.rehash(this.table.length * 2);
    this.place(slot, words);
    this.size += 1;
  }

  remove(slot: number): void {
    const mask = this.table.length - 1;
    let at = hash(this.ids.subarray(slot * 4, slot * 4 + 4)) & mask;
    while (this.table[at] !== slot + 1) at = (at + 1) & mask;
    // Backward-shift deletion: each follower that may sit closer to its home moves into the gap.
    let gap = at;
    for (let next = (gap + 1) & mask; this.table[next] !== 0; next = (next + 1) & mask) {
      const home =
        hash(this.ids.subarray((this.table[next]! - 1) * 4, (this.table[next]! - 1) * 4 + 4)) & mask;
      if (((next - home) & mask) >= ((next - gap) & mask)) {
        this.table[gap] = this.table[next]!;
        gap = next;
      }
    }
    this.table[gap] = 0;
    this.size -= 1;
  }

  clear(): void {
    this.table = new Int32Array(16);
    this.size = 0;
  }

  private holds(slot: number, words: Uint32Array): boolean {
    for (let part = 0; part < 4; part += 1) if (this.ids[slot * 4 + part] !== words[part]) return false;
    return true;
  }

  private place(slot: number, words: ArrayLike<number>): void {
    const mask = this.table.length - 1;
    let at = hash(words) & mask;
    while (this.table[at] !== 0) at = (at + 1) & mask;
    this.table[at] = slot + 1;
  }

  private rehash(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    for (const entry of old)
      if (entry !== 0) this.place(entry - 1, this.ids.subarray((entry - 1) * 4, entry * 4));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The words `wordsOf` last read: a typed array made per call took a load's every product two. */
const parsed = new Uint32Array(4);

/**
 * A uuid's 128 bits as four 32-bit words, valid until the next call; undefined for a text that is not one.
 */
function wordsOf(id: string): Uint32Array | undefined {
  const lower = id.toLowerCase();
  if (!UUID.test(lower)) return undefined;
  parsed[0] = Number.parseInt(lower.slice(0, 8), 16);
  parsed[1] = Number.parseInt(lower.slice(9, 13) + lower.slice(14, 18), 16);
  parsed[2] = Number.parseInt(lower.slice(19, 23) + lower.slice(24, 28), 16);
  parsed[3] = Number.parseInt(lower.slice(28, 36), 16);
  return parsed;
}

/** Mixes all four words: ids need not be random (a seed may write its own). */
function hash(words: ArrayLike<number>): number {
  let mixed = 0x9e3779b9;
  for (let part = 0; part < 4; part += 1)
    mixed = Math.imul(mixed ^ words[part]!, 0x85ebca6b) ^ (mixed >>> 13);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}
