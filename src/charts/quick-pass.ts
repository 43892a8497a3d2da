// Which points a sweep's quick pass runs: the cheapest first, while their estimated work adds up
// to at most a budget; the costliest wait for the final pass (their curve's end fills in then).
// The quick pass is there to put a curve on the stage within a second or two: on Jaguar XT5 a
// single POP step of its largest points costs seconds, and one of each made the quick curve of
// POP 6 s (docs/benchmarks.md). Pure.

/**
 * Indices (ascending) of the points the quick pass runs: cheapest first while the sum of
 * `works` stays within `budget`, and always the cheapest one.
 */
export function quickIndices(works: readonly number[], budget: number): number[] {
  const order = works.map((w, i) => ({ w, i })).sort((a, b) => a.w - b.w || a.i - b.i);
  const chosen: number[] = [];
  let sum = 0;
  for (const { w, i } of order) {
    if (chosen.length > 0 && sum + w > budget) break;
    chosen.push(i);
    sum += w;
  }
  return chosen.sort((a, b) => a - b);
}
