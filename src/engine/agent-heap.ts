// An indexed binary min-heap of agents keyed by time (µs): the event queue of the phase run
// (phase-run.ts). Every agent (the collective, a rank, a node's noise) has at most one pending
// action, so the heap holds agent ids with their key and a position index, and an agent's time
// can move in place (a pause pushes a compute end later) in O(log A) with no allocation.
// Ties are broken by agent id, lowest first: that is the documented order of simultaneous
// actions (docs/workloads.md §3), so the order of insertion can never change a result.
// Each key is also kept beside its agent in heap order (`hkey`): a sift compares neighbours in
// the heap, which then sit side by side in memory, instead of reading `key` at agent ids
// scattered over the whole run (a cache miss each on a machine of 50,000 ranks).

export class AgentHeap {
  /** per agent: its key (µs); meaningful while queued */
  readonly key: Float64Array;
  /** per agent: index in `heap`, or -1 when not queued */
  private readonly pos: Int32Array;
  private readonly heap: Int32Array;
  /** the key of the agent at each heap index: hkey[i] === key[heap[i]] for i < size */
  private readonly hkey: Float64Array;
  size = 0;

  constructor(agents: number) {
    this.key = new Float64Array(agents);
    this.pos = new Int32Array(agents).fill(-1);
    this.heap = new Int32Array(agents);
    this.hkey = new Float64Array(agents);
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
      this.hkey[i] = t;
      this.pos[agent] = i;
      this.up(i);
    } else {
      const old = key[agent];
      key[agent] = t;
      this.hkey[p] = t;
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
    this.hkey[p] = this.hkey[this.size];
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
      this.hkey[0] = this.hkey[this.size];
      this.pos[last] = 0;
      this.down(0);
    }
    return top;
  }

  private up(i: number): void {
    const heap = this.heap;
    const hkey = this.hkey;
    const pos = this.pos;
    const a = heap[i];
    const ka = hkey[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const b = heap[parent];
      const kb = hkey[parent];
      // a before b: the lower key, then the lower id
      if (!(ka < kb || (ka === kb && a < b))) break;
      heap[i] = b;
      hkey[i] = kb;
      pos[b] = i;
      i = parent;
    }
    heap[i] = a;
    hkey[i] = ka;
    pos[a] = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const hkey = this.hkey;
    const pos = this.pos;
    const n = this.size;
    const a = heap[i];
    const ka = hkey[i];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let b = heap[child];
      let kb = hkey[child];
      if (child + 1 < n) {
        const c = heap[child + 1];
        const kc = hkey[child + 1];
        if (kc < kb || (kc === kb && c < b)) {
          child++;
          b = c;
          kb = kc;
        }
      }
      // b before a, else a stays here
      if (!(kb < ka || (kb === ka && b < a))) break;
      heap[i] = b;
      hkey[i] = kb;
      pos[b] = i;
      i = child;
    }
    heap[i] = a;
    hkey[i] = ka;
    pos[a] = i;
  }
}
