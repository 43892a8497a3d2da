// The challenge's part of the address: `challenge=<id>`, beside the scenario's own link, as the
// lesson's parameters are (src/state/lesson-params.ts): reading strips it before the scenario's
// query is parsed, writing appends it. A link with a scenario is the student's solution.
import { withLessonParams } from './lesson-params.ts';

export const CHALLENGE_PARAM = 'challenge';

/** The challenge the address names; null when none. */
export function readChallengeParam(search: string): string | null {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(
    CHALLENGE_PARAM,
  );
}

/** `search` without `challenge=…` ('' when nothing else is left). */
export function withoutChallengeParams(search: string): string {
  const p = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if (!p.has(CHALLENGE_PARAM)) return search;
  p.delete(CHALLENGE_PARAM);
  const rest = p.toString();
  return rest === '' ? '' : `?${rest}`;
}

/**
 * The problem with a link's challenge id, as a line ([] when it names one of `ids` or none):
 * a bad link is explained, and the rest of it still opens.
 */
export function challengeLinkProblems(id: string | null, ids: readonly string[]): string[] {
  if (id === null || ids.includes(id)) return [];
  return [
    `challenge=${id.slice(0, 40)}: there is no such challenge; the challenges are ${ids.join(', ')}.`,
  ];
}

/** `challenge=<id>`, or '' for none. */
export function formatChallengeParams(id: string | null): string {
  return id === null ? '' : `${CHALLENGE_PARAM}=${encodeURIComponent(id)}`;
}

/** A scenario link (`?…`, `#…` or '') with `challenge` (formatChallengeParams) in its query. */
export function withChallengeParams(link: string, challenge: string): string {
  // The same splice as the lesson's: into the query, before any hash.
  return withLessonParams(link, challenge);
}
