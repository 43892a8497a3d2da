// A log of what delayed whom: one entry per event that cost a rank time,
// chained per rank (newest first) so one rank's events are walked without
// scanning the rest. Grows by doubling, then reused.

export class EventLog {
  source = new Int32Array(1024);
  duration = new Float64Array(1024); // µs, the event's own duration
  cost = new Float64Array(1024); // µs it cost the rank in this iteration
  next = new Int32Array(1024); // previous entry of the same rank, or -1
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /**
   * Append an entry after `prev` (the rank's head) and return it, the rank's
   * new head; the caller then writes duration[e] and cost[e]. Integer
   * arguments only: V8 would box doubles passed to a call it does not inline.
   */
  push(prev: number, source: number): number {
    if (this.count === this.source.length) this.grow();
    const e = this.count++;
    this.source[e] = source;
    this.next[e] = prev;
    return e;
  }

  /** Copy the chain that starts at `head` into `into` (cleared first), newest first. */
  copyChain(head: number, into: EventLog): void {
    into.clear();
    for (let e = head; e >= 0; e = this.next[e]) {
      const c = into.push(-1, this.source[e]);
      into.duration[c] = this.duration[e];
      into.cost[c] = this.cost[e];
    }
  }

  /** Reverse the order of the entries (their `next` links are not kept). */
  reverse(): void {
    for (let a = 0, b = this.count - 1; a < b; a++, b--) {
      swap(this.source, a, b);
      swap(this.duration, a, b);
      swap(this.cost, a, b);
    }
  }

  private grow(): void {
    const n = this.source.length * 2;
    this.source = grow(this.source, new Int32Array(n));
    this.duration = grow(this.duration, new Float64Array(n));
    this.cost = grow(this.cost, new Float64Array(n));
    this.next = grow(this.next, new Int32Array(n));
  }
}

function swap(x: Int32Array | Float64Array, a: number, b: number): void {
  const t = x[a];
  x[a] = x[b];
  x[b] = t;
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
