// A deterministic derivative-free search for the calibration: compass search (Kolda, Lewis and
// Torczon, SIAM Review 45, 2003, §3) on the unit box. Each parameter maps to [0, 1] (log or
// linear, types.ts); from the start point it tries a step up and down along each coordinate in
// turn, moves to the first point that lowers the objective, and halves the step after a sweep
// that finds none. It stops when the step is below `minStep` or the evaluations reach `budget`.
// The objective of a run with fixed seeds is a deterministic but jagged function of the
// parameters (common random numbers), which a gradient method would misread; compass search only
// compares values. Points are rounded to a grid of minStep so a revisited point is not rerun.

export interface SearchOptions {
  /** first step, as a share of each parameter's range (default 1/4) */
  step?: number;
  /** smallest step (default 1/32) */
  minStep?: number;
  /** most evaluations, the start point included */
  budget: number;
}

export interface SearchStep {
  /** the point, in unit coordinates */
  u: number[];
  objective: number;
  /** whether the search moved there */
  accepted: boolean;
}

export interface SearchResult {
  best: number[];
  bestObjective: number;
  start: number[];
  startObjective: number;
  history: SearchStep[];
  /** why it stopped */
  stop: 'converged' | 'budget';
}

/** The search, with `f` evaluating a point of the unit box (async: a point runs on threads). */
export async function compassSearch(
  start: readonly number[],
  f: (u: number[]) => Promise<number>,
  opts: SearchOptions,
): Promise<SearchResult> {
  const minStep = opts.minStep ?? 1 / 32;
  let step = opts.step ?? 1 / 4;
  const snap = (x: number) => Math.min(1, Math.max(0, Math.round(x / minStep) * minStep));
  const seen = new Map<string, number>();
  const history: SearchStep[] = [];
  const value = async (u: number[]): Promise<number> => {
    const key = u.join(',');
    const known = seen.get(key);
    if (known !== undefined) return known;
    const y = await f(u);
    seen.set(key, y);
    history.push({ u: [...u], objective: y, accepted: false });
    return y;
  };
  // The start point is evaluated where it is (the fixed start values), not snapped.
  let best = [...start];
  let bestY = await value(best);
  history[0].accepted = true;
  const startY = bestY;
  const result = (stop: SearchResult['stop']): SearchResult => ({
    best,
    bestObjective: bestY,
    start: [...start],
    startObjective: startY,
    history,
    stop,
  });
  while (step >= minStep) {
    let moved = false;
    for (let k = 0; k < best.length; k++) {
      for (const dir of [1, -1]) {
        if (seen.size >= opts.budget) return result('budget');
        const u = [...best];
        u[k] = snap(best[k] + dir * step);
        if (u[k] === best[k]) continue;
        const y = await value(u);
        if (y < bestY) {
          best = u;
          bestY = y;
          history[history.length - 1].accepted = true;
          moved = true;
          break;
        }
      }
    }
    if (!moved) step /= 2;
  }
  return result('converged');
}

/** A parameter's value from its unit coordinate. */
export function fromUnit(u: number, lo: number, hi: number, scale: 'log' | 'linear'): number {
  if (scale === 'linear') return lo + u * (hi - lo);
  return Math.exp(Math.log(lo) + u * (Math.log(hi) - Math.log(lo)));
}

/** The unit coordinate of a value (clamped to the box). */
export function toUnit(x: number, lo: number, hi: number, scale: 'log' | 'linear'): number {
  const u =
    scale === 'linear'
      ? (x - lo) / (hi - lo)
      : (Math.log(x) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
  return Math.min(1, Math.max(0, u));
}
