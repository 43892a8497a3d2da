// Whether a noise source runs at all in a run (docs/noise-timing.md, "runProbability"): noise
// that comes and goes between runs — a daemon some jobs meet and others do not — is one cause
// of run-to-run variability (001, Kramer & Ryan). Drawn once per run from the seed, keyed like the
// source's phase (its id, or its group's: the parts of one activity come and go together), so
// adding or removing another source does not change it.
import type { NoiseSource } from '../scenario/types.ts';
import { deriveSeed, hashString, uniformAt } from './random.ts';

/** The salt of the presence draw (noise-table.ts uses 1–6 for its own draws). */
const SALT_PRESENCE = 7;

/** The key a source's run-level draws are made from: its group's, else its own id's. */
export function timingKey(src: NoiseSource): number {
  return src.group === undefined ? hashString(src.id) : hashString(`group:${src.group}`);
}

/**
 * Whether `src` runs in the run of `seed`: always without runProbability (no draw is made, so
 * files without it give the same numbers as before), else when U < p with U uniform in [0, 1)
 * drawn once for the run.
 */
export function presentInRun(src: NoiseSource, seed: number): boolean {
  const p = src.runProbability;
  if (p === undefined) return true;
  return uniformAt(deriveSeed(seed, timingKey(src), SALT_PRESENCE), 0) < p;
}
