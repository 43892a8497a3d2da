// Sweeps (issue: vary any scenario field over a list of values). The points
// are the cartesian product of the varied paths, in the order given. Each
// point is its own validated scenario whose seed is a child of the base seed,
// derived from the point's own assignments: a point gives the same result
// whichever other points are run, and in whatever order (model.md §7).
import { setPath } from '../scenario/paths.ts';
import type { Scenario } from '../scenario/types.ts';
import { validateScenario } from '../scenario/validate.ts';
import { ScenarioError } from '../scenario/errors.ts';
import { iterationsWithinLimits } from '../scenario/cost.ts';
import { deriveSeed, hashString } from './random.ts';

export interface Vary {
  /** dotted path with numeric indexes, e.g. "job.nodes" or "noise.2.enabled" */
  path: string;
  values: unknown[];
  /**
   * Points that differ only in this path share their child seed (common random numbers): each
   * curve of the resonance view is a set of sources, and a source's events depend on the seed
   * and its own id alone (noise-table.ts), so at one granularity "all sources" meets the very
   * events "kernel alone" meets, and more. The curves then differ by their sources, not by
   * their draws. Still a child of the base seed, and still the point's own (model.md §7).
   */
  sharedSeed?: boolean;
  /**
   * Paths set with this one, value by value (a zip, not a product): the k-th value of each goes
   * with this path's k-th. The run-to-run picture against processes varies `seed` over every
   * run of every size with `job.nodes` together, so that each size has runs of its own (no seed
   * shared between sizes, as separate runs for each process count are). Each list as long as
   * `values`.
   */
  together?: { path: string; values: unknown[] }[];
}

/** One varied path's value at a point (`sharedSeed`: as its Vary). */
export interface Assignment {
  path: string;
  value: unknown;
  sharedSeed?: boolean;
}

export interface SweepPoint {
  /** the point's assignments, one per varied path, in the order given */
  assignments: Assignment[];
  scenario: Scenario;
}

/** Largest number of points a sweep may have (a guard against a typo'd product). */
export const MAX_SWEEP_POINTS = 10_000;

/** The canonical text of a point's assignments: what its child seed is derived from. */
export function pointKey(assignments: Assignment[]): string {
  return assignments.map((a) => `${a.path}=${JSON.stringify(a.value)}`).join('&');
}

/**
 * Child seed of a point: depends on the base seed and the point's own assignments only, those of
 * a `sharedSeed` path left out.
 */
export function childSeed(baseSeed: number, assignments: Assignment[]): number {
  const own = assignments.filter((a) => a.sharedSeed !== true);
  return deriveSeed(baseSeed, hashString(pointKey(own)));
}

export interface PlanOptions {
  /**
   * The points stop once precise (point-length.ts), so their iteration count is a cap, not
   * their meaning: a point the validator refuses only for its length (too many noise events or
   * rank-phases) gets the most iterations it allows instead (warm-up kept below them). A whole
   * Jaguar XT5 at g = 5 ms is refused 20,000 iterations and takes about a thousand; it stops at
   * its cap of events long before either.
   */
  fitToLimits?: boolean;
}

/**
 * Expand and validate every point. Throws a ScenarioError naming the point
 * (its assignments) and the problem when any point is invalid: nothing runs.
 */
export function planSweep(base: Scenario, varies: Vary[], options: PlanOptions = {}): SweepPoint[] {
  let total = 1;
  for (const v of varies) {
    if (v.values.length === 0) {
      throw new ScenarioError([
        { path: v.path, value: undefined, message: 'has no values to vary over' },
      ]);
    }
    for (const t of v.together ?? []) {
      if (t.values.length !== v.values.length) {
        throw new ScenarioError([
          {
            path: t.path,
            value: t.values.length,
            message: `value(s) to set one each with the ${v.values.length} of ${v.path}; allowed: exactly ${v.values.length}`,
          },
        ]);
      }
    }
    total *= v.values.length;
  }
  if (total > MAX_SWEEP_POINTS) {
    throw new ScenarioError([
      {
        path: '(sweep)',
        value: total,
        message: `points is too many; allowed: at most ${MAX_SWEEP_POINTS}`,
      },
    ]);
  }
  const points: SweepPoint[] = [];
  for (const assignments of sweepAssignments(varies)) {
    const raw = rawPoint(base, assignments);
    let scenario: Scenario;
    try {
      scenario = validate(raw, options.fitToLimits === true);
    } catch (err) {
      if (err instanceof ScenarioError) {
        const at = pointKey(assignments);
        throw new ScenarioError(
          err.issues.map((i) => ({ ...i, message: `${i.message} (at sweep point ${at})` })),
        );
      }
      throw err;
    }
    points.push({ assignments, scenario });
  }
  return points;
}

/** Every point's assignments, in point order: the last varied path changes fastest. */
export function sweepAssignments(varies: Vary[]): Assignment[][] {
  const total = varies.reduce((n, v) => n * v.values.length, 1);
  const all: Assignment[][] = [];
  const index = new Array<number>(varies.length).fill(0);
  for (let p = 0; p < total; p++) {
    all.push(
      varies.flatMap((v, k) => [
        {
          path: v.path,
          value: v.values[index[k]],
          ...(v.sharedSeed === true ? { sharedSeed: true } : {}),
        },
        ...(v.together ?? []).map((t) => ({ path: t.path, value: t.values[index[k]] })),
      ]),
    );
    // Odometer: the last varied path changes fastest.
    for (let k = varies.length - 1; k >= 0; k--) {
      if (++index[k] < varies[k].values.length) break;
      index[k] = 0;
    }
  }
  return all;
}

/**
 * A point's scenario before validation: the base with the point's assignments, and a varied
 * seed taken literally (replicas) or else a child seed. What a point runs follows from it alone.
 */
export function rawPoint(base: Scenario, assignments: Assignment[]): unknown {
  // a copy even without assignments: the child seed is set on it, never on the base
  let raw: unknown = { ...base };
  for (const a of assignments) raw = setPath(raw, a.path, a.value);
  (raw as { seed: unknown }).seed = pointSeed(base, assignments);
  return raw;
}

/** A point's seed: a varied seed taken literally (replicas), or else a child of the base's. */
export function pointSeed(base: Scenario, assignments: Assignment[]): unknown {
  const varied = assignments.findLast((a) => a.path === 'seed');
  return varied ? varied.value : childSeed(base.seed, assignments);
}

/** A validated point; with `fit`, one refused for its length alone shortened to what is
 * allowed (any other problem, or a shortened point still refused, is reported as asked). */
function validate(raw: unknown, fit: boolean): Scenario {
  try {
    return validateScenario(raw);
  } catch (err) {
    const lengthOnly =
      err instanceof ScenarioError &&
      err.issues.length > 0 &&
      err.issues.every((i) => i.limit === 'length');
    const shorter = fit && lengthOnly ? fitted(raw) : null;
    if (shorter === null) throw err;
    try {
      return validateScenario(shorter);
    } catch {
      throw err;
    }
  }
}

/** `raw` (valid but for its length) with the most iterations the validator's run limits allow
 * it, or null when even two iterations are too many. */
function fitted(raw: unknown): unknown {
  const w = (raw as { workload?: { iterations?: unknown; warmup?: unknown } }).workload;
  if (typeof w?.iterations !== 'number' || typeof w.warmup !== 'number') return null;
  let probe: Scenario;
  try {
    probe = validateScenario(setPath(setPath(raw, 'workload.iterations', 1), 'workload.warmup', 0));
  } catch {
    return null;
  }
  const most = iterationsWithinLimits([probe]);
  if (!(most >= 2 && most < w.iterations)) return null;
  return setPath(
    setPath(raw, 'workload.iterations', most),
    'workload.warmup',
    Math.min(w.warmup, most - 1),
  );
}
