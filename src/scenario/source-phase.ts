// A source's timing changed the one way the validator accepts (docs/noise-timing.md), for the
// source editor and for lesson and challenge edits alike:
// - aligned (the same moment on every node, its offset kept) has no phase window and is in no
//   group, so both go;
// - random (each node its own) keeps an offset only as a group's part (its delay after the
//   group's start); outside a group the offset becomes 0;
// - a period is the whole group's (its parts start together every period), and a window is at
//   most the period.
import type { NoiseSource, Scenario } from './types.ts';

/** Sets `phase` on `source` (in place), with what the validator then requires. */
export function setSourcePhase(source: NoiseSource, phase: NoiseSource['phase']): void {
  source.phase = phase;
  if (phase === 'random' && source.group === undefined) source.phaseOffsetUs = 0;
  if (phase === 'aligned') dropSourceTiming(source);
}

/**
 * Removes a source's phase window and group, which only a periodic source of random phase has;
 * a random source's offset (its delay in the group) goes with the group.
 */
export function dropSourceTiming(source: NoiseSource): void {
  delete source.phaseWindowUs;
  delete source.group;
  if (source.phase === 'random') source.phaseOffsetUs = 0;
}

/**
 * Sets source `index`'s period (in place) to `periodUs`, a value as typed (the validator judges
 * it). A number goes to every part of the source's group too, and a phase window longer than
 * the new period is cut to it (a window of the whole period: independent phases).
 */
export function setSourcePeriod(scenario: Scenario, index: number, periodUs: unknown): void {
  const source = scenario.noise[index];
  source.periodUs = periodUs as number;
  if (typeof periodUs !== 'number' || !Number.isFinite(periodUs) || periodUs <= 0) return;
  const parts = scenario.noise.filter(
    (s) => s === source || (source.group !== undefined && s.group === source.group),
  );
  for (const s of parts) {
    s.periodUs = periodUs;
    if (s.phaseWindowUs !== undefined && s.phaseWindowUs > periodUs) s.phaseWindowUs = periodUs;
  }
}
