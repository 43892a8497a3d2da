// How 000 sec 6 (Fig 18) tells the causes of a barrier's lost time apart: by its length. The
// paper measured barrier latencies, so it knew how long a barrier was held up, not by what; "as
// presented by Table 2, instances of noise with a 0–3 ms duration are always caused by kernel
// activity; instances of noise with a 5–18 ms duration are always caused by RMS dæmons; and,
// instances of noise with a greater-than-18 ms duration are always caused by TruCluster
// dæmons". A lost time between 3 and 5 ms is in no class; it stays in the total. The report's
// Fig 18 checks (targets/asci-q.ts) and the calibration's Fig 18 terms (src/calibration/) both
// class lost time by this rule.

/** Table 2's classes: a lost time ℓ (µs) is in a class when aboveUs < ℓ ≤ atMostUs. */
export const TABLE2_CLASSES = [
  { cat: 'kernel', aboveUs: 0, atMostUs: 3000 },
  { cat: 'rms', aboveUs: 5000, atMostUs: 18000 },
  { cat: 'trucluster', aboveUs: 18000, atMostUs: Infinity },
] as const;

/** µs of lost time in each of Table 2's classes, and in all, over each iteration's lost time
 * (µs; an iteration that lost nothing, or less than nothing, counts in no class). */
export function lostBySize(excessUs: ArrayLike<number>): {
  byClass: Record<string, number>;
  total: number;
} {
  const byClass: Record<string, number> = { kernel: 0, rms: 0, trucluster: 0 };
  let total = 0;
  for (let i = 0; i < excessUs.length; i++) {
    const lost = excessUs[i];
    if (!(lost > 0)) continue;
    total += lost;
    const c = TABLE2_CLASSES.find((k) => lost > k.aboveUs && lost <= k.atMostUs);
    if (c) byClass[c.cat] += lost;
  }
  return { byClass, total };
}
