// The standard error of a run's mean iteration time by batch means. Iteration times are
// correlated (a freeze carries into the next iteration; a long event spans several), so the
// naive σ/√n understates the error of their mean. Cut the n values into B batches of equal size
// m = ⌊n/B⌋ in order; for m large enough the batch means are nearly independent, and their
// spread gives the error of the mean: SE = sd(batch means)/√B (Law & Kelton, Simulation Modeling
// and Analysis, batch means with a fixed number of batches). The first n − B·m values are left
// out (at most B − 1): they are the oldest, nearest the warm-up.

/** Batches of a run's measured iterations: 16 is the usual 10–30, and a t-quantile at 15
 * degrees of freedom is within 7 % of the normal one. */
export const BATCHES = 16;

/**
 * The standard error (in the values' unit) of the mean of `xs[from .. from + n)` by `batches`
 * batch means; Infinity when there are fewer values than batches.
 */
export function batchMeansSe(
  xs: ArrayLike<number>,
  from: number,
  n: number,
  batches: number = BATCHES,
): number {
  return batchMeans(xs, from, n, batches).se;
}

/**
 * The standard error of the mean of `xs[from .. from + n)` by `batches` batch means, relative to
 * that mean (0.01 = ±1 %); Infinity when there are fewer values than batches or the mean is 0.
 */
export function batchMeansRelSe(
  xs: ArrayLike<number>,
  from: number,
  n: number,
  batches: number = BATCHES,
): number {
  const { se, mean } = batchMeans(xs, from, n, batches);
  return mean > 0 ? se / mean : Infinity;
}

function batchMeans(
  xs: ArrayLike<number>,
  from: number,
  n: number,
  batches: number,
): { se: number; mean: number } {
  const m = Math.floor(n / batches);
  if (m < 1) return { se: Infinity, mean: NaN };
  const start = from + (n - m * batches);
  const means = new Float64Array(batches);
  let grand = 0;
  for (let b = 0; b < batches; b++) {
    let sum = 0;
    const o = start + b * m;
    for (let k = 0; k < m; k++) sum += xs[o + k];
    means[b] = sum / m;
    grand += means[b] / batches;
  }
  // The sample variance of the batch means, in two passes (no cancellation when they are close).
  let ss = 0;
  for (let b = 0; b < batches; b++) ss += (means[b] - grand) ** 2;
  return { se: Math.sqrt(ss / (batches - 1) / batches), mean: grand };
}
