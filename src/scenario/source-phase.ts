// A source's phase changed the one way the validator accepts (docs/noise-timing.md): aligned
// (the same moment on every node, its offset kept) has no phase window and is in no group, so
// both go; random (each node its own) has no offset, so it becomes 0. Used by the source editor
// and by lesson and challenge edits alike.
import type { NoiseSource } from './types.ts';

/** Sets `phase` on `source` (in place), with what the validator then requires. */
export function setSourcePhase(source: NoiseSource, phase: NoiseSource['phase']): void {
  source.phase = phase;
  if (phase === 'random') source.phaseOffsetUs = 0;
  if (phase === 'aligned') dropSourceTiming(source);
}

/** Removes a source's phase window and group, which only a periodic source of random phase has. */
export function dropSourceTiming(source: NoiseSource): void {
  delete source.phaseWindowUs;
  delete source.group;
}
