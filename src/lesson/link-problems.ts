// What a link's lesson part names that the lessons do not have (a bad link gets a
// message that names the problem; the rest of the link still opens). Pure: no DOM.
import { decodeAnswers } from './answers.ts';
import type { LessonParams } from '../state/lesson-params.ts';
import { findLessonStep } from './lessons.ts';

/** One line per problem of `params`; [] when the lesson part is fine or absent. */
export function lessonLinkProblems(params: LessonParams): string[] {
  if (params.step === null) return [];
  const found = findLessonStep(params.step);
  if (!found.ok) return [found.problem];
  const lines: string[] = [];
  const entries = params.answers.split('_').filter((e) => e !== '').length;
  const kept = decodeAnswers(params.answers, found.lesson.steps).size;
  if (kept < entries) {
    const dropped = entries - kept;
    lines.push(
      `answers: ${dropped} of the ${entries} answers could not be read (made for another version of the lesson, or damaged) and were left out.`,
    );
  }
  return lines;
}
