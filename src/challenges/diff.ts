// Which fields of a scenario differ from another's: what a checker uses to hold the student to a
// challenge's rules (e.g. "the noise stays as it is").

/** Texts that describe a scenario without changing what it simulates. */
const DESCRIPTIVE = new Set(['title', 'description', 'references', 'provenance', 'label']);

/** Dotted paths (e.g. `noise.3.enabled`, `job.ranksPerNode`) where `a` and `b` differ. */
export function changedPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (Object.is(a, b)) return [];
  const bothObjects = typeof a === 'object' && typeof b === 'object' && a !== null && b !== null;
  if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) return [prefix || '(the scenario)'];
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
    return [prefix === '' ? '(length)' : `${prefix} (now ${b.length} items, was ${a.length})`];
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])];
  return keys
    .filter((key) => !DESCRIPTIVE.has(key))
    .flatMap((key) => changedPaths(ra[key], rb[key], prefix === '' ? key : `${prefix}.${key}`));
}

/** The changed paths not under one of `allowed` (each a dotted path prefix). */
export function forbiddenChanges(
  start: unknown,
  student: unknown,
  allowed: readonly string[],
): string[] {
  return changedPaths(start, student).filter(
    (path) =>
      !allowed.some((a) => path === a || path.startsWith(`${a}.`) || path.startsWith(`${a} `)),
  );
}
