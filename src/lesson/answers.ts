// The student's answers in a URL: `1c_3~5_6*05az_8~1.75` (step number, then an option letter,
// `~` and a number (a numeric estimate or a marker), or `*` and a sketch's levels, one base-36
// character per point, sketch.ts), short enough to share, read back strictly: a malformed entry
// is dropped. Links written before sketches (letters and numbers only) read back unchanged. An
// answer not revealed yet is written with a `p` in front (`p4~2`, pending): a link's answers
// open revealed, and a reload of the address opened a step revealed that the student had only
// answered. Links written before it have no `p`: all their answers were revealed ones.
import { decodeLevels, encodeLevels, SKETCH_LEVELS } from './sketch.ts';
import type { Answer, LessonStep } from './types.ts';

export type Answers = ReadonlyMap<number, Answer>;

function encodeOne(n: number, a: Answer): string {
  if (typeof a === 'number') return `${n}~${a}`;
  if (typeof a === 'string') return `${n}${a}`;
  return `${n}*${encodeLevels(a)}`;
}

/** `1c_3~5_p6*05az`: entries in step order, those of pending steps (answered, not revealed)
 * marked; '' when there are none. */
export function encodeAnswers(
  answers: Answers,
  pending: (step: number) => boolean = () => false,
): string {
  return [...answers]
    .sort(([a], [b]) => a - b)
    .map(([n, a]) => `${pending(n) ? 'p' : ''}${encodeOne(n, a)}`)
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

const ENTRY = /^(p?)([0-9]{1,2})(?:([a-z])|~(-?[0-9]{1,6}(?:\.[0-9]{1,4})?)|\*([0-9a-z]{1,40}))$/;

/** The answers of `text` that fit `steps`; anything else is ignored (a link is untrusted). */
export function decodeAnswers(text: string, steps: readonly LessonStep[]): Map<number, Answer> {
  return decodeWithPending(text, steps).answers;
}

/** decodeAnswers, and which of them were not revealed yet (their entries marked `p`). */
export function decodeWithPending(
  text: string,
  steps: readonly LessonStep[],
): { answers: Map<number, Answer>; pending: Set<number> } {
  const answers = new Map<number, Answer>();
  const pending = new Set<number>();
  for (const entry of text.slice(0, 600).split('_')) {
    const m = ENTRY.exec(entry);
    if (!m) continue;
    const n = Number(m[2]);
    const step = steps[n - 1];
    const answer: Answer = m[3] ?? (m[5] === undefined ? Number(m[4]) : decodeLevels(m[5]));
    if (!step || !fitsQuestion(step, answer)) continue;
    answers.set(n, answer);
    if (m[1] === 'p') pending.add(n);
    else pending.delete(n);
  }
  return { answers, pending };
}
