// Finished sweep points, kept by what they ran, for every sweep of the page: a point's result
// follows from its scenario alone (base, assignments and seed: src/engine/sweep.ts) and
// from how long it was run (its pass's PointLength), so a second sweep that asks for the same
// point, from another view or from the lesson, or the same view again after a change was undone,
// takes it from here instead of running it again. The lesson's hundred runs of a step and the
// run-to-run view's histogram of the same step are the same points.
import type { RunResult } from '../engine/result.ts';
import type { PointLength, PointReach } from '../engine/point-length.ts';
import { pointSeed, sweepAssignments, type Vary } from '../engine/sweep.ts';
import { contentId } from '../scenario/canonical.ts';
import { getPath } from '../scenario/paths.ts';
import type { Scenario } from '../scenario/types.ts';

/** A finished point as kept: what the worker sent for it. */
export interface KeptPoint {
  assignments: { path: string; value: unknown }[];
  result: RunResult;
  reach?: PointReach;
}

/** Bytes of points kept at most (as estimated by pointBytes): a lesson step's 2 × 100 runs of
 * a few thousand iterations take a few MB, a latency sweep up to a whole Jaguar XT5 (its per-node
 * loss maps) about 20 MB. */
export const KEPT_BYTES = 48e6;

/** A point's size, roughly: 8 bytes an iteration time and a node's three loss figures, and its
 * summary and per-source figures. */
export function pointBytes(point: KeptPoint): number {
  const nodes = point.result.attribution?.nodeIds.length ?? 0;
  return 8 * (point.result.iterationsUs.length + 3 * nodes) + 4096;
}

/**
 * Each point's key: the base scenario (but its seed), the point's seed, and the assignments that
 * change the base, with the run length. Two points with the same key run the same scenario
 * (src/engine/sweep.ts rawPoint) for as long, so give the same result (the engine is
 * deterministic): a sweep over `seed` and one over `job.nodes` = [1, 32] and `seed` on a base of
 * one node share their one-node points. The base enters as its content id (52 bits of a hash of
 * its canonical text), so a key is short whatever the scenario's size, and is computed once a
 * sweep.
 */
export function pointKeys(base: Scenario, varies: Vary[], length?: PointLength): string[] {
  const head = contentId({ ...base, seed: null });
  const tail = length ? `|${JSON.stringify(length)}` : '';
  return sweepAssignments(varies).map((assignments) => {
    const changes = assignments
      .filter((a) => a.path !== 'seed' && !unchanged(base, a))
      .map((a) => `${a.path}=${JSON.stringify(a.value)}`)
      .join('&');
    return `${head}|${JSON.stringify(pointSeed(base, assignments))}|${changes}${tail}`;
  });
}

/** whether the assignment sets a field of `base` to the value it has */
function unchanged(base: Scenario, a: { path: string; value: unknown }): boolean {
  try {
    return JSON.stringify(getPath(base, a.path)) === JSON.stringify(a.value);
  } catch {
    return false;
  }
}

export class PointCache {
  /** key → point and its size, the least recently used first (plain: nothing draws from it) */
  readonly #at = new Map<string, { point: KeptPoint; bytes: number }>();
  #bytes = 0;
  readonly #most: number;

  /** `most`: bytes kept at most (pointBytes) */
  constructor(most = KEPT_BYTES) {
    this.#most = most;
  }

  /** points kept */
  get size(): number {
    return this.#at.size;
  }

  /** the point kept under `key`, now the most recently used; undefined: none */
  get(key: string): KeptPoint | undefined {
    const kept = this.#at.get(key);
    if (kept) {
      this.#at.delete(key);
      this.#at.set(key, kept);
    }
    return kept?.point;
  }

  /** Keeps `point` under `key`, dropping the least recently used beyond the limit. */
  set(key: string, point: KeptPoint): void {
    this.#drop(key);
    const bytes = pointBytes(point);
    if (bytes > this.#most) return;
    this.#at.set(key, { point, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.#most) this.#drop(this.#at.keys().next().value as string);
  }

  #drop(key: string): void {
    const kept = this.#at.get(key);
    if (!kept) return;
    this.#at.delete(key);
    this.#bytes -= kept.bytes;
  }
}
