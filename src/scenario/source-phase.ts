// A source's timing changed the one way the validator accepts (docs/noise-timing.md), for the
// source editor and for lesson and challenge edits alike:
// - aligned (the same moment on every node, its offset kept) has no phase window and is in no
//   group, so both go;
// - random (each node its own) keeps an offset only as a group's part (its delay after the
//   group's start); outside a group the offset becomes 0;
// - a period is the whole group's (its parts start together every period), and a window is at
//   most the period.
import type { PatchOp } from './patch.ts';
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

const PERIOD_OP = /^noise\.([a-z0-9-]{1,64})\.periodUs$/;

/**
 * `ops` (edits of `base` by source id, patch.ts) with what setSourcePeriod does to a group added:
 * after an op that sets a grouped source's period, an op for each other field that
 * setSourcePeriod changes on `base` (the other parts' periods, unless `ops` set them themselves,
 * and the windows it cuts). For a hand-written link (`src.rms-15ms.period=60s`), where one part's
 * period alone would be refused by the validator (a group has one period).
 */
export function withGroupPeriods(ops: readonly PatchOp[], base: Scenario): PatchOp[] {
  const setsPeriod = new Set(ops.map((op) => PERIOD_OP.exec(op[0])?.[1]).filter(Boolean));
  const out: PatchOp[] = [];
  for (const op of ops) {
    out.push(op);
    const id = PERIOD_OP.exec(op[0])?.[1];
    const index = base.noise.findIndex((s) => s.id === id);
    if (index < 0 || base.noise[index].group === undefined || op.length !== 2) continue;
    // the rule written once: setSourcePeriod on a copy of the sources, and what it changed
    const after = { ...base, noise: base.noise.map((s) => ({ ...s })) };
    setSourcePeriod(after, index, op[1]);
    after.noise.forEach((s, i) => {
      const was = base.noise[i];
      if (s.id !== id && !setsPeriod.has(s.id) && s.periodUs !== was.periodUs) {
        out.push([`noise.${s.id}.periodUs`, s.periodUs]);
      }
      if (s.phaseWindowUs !== was.phaseWindowUs) {
        out.push([`noise.${s.id}.phaseWindowUs`, s.phaseWindowUs]);
      }
    });
  }
  return out;
}
