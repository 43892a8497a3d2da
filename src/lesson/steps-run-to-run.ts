// The second lesson's steps, "Why does my job take a different time every run?": Kramer and
// Ryan's run-to-run variability (seed 001) on NPB EP, then Worley's halo exchanges on the Cray XT
// (seed 004), then what a user can do about it.
import { oneNode, reportSpread, sameJob, twoHumps } from './steps-spread.ts';
import { maxMin, ripple } from './steps-halo.ts';
import type { LessonStep } from './types.ts';

export const RUN_TO_RUN_STEPS: readonly LessonStep[] = [
  sameJob,
  oneNode,
  twoHumps,
  ripple,
  maxMin,
  reportSpread,
];
