// Log-spaced bins of noise-event duration, for the cumulative loss by event
// duration (the paper's Figure 18, whose x axis runs from µs to 100s of ms).
// Bin 0 holds [0, 0.1 µs); bin k ≥ 1 holds [0.1·10^((k−1)/5), 0.1·10^(k/5)) µs,
// five bins per decade up to 10 s; the last bin takes everything longer.

export const BINS_PER_DECADE = 5;
const FIRST_EDGE_US = 0.1;
const DECADES = 8; // 0.1 µs … 10 s
export const DURATION_BIN_COUNT = 2 + DECADES * BINS_PER_DECADE;

/** Bin index of an event duration in µs. */
export function durationBin(us: number): number {
  if (!(us >= FIRST_EDGE_US)) return 0;
  const k = 1 + Math.floor(BINS_PER_DECADE * Math.log10(us / FIRST_EDGE_US) + 1e-9);
  return k < DURATION_BIN_COUNT ? k : DURATION_BIN_COUNT - 1;
}

/** Lower edges of the bins in µs (bin 0 starts at 0). */
export function durationBinEdges(): number[] {
  const edges = [0];
  for (let k = 1; k < DURATION_BIN_COUNT; k++) {
    edges.push(FIRST_EDGE_US * Math.pow(10, (k - 1) / BINS_PER_DECADE));
  }
  return edges;
}
