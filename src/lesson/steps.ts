// The lesson's 13 steps in the order of the story: ASCI Q's mysteries and findings,
// then the answers of co-scheduling, Jaguar XT5 and Blue Gene/P, then open questions.
import { allreduce, expectation, processesPerNode, smallNoise } from './steps-mysteries.ts';
import { barrierAmplifies, finding2, january2003, perNode } from './steps-findings.ts';
import { resonance } from './steps-resonance.ts';
import { bgp, coScheduling, jaguar, openQuestions } from './steps-answers.ts';
import type { LessonStep } from './types.ts';

export const STEPS: readonly LessonStep[] = [
  expectation,
  processesPerNode,
  allreduce,
  smallNoise,
  perNode,
  barrierAmplifies,
  finding2,
  january2003,
  resonance,
  coScheduling,
  jaguar,
  bgp,
  openQuestions,
];

/** The step a URL names: its number (`9`) or its id (`resonance`); undefined when none. */
export function findStep(key: string): LessonStep | undefined {
  if (/^[0-9]{1,2}$/.test(key)) return STEPS[Number(key) - 1];
  return STEPS.find((step) => step.id === key);
}
