// Noiseless collective latency L(n, P) (model.md §4), µs.
import type { Collective } from '../scenario/types.ts';

/** ⌈log2 x⌉ for x ≥ 1, exact for integers (no floating log). */
export function ceilLog2(x: number): number {
  let levels = 0;
  let span = 1;
  while (span < x) {
    span *= 2;
    levels++;
  }
  return levels;
}

/**
 * hardware barrier: base + perLevel·⌈log2 n⌉ (Quadrics / BG/P barrier network);
 * software collective over ranks: base + perLevel·⌈log2 (n·P)⌉.
 */
export function collectiveLatency(c: Collective, nodes: number, ranksPerNode: number): number {
  const participants = c.kind === 'hardware' ? nodes : nodes * ranksPerNode;
  return c.baseUs + c.perLevelUs * ceilLog2(participants);
}
