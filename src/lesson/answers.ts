// The student's answers in a URL: `1c_3~5_8~1.75` (step number, then an option letter or `~`
// and a number), short enough to share, read back strictly: a malformed entry is dropped.
import type { Answer, LessonStep } from './types.ts';

export type Answers = ReadonlyMap<number, Answer>;

/** `1c_3~5`: entries in step order; '' when there are none. */
export function encodeAnswers(answers: Answers): string {
  return [...answers]
    .sort(([a], [b]) => a - b)
    .map(([n, a]) => (typeof a === 'number' ? `${n}~${a}` : `${n}${a}`))
    .join('_');
}

/** Whether `answer` answers `step`'s question: one of its options, or a number in its range. */
export function fitsQuestion(step: LessonStep, answer: Answer): boolean {
  const q = step.question;
  if (q.kind === 'choice')
    return typeof answer === 'string' && q.options.some((o) => o.id === answer);
  return (
    typeof answer === 'number' && Number.isFinite(answer) && answer >= q.min && answer <= q.max
  );
}

/** The answers of `text` that fit `steps`; anything else is ignored (a link is untrusted). */
export function decodeAnswers(text: string, steps: readonly LessonStep[]): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  for (const entry of text.slice(0, 400).split('_')) {
    const m = /^([0-9]{1,2})(?:([a-z])|~(-?[0-9]{1,6}(?:\.[0-9]{1,4})?))$/.exec(entry);
    if (!m) continue;
    const n = Number(m[1]);
    const step = steps[n - 1];
    const answer: Answer = m[2] ?? Number(m[3]);
    if (step && fitsQuestion(step, answer)) answers.set(n, answer);
  }
  return answers;
}
