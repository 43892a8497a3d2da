// An indexed binary min-heap of agents keyed by time (µs): the event queue of the phase run
// (phase-run.ts). Every agent (the collective, a rank, a node's noise) has at most one pending
// action, so the heap holds agent ids with their key and a position index, and an agent's time
// can move in place (a pause pushes a compute end later) in O(log A) with no allocation.
// Ties are broken by agent id, lowest first: that is the documented order of simultaneous
// actions (docs/workloads.md §3), so the order of insertion can never change a result.

export class AgentHeap {
  /** per agent: its key (µs); meaningful while queued */
  readonly key: Float64Array;
  /** per agent: index in `heap`, or -1 when not queued */
  private readonly pos: Int32Array;
  private readonly heap: Int32Array;
  size = 0;

  constructor(agents: number) {
    this.key = new Float64Array(agents);
    this.pos = new Int32Array(agents).fill(-1);
    this.heap = new Int32Array(agents);
  }

  queued(agent: number): boolean {
    return this.pos[agent] >= 0;
  }

  /** The agent due first (lowest key, then lowest id); -1 when empty. */
  peek(): number {
    return this.size > 0 ? this.heap[0] : -1;
  }

  /** Queue `agent` at time t, or move it there if it is queued already. */
  set(agent: number, t: number): void {
    const p = this.pos[agent];
    const key = this.key;
    if (p < 0) {
      key[agent] = t;
      const i = this.size++;
      this.heap[i] = agent;
      this.pos[agent] = i;
      this.up(i);
    } else {
      const old = key[agent];
      key[agent] = t;
      if (t < old) this.up(p);
      else if (t > old) this.down(p);
    }
  }

  /** Remove `agent` if queued. */
  remove(agent: number): void {
    const p = this.pos[agent];
    if (p < 0) return;
    this.pos[agent] = -1;
    const last = this.heap[--this.size];
    if (p === this.size) return;
    this.heap[p] = last;
    this.pos[last] = p;
    this.up(p);
    this.down(this.pos[last]);
  }

  /** Remove and return the agent due first; -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const top = this.heap[0];
    this.pos[top] = -1;
    const last = this.heap[--this.size];
    if (this.size > 0) {
      this.heap[0] = last;
      this.pos[last] = 0;
      this.down(0);
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    return ka < kb || (ka === kb && a < b);
  }

  private up(i: number): void {
    const heap = this.heap;
    const pos = this.pos;
    const a = heap[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const b = heap[parent];
      if (!this.before(a, b)) break;
      heap[i] = b;
      pos[b] = i;
      i = parent;
    }
    heap[i] = a;
    pos[a] = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const pos = this.pos;
    const n = this.size;
    const a = heap[i];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.before(heap[child + 1], heap[child])) child++;
      const b = heap[child];
      if (!this.before(b, a)) break;
      heap[i] = b;
      pos[b] = i;
      i = child;
    }
    heap[i] = a;
    pos[a] = i;
  }
}
