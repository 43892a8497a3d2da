// The lesson and the challenge as parts of the page's address (LinkPart, page-controller.svelte.ts):
// each reads its own parameters from the query, says what of them names nothing, and writes them
// back.
import type { ActiveChallenge } from '../challenges/challenge.svelte.ts';
import { CHALLENGES } from '../challenges/index.ts';
import type { Lesson } from '../lesson/lesson.svelte.ts';
import { lessonLinkProblems } from '../lesson/link-problems.ts';
import { challengeLinkProblems, readChallengeParam } from '../state/challenge-params.ts';
import { readLessonParams } from '../state/lesson-params.ts';
import type { LinkPart } from '../state/page-controller.svelte.ts';

/** `?lesson=<step>&answers=…`: that step, with the link's own scenario if it has one. */
export function lessonPart(lesson: Lesson): LinkPart {
  return {
    openLink: (search, scenarioInLink) => lesson.openLink(readLessonParams(search), scenarioInLink),
    opened: () => lesson.opened,
    linkProblems: (search) => lessonLinkProblems(readLessonParams(search)),
    followHistory: (search) => lesson.followHistory(readLessonParams(search)),
    get urlParams() {
      return lesson.urlParams;
    },
  };
}

/** `?challenge=<id>`: its starting state, or the link's scenario (a student's solution). */
export function challengePart(challenge: ActiveChallenge): LinkPart {
  return {
    openLink: (search, scenarioInLink, viewInLink) =>
      challenge.openLink(readChallengeParam(search), scenarioInLink, viewInLink),
    opened: () => challenge.opened,
    linkProblems: (search) =>
      challengeLinkProblems(
        readChallengeParam(search),
        CHALLENGES.map((c) => c.id),
      ),
    get urlParams() {
      return challenge.urlParams;
    },
  };
}
