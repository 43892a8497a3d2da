// Which nodes have a noise event before a given time? With sparse noise an
// iteration must visit only those nodes, and in any order (nodes do not
// interact within an iteration), so a calendar of time buckets is enough: a
// ring of B buckets of width W µs, each an unsorted doubly linked list of the
// nodes whose next event falls in it. Insert and remove are O(1); collecting
// the due nodes scans the buckets the iteration spans. Unlike a heap there is
// no ordering work and no random walk through log n levels per node visit.

export class NodeCalendar {
  private readonly head: Int32Array; // bucket → first node, -1 empty
  private readonly next: Int32Array; // node → next node in its bucket
  private readonly prev: Int32Array; // node → previous node, -1 if first
  private readonly bucket: Int32Array; // node → ring index, -1 if not filed
  private readonly key: Float64Array; // node → next event time, µs
  private readonly mask: number;
  /** absolute bucket number the next collection starts from */
  private scanFrom = 0;

  /**
   * @param keys next event time of each node (µs; +∞ for a node no source covers)
   * @param widthUs bucket width W, about one iteration
   * @param buckets ring size B, a power of two
   */
  constructor(
    keys: Float64Array,
    private readonly widthUs: number,
    buckets: number,
  ) {
    const n = keys.length;
    this.head = new Int32Array(buckets).fill(-1);
    this.mask = buckets - 1;
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.bucket = new Int32Array(n).fill(-1);
    this.key = new Float64Array(n);
    let earliest = Infinity;
    for (let x = 0; x < n; x++) {
      this.insert(x, keys[x]);
      if (keys[x] < earliest) earliest = keys[x];
    }
    // The first collection starts at the earliest key: nothing is missed.
    this.scanFrom = earliest < Infinity ? Math.floor(earliest / widthUs) : 0;
  }

  /** File node x under its next event time (µs). */
  insert(x: number, key: number): void {
    this.key[x] = key;
    if (!(key < Infinity)) return; // never fires: never due
    const b = Math.floor(key / this.widthUs) & this.mask;
    const h = this.head[b];
    this.next[x] = h;
    this.prev[x] = -1;
    if (h >= 0) this.prev[h] = x;
    this.head[b] = x;
    this.bucket[x] = b;
  }

  /** Re-file node x (filed or not) under a new time. */
  update(x: number, key: number): void {
    this.remove(x);
    this.insert(x, key);
  }

  private remove(x: number): void {
    const b = this.bucket[x];
    if (b < 0) return;
    const p = this.prev[x];
    const q = this.next[x];
    if (p >= 0) this.next[p] = q;
    else this.head[b] = q;
    if (q >= 0) this.prev[q] = p;
    this.bucket[x] = -1;
  }

  /**
   * Remove every node whose key is < `until` and write them to `out`
   * (in no particular order); returns how many. `until` must not decrease
   * between calls, and no node may be filed below the previous `until`.
   */
  collectDue(until: number, out: Int32Array): number {
    let count = 0;
    const last = Math.floor(until / this.widthUs);
    const span = Math.min(last - this.scanFrom, this.mask); // at most one lap of the ring
    for (let a = 0; a <= span; a++) {
      const b = (this.scanFrom + a) & this.mask;
      let x = this.head[b];
      while (x >= 0) {
        const nx = this.next[x];
        if (this.key[x] < until) {
          this.remove(x);
          out[count++] = x;
        }
        x = nx;
      }
    }
    this.scanFrom = last;
    return count;
  }
}
