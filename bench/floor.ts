// The tight-loop floor the dense-noise target is measured against: the least
// a bulk-synchronous simulator must do per rank and iteration — read the
// rank's start, add its work and its noise, keep the maximum — as one typed-
// array loop with nothing else in it.

export function floorLoop(ranks: number, iterations: number): number {
  const start = new Float64Array(ranks);
  const noise = new Float64Array(ranks);
  for (let r = 0; r < ranks; r++) noise[r] = (r % 997) / 40; // µs, so the max moves
  let t = 0;
  for (let it = 0; it < iterations; it++) {
    let m = t;
    for (let r = 0; r < ranks; r++) {
      const s = start[r] > t ? start[r] : t;
      const f = s + 1000 + noise[r];
      if (f > m) m = f;
    }
    t = m;
  }
  return t;
}
