// The challenges, in menu order, and the one way to check a scenario against one of them.
import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';
import { coSchedule } from './co-schedule.ts';
import { fewestSources } from './fewest-sources.ts';
import { halveSage } from './halve-sage.ts';
import { resonantNoise } from './resonant-noise.ts';
import type { Challenge, CheckRun, Verdict } from './types.ts';

export type { Challenge, CheckPlan, CheckRun, Verdict } from './types.ts';

export const CHALLENGES: readonly Challenge[] = [
  halveSage,
  fewestSources,
  resonantNoise,
  coSchedule,
];

export function findChallenge(id: string): Challenge | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

/**
 * Checks `student` against `challenge`: plans its runs, makes them with `run` (the engine in
 * Node, a worker in the page), judges the results.
 */
export async function check(
  challenge: Challenge,
  student: Scenario,
  start: Scenario,
  run: (runs: readonly CheckRun[]) => Promise<readonly RunResult[]>,
): Promise<Verdict> {
  const planned = challenge.plan(student, start);
  if ('verdict' in planned) return planned.verdict;
  return challenge.judge(student, start, await run(planned.runs));
}
