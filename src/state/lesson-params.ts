// The lesson's part of the address: `lesson=<step id>` and, once the student has answered,
// `answers=<encoded>` (answers.ts). They ride along with the scenario's own link (`?preset=…` or
// `#s=…`, src/state/share-url.ts), which knows nothing of them: reading strips them before the
// scenario's query is parsed, writing appends them to the scenario's link.

export const LESSON_PARAMS = ['lesson', 'answers'] as const;

export interface LessonParams {
  /** the step named (an id or a number); null when the address has no lesson */
  step: string | null;
  answers: string;
}

function params(search: string): URLSearchParams {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
}

export function readLessonParams(search: string): LessonParams {
  const p = params(search);
  return { step: p.get('lesson'), answers: p.get('answers') ?? '' };
}

/** `search` without the lesson's parameters ('' when nothing else is left). */
export function withoutLessonParams(search: string): string {
  const p = params(search);
  if (!LESSON_PARAMS.some((name) => p.has(name))) return search;
  for (const name of LESSON_PARAMS) p.delete(name);
  const rest = p.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** `lesson=…&answers=…` for a step and its encoded answers ('' answers are left out). */
export function formatLessonParams(stepId: string, answers: string): string {
  const parts = [`lesson=${encodeURIComponent(stepId)}`];
  if (answers !== '') parts.push(`answers=${encodeURIComponent(answers)}`);
  return parts.join('&');
}

/** A scenario link (`?…`, `#…` or '') with the lesson's parameters added to its query. */
export function withLessonParams(link: string, lesson: string): string {
  if (lesson === '') return link;
  if (link.startsWith('?')) {
    const hash = link.indexOf('#');
    return hash < 0 ? `${link}&${lesson}` : `${link.slice(0, hash)}&${lesson}${link.slice(hash)}`;
  }
  return `?${lesson}${link}`;
}
