// The student's answers in a URL: `1c_3~5_6*05az_8~1.75` (step number, then an option letter,
// `~` and a number (a numeric estimate or a marker), or `*` and a sketch's levels, one base-36
// character per point, sketch.ts), short enough to share, read back strictly: a malformed entry
// is dropped. Links written before sketches (letters and numbers only) read back unchanged.
import { decodeLevels, encodeLevels, SKETCH_LEVELS } from './sketch.ts';
import type { Answer, LessonStep } from './types.ts';

export type Answers = ReadonlyMap<number, Answer>;

function encodeOne(n: number, a: Answer): string {
  if (typeof a === 'number') return `${n}~${a}`;
  if (typeof a === 'string') return `${n}${a}`;
  return `${n}*${encodeLevels(a)}`;
}

/** `1c_3~5_6*05az`: entries in step order; '' when there are none. */
export function encodeAnswers(answers: Answers): string {
  return [...answers]
    .sort(([a], [b]) => a - b)
    .map(([n, a]) => encodeOne(n, a))
    .join('_');
}

/**
 * Whether `answer` answers `step`'s question: one of its options, a number in its range (or on
 * its marker's axis), or a level per point of its sketch.
 */
export function fitsQuestion(step: LessonStep, answer: Answer): boolean {
  const q = step.question;
  if (q.kind === 'choice')
    return typeof answer === 'string' && q.options.some((o) => o.id === answer);
  if (q.kind === 'sketch')
    return (
      Array.isArray(answer) &&
      answer.length === q.xs.length &&
      answer.every((l) => Number.isInteger(l) && l >= 0 && l < SKETCH_LEVELS)
    );
  const [min, max] = q.kind === 'numeric' ? [q.min, q.max] : [q.axis.min, q.axis.max];
  return typeof answer === 'number' && Number.isFinite(answer) && answer >= min && answer <= max;
}

const ENTRY = /^([0-9]{1,2})(?:([a-z])|~(-?[0-9]{1,6}(?:\.[0-9]{1,4})?)|\*([0-9a-z]{1,40}))$/;

/** The answers of `text` that fit `steps`; anything else is ignored (a link is untrusted). */
export function decodeAnswers(text: string, steps: readonly LessonStep[]): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  for (const entry of text.slice(0, 600).split('_')) {
    const m = ENTRY.exec(entry);
    if (!m) continue;
    const n = Number(m[1]);
    const step = steps[n - 1];
    const answer: Answer = m[2] ?? (m[4] === undefined ? Number(m[3]) : decodeLevels(m[4]));
    if (step && fitsQuestion(step, answer)) answers.set(n, answer);
  }
  return answers;
}
