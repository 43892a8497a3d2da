// The name a mistyped one most likely meant ("bgp-intrepd" → "bgp-intrepid"), for messages that
// name a problem in a link or a file: by edit distance, and only when it is near.

/** Levenshtein distance between `a` and `b` (insertions, deletions and substitutions, each 1). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const swap = prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(prev[j] + 1, row[j - 1] + 1, swap));
    }
    prev = row;
  }
  return prev[b.length];
}

/**
 * The one of `names` nearest to `typed`, when it is within a third of its length in edits (at
 * most 3) and no other is as near; undefined otherwise.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const most = nearLimit(typed);
  let best: string | undefined;
  let bestD = Infinity;
  let tie = false;
  for (const name of names) {
    const d = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (d < bestD) [best, bestD, tie] = [name, d, false];
    else if (d === bestD) tie = true;
  }
  return bestD <= most && !tie ? best : undefined;
}

/** Edits within which a name counts as near `typed`: a third of its length, at most 3. */
function nearLimit(typed: string): number {
  return Math.min(3, Math.floor(typed.length / 3));
}

/**
 * Every one of `names` near `typed` (nearestName's limit), nearest first (ties in the order
 * given), at most `max`: "asci-q-2099" is as near asci-q-2002 as asci-q-2003, and a message can
 * name both where nearestName names neither.
 */
export function nearNames(typed: string, names: readonly string[], max: number): string[] {
  const most = nearLimit(typed);
  return names
    .map((name, k) => ({ name, k, d: editDistance(typed.toLowerCase(), name.toLowerCase()) }))
    .filter((n) => n.d <= most)
    .sort((a, b) => a.d - b.d || a.k - b.k)
    .slice(0, max)
    .map((n) => n.name);
}
