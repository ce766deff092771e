/**
 * Many growable lists of 32-bit entries in one typed array: a typed array per list cost some 200 bytes each, and a
 * catalog of a million products has hundreds of thousands of words, most on one or two products. A list that
 * outgrows its room moves to the end; the room it left is reclaimed when the moved-out space exceeds the live.
 */
export class PostingLists {
  data = new Int32Array(1024);
  /** Where each list starts in `data`, how many entries it has, and how many it has room for. */
  start = new Int32Array(64);
  length = new Int32Array(64);
  private room = new Int32Array(64);
  private used = 0;
  private abandoned = 0;

  /** Makes room for lists up to `list` (fresh lists are empty). */
  ensureList(list: number): void {
    if (list < this.start.length) return;
    const size = Math.max(list + 1, Math.ceil(this.start.length * 1.5));
    this.start = grown(this.start, size);
    this.length = grown(this.length, size);
    this.room = grown(this.room, size);
  }

  /** Inserts `entry` at `position` of `list` (0 = first), moving the list if it has no room. */
  insert(list: number, position: number, entry: number): void {
    if (this.length[list] === this.room[list])
      this.move(list, this.length[list]! + (this.length[list]! >> 2) + 2);
    const from = this.start[list]! + position;
    const end = this.start[list]! + this.length[list]!;
    if (from < end) this.data.copyWithin(from + 1, from, end);
    this.data[from] = entry;
    this.length[list] = this.length[list]! + 1;
  }

  /** Removes the entry at `position` of `list`. */
  remove(list: number, position: number): void {
    const from = this.start[list]! + position;
    this.data.copyWithin(from, from + 1, this.start[list]! + this.length[list]!);
    this.length[list] = this.length[list]! - 1;
  }

  /** Sets `list` to `entries`, in room of exactly their number. */
  replace(list: number, entries: number[]): void {
    this.drop(list);
    if (entries.length === 0) return;
    this.move(list, entries.length);
    this.data.set(entries, this.start[list]);
    this.length[list] = entries.length;
  }

  /** Empties `list` and gives up its room. */
  drop(list: number): void {
    this.abandoned += this.room[list]!;
    this.start[list] = 0;
    this.length[list] = 0;
    this.room[list] = 0;
  }

  private move(list: number, room: number): void {
    if (this.used + room > this.data.length && this.abandoned > this.used / 2) this.compact();
    if (this.used + room > this.data.length)
      this.data = grown(this.data, Math.ceil(Math.max(this.used + room, this.data.length * 1.5)));
    this.data.copyWithin(this.used, this.start[list]!, this.start[list]! + this.length[list]!);
    this.abandoned += this.room[list]!;
    this.start[list] = this.used;
    this.room[list] = room;
    this.used += room;
  }

  /** Packs every list tight into an array of exactly their size: after a load, which leaves room behind. */
  pack(): void {
    this.compact();
    this.data = this.data.slice(0, Math.max(1024, this.used));
  }

  /** Packs every list tight, in the order they lie in `data` (so that no copy overwrites what is still to move). */
  private compact(): void {
    const lists = [...this.start.keys()].filter((list) => this.room[list]! > 0);
    lists.sort((a, b) => this.start[a]! - this.start[b]!);
    let at = 0;
    for (const list of lists) {
      this.data.copyWithin(at, this.start[list]!, this.start[list]! + this.length[list]!);
      this.start[list] = at;
      this.room[list] = this.length[list]!;
      at += this.length[list]!;
    }
    this.used = at;
    this.abandoned = 0;
  }
}

function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}
