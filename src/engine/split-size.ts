// Which barrier runs are large enough to split by nodes over threads (partitioned-run.ts), and
// the fixed blocks a counted run draws in (bulk-lanes.ts).
//
// A counted run draws, per iteration, the most of its plain lanes' durations and its critical
// rank from keys of its own. Split over parts, each part draws for its own lanes. So that a
// seed gives the same bits on a laptop with 2 threads and a desktop with 8, a large counted
// run is always drawn in the same COUNTED_BLOCKS blocks of nodes, whatever the threads, and a
// part holds whole blocks. The most of k draws over the union of blocks is the most of the
// blocks' most (the same law), and the critical rank uniform within the block that holds it
// is uniform over all k: model.md's distribution either way.

/** Parts at most: past this, a part's range gets short of the per-iteration message cost. */
export const MAX_PARTS = 8;
/**
 * Fewer ranks than this: an iteration's work (20–35 ns a rank in the dense loop,
 * docs/benchmarks.md) is under half a millisecond, about a message round trip's worth.
 */
export const SPLIT_MIN_RANKS = 16_384;
/** Fewer rank-iterations than this: one thread is done in about a second anyway. */
export const SPLIT_MIN_WORK = 2 ** 25;
/** Blocks of a large counted run: 24 splits evenly over 1, 2, 3, 4, 6 and 8 parts. */
export const COUNTED_BLOCKS = 24;
/**
 * Fewer parts than this and a counted run stays on one thread. Its iterations are short (the
 * whole Jaguar XT5 RN: about 0.5 ms in Node, 0.8 ms in Chromium), so the exchange each one
 * needs weighs: measured on this 2-core machine, two parts took 0.41–0.44 ms an iteration in
 * Node against 0.5 on one thread, and in Chromium, beside the page, longer than one thread
 * (link to Done 2.3–2.6 s against 2.0–2.2 s). partsForSize gives 3 parts from 4 threads on,
 * one core left to the page.
 */
export const COUNTED_MIN_PARTS = 3;

/** Whether a run of this many ranks and iterations is large enough to split. */
export function splittable(ranks: number, iterations: number): boolean {
  return ranks >= SPLIT_MIN_RANKS && ranks * iterations >= SPLIT_MIN_WORK;
}

/**
 * The blocks a counted run of `nodes` job nodes draws in: one for a run too small to split,
 * else COUNTED_BLOCKS (at most one per node). From the scenario alone, never the threads.
 */
export function countedBlocks(nodes: number, ranksPerNode: number, iterations: number): number {
  return splittable(nodes * ranksPerNode, iterations) ? Math.min(COUNTED_BLOCKS, nodes) : 1;
}

/** Split n nodes into `parts` contiguous ranges of near-equal size (the first ones one larger). */
export function splitNodes(n: number, parts: number): [number, number][] {
  const k = Math.max(1, Math.min(parts, n));
  const out: [number, number][] = [];
  for (let p = 0, lo = 0; p < k; p++) {
    const hi = lo + Math.floor(n / k) + (p < n % k ? 1 : 0);
    out.push([lo, hi]);
    lo = hi;
  }
  return out;
}

/**
 * The node ranges of k parts of a run of n nodes drawn in `blocks` blocks: each part holds
 * whole blocks (splitNodes over the blocks), so a counted run's bits do not depend on k.
 */
export function partRanges(n: number, k: number, blocks: number): [number, number][] {
  if (blocks <= 1) return splitNodes(n, k);
  const edges = splitNodes(n, blocks);
  return splitNodes(blocks, k).map(([a, b]) => [edges[a][0], edges[b - 1][1]]);
}
