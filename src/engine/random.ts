// Seeded randomness for the engine (model.md §7). Never the unseeded global generator: the same
// scenario and seed must give bit-identical results in Node and in the browser,
// so everything here is 32-bit integer arithmetic (Math.imul, >>>) plus the
// IEEE-754 division that turns bits into a double.

/** 2^-53: the spacing of doubles in [0, 1) built from 53 random bits. */
const TWO_POW_M53 = 1 / 9007199254740992;
const TWO_POW_26 = 67108864;

/**
 * A strong 32-bit integer hash (Chris Wellons' "triple32", bias ≈ 0.021):
 * used to derive seeds and for counter-based draws such as a node's phase.
 */
export function mix32(x: number): number {
  x ^= x >>> 17;
  x = Math.imul(x, 0xed5ad4bb);
  x ^= x >>> 11;
  x = Math.imul(x, 0xac4c1b51);
  x ^= x >>> 15;
  x = Math.imul(x, 0x31848bab);
  x ^= x >>> 14;
  return x >>> 0;
}

/** FNV-1a over UTF-16 code units, then mixed: a stable 32-bit key for a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h >>> 0);
}

/** A child seed from a parent seed and a path of integer keys; order matters. */
export function deriveSeed(seed: number, ...keys: number[]): number {
  let h = mix32((seed ^ 0x9e3779b9) >>> 0);
  for (const k of keys) h = mix32((h ^ mix32((k + 0x7f4a7c15) >>> 0)) >>> 0);
  return h;
}

/**
 * Counter-based uniform double in [0, 1) for (key, index): the same node gets
 * the same phase whatever the job size, so curves over node count share their
 * randomness (common random numbers) and need no O(machine) pre-pass.
 */
export function uniformAt(key: number, index: number): number {
  const x = mix32((index ^ key) >>> 0);
  const hi = mix32((x ^ 0x85ebca6b ^ key) >>> 0) >>> 5; // 27 bits
  const lo = mix32((x + 0x68e31da4) >>> 0) >>> 6; // 26 bits
  return (hi * TWO_POW_26 + lo) * TWO_POW_M53;
}

/**
 * Counter-based uniform double in [0, 1) for a (key, node, k) triple: the k-th
 * event of a source on a node draws its duration, victim or gap from its own
 * coordinates. So results do not depend on the order nodes are processed in,
 * and a node's noise is the same whatever the job size and whichever other
 * sources are switched on (common random numbers across what-ifs).
 */
export function uniformAt3(key: number, node: number, k: number): number {
  const x = mix32((mix32((k ^ 0x27d4eb2f) >>> 0) ^ node ^ key) >>> 0);
  const hi = mix32((x ^ key ^ 0x85ebca6b) >>> 0) >>> 5; // 27 bits
  const lo = mix32((x + 0x68e31da4) >>> 0) >>> 6; // 26 bits
  return (hi * TWO_POW_26 + lo) * TWO_POW_M53;
}

/**
 * Counter-based 32 random bits for a (key, node, k) triple: cheaper than
 * uniformAt3 where 32 bits are plenty (choosing one of a node's cores).
 */
export function bitsAt3(key: number, node: number, k: number): number {
  return mix32((mix32((k ^ key) >>> 0) ^ Math.imul(node, 0x9e3779b1)) >>> 0);
}

/**
 * A uniform index in [0, n) from the 32 random bits of (key, node, k): the uniform pick among
 * the n candidate cores of model.md §3 ("a uniformly random rank whose core runs no noise"),
 * written once for every path that places a cpu "any" event. n ≤ 2^21 keeps it exact.
 */
export function indexAt3(key: number, node: number, k: number, n: number): number {
  return Math.floor((bitsAt3(key, node, k) * n) / 4294967296);
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state,
 * period ≥ 2^32): passes PractRand to many terabytes and costs a few ns.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0;
    this.b = seed | 0;
    this.c = mix32(seed >>> 0) | 0;
    this.d = 1;
    // The customary warm-up: decorrelates nearby seeds.
    for (let i = 0; i < 15; i++) this.nextU32();
  }

  /** Next 32 random bits as an unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform double in [0, 1) with 53 random bits (two draws). */
  uniform(): number {
    const hi = this.nextU32() >>> 5;
    const lo = this.nextU32() >>> 6;
    return (hi * TWO_POW_26 + lo) * TWO_POW_M53;
  }

  /** Uniform integer in [0, n), n ≤ 2^32, without modulo bias worth noticing (< 2^-21 for n < 2^11). */
  below(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** Standard normal by Box–Muller (no cached spare: the state stays the four words). */
  normal(): number {
    const u = 1 - this.uniform(); // (0, 1]: log is finite
    const v = this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.uniform());
  }
}
