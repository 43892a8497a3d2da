// What a link's lesson part names that the lesson does not have (a bad link gets a
// message that names the problem; the rest of the link still opens). Pure: no DOM.
import { decodeAnswers } from './answers.ts';
import type { LessonParams } from '../state/lesson-params.ts';
import { findStep, STEPS } from './steps.ts';

/** One line per problem of `params`; [] when the lesson part is fine or absent. */
export function lessonLinkProblems(params: LessonParams): string[] {
  if (params.step === null) return [];
  const lines: string[] = [];
  const shown = params.step.slice(0, 40);
  if (!findStep(params.step)) {
    lines.push(
      `lesson=${shown}: the lesson has no such step; use a number from 1 to ${STEPS.length} or one of: ${STEPS.map((s) => s.id).join(', ')}.`,
    );
    return lines;
  }
  const entries = params.answers.split('_').filter((e) => e !== '').length;
  const kept = decodeAnswers(params.answers, STEPS).size;
  if (kept < entries) {
    const dropped = entries - kept;
    lines.push(
      `answers: ${dropped} of the ${entries} answers could not be read (made for another version of the lesson, or damaged) and were left out.`,
    );
  }
  return lines;
}
