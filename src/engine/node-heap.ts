// An indexed binary min-heap of job nodes keyed by their next noise event
// (µs), ties by node index. With sparse noise it finds the few nodes an
// iteration must visit in O(log n) each, instead of scanning every node.

export class NodeHeap {
  private readonly heap: Int32Array; // heap position → node
  private readonly pos: Int32Array; // node → heap position
  private readonly key: Float64Array; // node → key
  private size: number;

  constructor(keys: Float64Array) {
    const n = keys.length;
    this.key = Float64Array.from(keys);
    this.heap = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.size = n;
    for (let i = 0; i < n; i++) {
      this.heap[i] = i;
      this.pos[i] = i;
    }
    for (let i = (n >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** Node with the smallest key (heap must not be empty). */
  top(): number {
    return this.heap[0];
  }

  topKey(): number {
    return this.size > 0 ? this.key[this.heap[0]] : Infinity;
  }

  /** Change a node's key and restore heap order. */
  update(node: number, key: number): void {
    const old = this.key[node];
    this.key[node] = key;
    const i = this.pos[node];
    if (key < old) this.up(i);
    else this.down(i);
  }

  private less(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    return ka < kb || (ka === kb && a < b);
  }

  private place(i: number, node: number): void {
    this.heap[i] = node;
    this.pos[node] = i;
  }

  private up(i: number): void {
    const node = this.heap[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(node, this.heap[p])) break;
      this.place(i, this.heap[p]);
      i = p;
    }
    this.place(i, node);
  }

  private down(i: number): void {
    const node = this.heap[i];
    const n = this.size;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.less(this.heap[r], this.heap[l]) ? r : l;
      if (!this.less(this.heap[c], node)) break;
      this.place(i, this.heap[c]);
      i = c;
    }
    this.place(i, node);
  }
}
