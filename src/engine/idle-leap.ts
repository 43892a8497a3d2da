// Ticks on an idle core that nothing can see, counted instead of applied one by one.
//
// An idle core (no rank on it, the OS core of the Jaguar RN kernel) matters only through its
// queue: a cpu "any" event asks whether it is free (model.md §3), and an event queues behind
// the ones before it. A tick of a periodic source with a bounded duration (fixed or uniform,
// at most dMax) that starts on an empty queue and ends before the next event of its core and
// before the bound is invisible: whatever it lasted, the next event finds the core free. The
// node's absorb loop (dense-loop.ts absorbIdle) already skips drawing such a tick's duration;
// this skips the tick itself, so that a core fed by two 250 Hz sources costs per event of its
// other sources, not per tick.
//
// The argument. Let the core's bounded periodic sources (the *leapable* ones) have durations at
// most D in sum, with D below every one of their periods. A chain of queued events among them
// (each starting before the one before it ends) then holds at most one tick of each source and
// ends at most D after its first start: a second tick of one source would start at least a
// period, more than D, after the first. Let lim be the first start of the core's other
// events, or the bound, whichever is first, and the queue be empty at the first tick. Every
// tick that starts before L = lim − D (less a few ulps of lim, for the rounding of the sums) is
// then invisible: a chain holding it starts before L and ends before lim, so at lim the core
// is free whatever the ticks lasted. The ticks at or
// after L are applied one by one as before: one that queued behind a counted tick is started
// too early, but its chain ends before lim all the same, and one that did not starts where
// it would have.
// Counted ticks count as applied events, their durations never drawn (the draws are
// counter-based, so skipping them changes no other draw), and the queue end is left at the
// last one's start, as the absorb loop leaves a skipped tick: every later reader compares it
// with a start at or after lim.
// The result is the absorb loop's to the bit.

// Module-local copies (see dense-loop.ts); tests/engine/layout-constants.test.ts checks them.
const E_TIME = 0;
const E_COUNT = 1;
const E_PHASE = 2;
const ENTRY_STRIDE = 4;
/** ulps of lim kept between the counted ticks and lim (one rounding per event of a chain) */
const ULPS = 16;

/** The noise table's arrays the leap reads and writes (noise-table.ts). */
export interface LeapNoise {
  readonly ent: Float64Array;
  readonly periodUs: Float64Array;
  readonly pinnedCore: Int32Array;
}

/** The idle cores' slots of the dense loop (dense-loop.ts DenseLanes) the leap reads and moves. */
export interface LeapSlots {
  /** per (node, slot): next start (µs, +∞ unused), entry, source (−1 unused) */
  readonly idleNext: Float64Array;
  readonly idleEntry: Int32Array;
  readonly idleSource: Int32Array;
  readonly slots: number;
  /** per source: periodic with a bounded duration */
  readonly leapable: Uint8Array;
  /** per core: D, the sum of its leapable sources' longest durations (µs); +∞ when D is not
   * below all their periods (no leap) */
  readonly leapD: Float64Array;
  /** scratch: the leapable slots of the core in hand */
  readonly leapSlot: Int32Array;
  /** µs: the queue ends, per (node, core) */
  readonly laneBusy: Float64Array;
}

/** k of the first tick at or after `L` (µs) of entry e, whose next tick is its k0-th. */
function firstAtOrAfter(ent: Float64Array, e: number, T: number, L: number): number {
  const eo = e * ENTRY_STRIDE;
  const phase = ent[eo + E_PHASE];
  const k0 = ent[eo + E_COUNT];
  let k = Math.ceil((L - phase) / T);
  if (k < k0) k = k0;
  // The times are phase + k·T, as NoiseTable.advance computes them; the division may round.
  while (k > k0 && phase + (k - 1) * T >= L) k--;
  while (phase + k * T < L) k++;
  return k;
}

/**
 * Count, on node x's idle core `core`, the invisible ticks from `s` (µs: the node's earliest
 * waiting idle event, on this core, whose queue is empty at s) on, when there are any: their
 * entries and slot times move past them, and the queue end is set as the absorb loop sets it.
 * Returns how many ticks were counted (0: none; the caller applies the event at s itself).
 * `bound` (µs): the absorb loop's, the start of the event it absorbs up to.
 */
export function leapIdleTicks(
  noise: LeapNoise,
  dense: LeapSlots,
  x: number,
  C: number,
  core: number,
  s: number,
  bound: number,
): number {
  const D = dense.leapD[core];
  if (!(D < Infinity)) return 0;
  const { pinnedCore } = noise;
  const { idleNext, idleSource, leapable, leapSlot } = dense;
  const M = dense.slots;
  const o = x * M;
  // The core's leapable slots, and lim: the first start of its other events, or the bound.
  let lim = bound;
  let n = 0;
  for (let r = o; r < o + M; r++) {
    const j = idleSource[r];
    if (j < 0 || pinnedCore[j] !== core) continue;
    if (leapable[j] === 1) leapSlot[n++] = r;
    else if (idleNext[r] < lim) lim = idleNext[r];
  }
  const L = leapLimit(lim, D);
  if (!(L > s)) return 0;
  return countTicks(noise, dense, x, C, core, L, n);
}

/**
 * L of the argument above: a few ulps of lim below lim − D (µs). A queued chain's end is a sum
 * rounded once per event, and the argument needs it below lim in floating point too, not only in
 * real numbers.
 */
export function leapLimit(lim: number, D: number): number {
  return lim - D - ULPS * Number.EPSILON * Math.abs(lim);
}

/**
 * Count the ticks that start before L (µs) of the leapable slots leapSlot[0 … n) of node x's
 * core `core`, as leapIdleTicks does once it has found them: their entries and slot times move
 * past them and the queue end is left at the last one's start. Returns how many.
 */
export function countTicks(
  noise: LeapNoise,
  dense: LeapSlots,
  x: number,
  C: number,
  core: number,
  L: number,
  n: number,
): number {
  const { ent, periodUs } = noise;
  const { idleNext, idleEntry, idleSource, leapSlot } = dense;
  let counted = 0;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const r = leapSlot[i];
    const e = idleEntry[r];
    const eo = e * ENTRY_STRIDE;
    const T = periodUs[idleSource[r]];
    const k0 = ent[eo + E_COUNT];
    const k = firstAtOrAfter(ent, e, T, L);
    if (k === k0) continue;
    const phase = ent[eo + E_PHASE];
    if (phase + (k - 1) * T > last) last = phase + (k - 1) * T;
    counted += k - k0;
    ent[eo + E_COUNT] = k;
    ent[eo + E_TIME] = phase + k * T;
    idleNext[r] = ent[eo + E_TIME];
  }
  if (counted > 0) dense.laneBusy[x * C + core] = last;
  return counted;
}
