// The halo workload's grid of ranks (docs/workloads.md §7): its sides, each rank's place on it
// and its neighbours. Pure and small, shared by the engine, its reference test and the ripple
// view, so all three place ranks the same way.

/**
 * The sides of a `dimensions`-dimensional grid of `ranks` ranks, as balanced as a simple rule
 * makes them (MPI_Dims_create's aim): the prime factors of `ranks`, largest first, each
 * multiplied into the side that is smallest so far (the first of equal ones); the sides are then
 * sorted largest first. 384 ranks in 2-D: 24 × 16; 12 in 3-D: 3 × 2 × 2; a prime: p × 1.
 */
export function gridSides(ranks: number, dimensions: number): number[] {
  const sides = new Array<number>(dimensions).fill(1);
  for (const p of primeFactors(ranks).reverse()) {
    let at = 0;
    for (let j = 1; j < dimensions; j++) if (sides[j] < sides[at]) at = j;
    sides[at] *= p;
  }
  return sides.sort((a, b) => b - a);
}

/** Prime factors in increasing order, with repeats (1 has none). */
export function primeFactors(n: number): number[] {
  const out: number[] = [];
  let m = n;
  for (let p = 2; p * p <= m; p++) {
    while (m % p === 0) {
      out.push(p);
      m /= p;
    }
  }
  if (m > 1) out.push(m);
  return out;
}

/**
 * Coordinates of rank r, row-major with the last side fastest (as MPI_Cart_create numbers a
 * grid): r = ((c₀·s₁ + c₁)·s₂ + c₂).
 */
export function gridCoords(r: number, sides: readonly number[]): number[] {
  const c = new Array<number>(sides.length);
  let rest = r;
  for (let j = sides.length - 1; j >= 0; j--) {
    c[j] = rest % sides[j];
    rest = Math.floor(rest / sides[j]);
  }
  return c;
}

/** The neighbours of every rank, as lists packed one after the other (CSR). */
export interface Neighbours {
  /** rank r's neighbours are list[start[r] .. start[r + 1]) */
  start: Int32Array;
  list: Int32Array;
}

/**
 * Each rank's grid neighbours: one step back and forward along each side, wrapping around when
 * `periodic`, else none past an edge. A rank is never its own neighbour (a side of 1), and a
 * neighbour met twice (a periodic side of 2: back and forward are the same rank) counts once:
 * a rank sends one message to each distinct neighbour. Lists are in increasing rank order.
 */
export function gridNeighbours(sides: readonly number[], periodic: boolean): Neighbours {
  const ranks = sides.reduce((a, b) => a * b, 1);
  const start = new Int32Array(ranks + 1);
  const list: number[] = [];
  // stride of side j: the product of the sides after it
  const stride = sides.map((_, j) => sides.slice(j + 1).reduce((a, b) => a * b, 1));
  const found: number[] = [];
  for (let r = 0; r < ranks; r++) {
    start[r] = list.length;
    const c = gridCoords(r, sides);
    found.length = 0;
    for (let j = 0; j < sides.length; j++) {
      for (const step of [-1, 1]) {
        let to = c[j] + step;
        if (to < 0 || to >= sides[j]) {
          if (!periodic) continue;
          to = (to + sides[j]) % sides[j];
        }
        const q = r + (to - c[j]) * stride[j];
        if (q !== r && !found.includes(q)) found.push(q);
      }
    }
    found.sort((a, b) => a - b);
    list.push(...found);
  }
  start[ranks] = list.length;
  return { start, list: Int32Array.from(list) };
}

/**
 * The most distinct neighbours a rank of the grid has (k_max, docs/workloads.md §7): two per side
 * of 3 or more, one per side of 2 (back and forward are one rank on a periodic side, one is
 * missing on an open one), none per side of 1; every rank of a periodic grid has them, and a rank
 * inside an open one.
 */
export function mostNeighbours(sides: readonly number[]): number {
  let k = 0;
  for (const s of sides) k += s >= 3 ? 2 : s === 2 ? 1 : 0;
  return k;
}

/**
 * Noiseless µs an exchange adds to an iteration once the run is steady (docs/workloads.md §7),
 * for messages of `messageUs` and `overheadUs` of CPU time per message sent or received: the
 * cycle mean of the ranks' max-plus recurrence. Rank r with k_r neighbours sends after
 * g + k_r·o, takes its last message m after its neighbours' sends and copies k_r·o, so the
 * iteration is g plus the most of m + (k_r + k_q)·o over neighbours r, q (a message there and
 * back) and of 2·k_r·o (a rank on its own). k is largest (k_max, the most neighbours per side
 * summed) at every rank of a periodic side and inside an open one; two neighbours both have
 * k_max unless every side longer than 1 is an open side of 3, where the pair is k_max and
 * k_max − 1. One rank: no exchange, 0.
 */
export function haloExchangeUs(
  sides: readonly number[],
  periodic: boolean,
  messageUs: number,
  overheadUs: number,
): number {
  const k = mostNeighbours(sides);
  if (k === 0) return 0;
  let pairAtMost = false;
  for (const s of sides) if (s >= 2 && (periodic || s === 2 || s >= 4)) pairAtMost = true;
  if (pairAtMost) return messageUs + 2 * k * overheadUs;
  return Math.max(messageUs + (2 * k - 1) * overheadUs, 2 * k * overheadUs);
}
