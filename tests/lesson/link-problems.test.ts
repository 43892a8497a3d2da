// A bad lesson or challenge link is explained, line by line (the guide: every bad
// URL gets a message that names the problem).
import { describe, expect, it } from 'vitest';
import { challengeLinkProblems } from '../../src/state/challenge-params.ts';
import { CHALLENGES } from '../../src/challenges/index.ts';
import { encodeAnswers } from '../../src/lesson/answers.ts';
import { lessonLinkProblems } from '../../src/lesson/link-problems.ts';
import { STEPS } from '../../src/lesson/steps.ts';

describe('lesson link problems', () => {
  it('are none for no lesson, a step number or a step id', () => {
    expect(lessonLinkProblems({ step: null, answers: '' })).toEqual([]);
    expect(lessonLinkProblems({ step: '9', answers: '' })).toEqual([]);
    expect(lessonLinkProblems({ step: STEPS[2].id, answers: '' })).toEqual([]);
  });

  it('name a step that does not exist and list the valid ones', () => {
    const [line] = lessonLinkProblems({ step: '99', answers: '' });
    expect(line).toContain('lesson=99');
    expect(line).toContain(`1 to ${STEPS.length}`);
    expect(line).toContain(STEPS[0].id);
  });

  it('count the answers that could not be read', () => {
    const good = encodeAnswers(new Map([[1, 'c']]));
    expect(lessonLinkProblems({ step: '1', answers: good })).toEqual([]);
    const [line] = lessonLinkProblems({ step: '1', answers: `${good}_zz_7q` });
    expect(line).toMatch(/^answers: 2 of the 3 answers could not be read/);
  });
});

describe('challenge link problems', () => {
  const ids = CHALLENGES.map((c) => c.id);
  it('are none for no challenge or a known one', () => {
    expect(challengeLinkProblems(null, ids)).toEqual([]);
    expect(challengeLinkProblems(ids[0], ids)).toEqual([]);
  });
  it('name an unknown challenge and list the known ones', () => {
    const [line] = challengeLinkProblems('win-everything', ids);
    expect(line).toContain('challenge=win-everything');
    for (const id of ids) expect(line).toContain(id);
  });
});
