import { describe, expect, it } from 'vitest';
import {
  formatChallengeParams,
  readChallengeParam,
  withChallengeParams,
  withoutChallengeParams,
} from '../../src/state/challenge-params.ts';
import { CHALLENGES, findChallenge } from '../../src/challenges/index.ts';
import { withLessonParams, withoutLessonParams } from '../../src/state/lesson-params.ts';
import { BARRIER_VIEWS } from '../../src/state/classroom-params.ts';
import { LESSONS } from '../../src/lesson/lessons.ts';
import { loadPreset } from '../../src/validation/presets.ts';

describe('what a challenge or a lesson step opens on', () => {
  it('a view that can draw its workload (the timeline and the node map draw barrier loops only)', () => {
    const steps = LESSONS.flatMap((l) => l.steps);
    const opens = [
      ...CHALLENGES.map((c) => ({ what: c.id, view: c.view, preset: c.start.preset })),
      ...steps.map((s) => ({ what: s.id, view: s.revealView ?? s.view, preset: s.state.preset })),
      ...steps.map((s) => ({ what: s.id, view: s.view, preset: s.state.preset })),
    ];
    const wrong = opens
      .filter((o) => o.preset !== undefined && BARRIER_VIEWS.includes(o.view))
      .filter((o) => loadPreset(o.preset!).workload.kind !== 'barrier')
      .map((o) => `${o.what}: ${o.view} on ${o.preset}`);
    expect(wrong).toEqual([]);
  });
});

describe('the challenge in the address', () => {
  it('every challenge has a unique URL-safe id, found by findChallenge', () => {
    const ids = CHALLENGES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9-]+$/);
      expect(findChallenge(id)?.id).toBe(id);
    }
    expect(findChallenge('nope')).toBeUndefined();
  });

  it('round-trips beside a preset link, a hash link and no link at all', () => {
    const param = formatChallengeParams('halve-sage');
    for (const link of ['?preset=sage-asci-q-2002&nodes=2048&ppn=3', '#s=1.abc', '']) {
      const written = withChallengeParams(link, param);
      const [search, hash = ''] = written.split('#');
      expect(readChallengeParam(search)).toBe('halve-sage');
      const rest = withoutChallengeParams(search);
      expect(`${rest}${hash ? `#${hash}` : ''}`).toBe(link);
    }
  });

  it('adds nothing when no challenge is open, and leaves other queries alone', () => {
    expect(withChallengeParams('?preset=x', formatChallengeParams(null))).toBe('?preset=x');
    expect(withoutChallengeParams('?preset=x&nodes=4')).toBe('?preset=x&nodes=4');
    expect(readChallengeParam('?preset=x')).toBeNull();
  });

  it('lives beside the lesson’s parameters: each strips only its own', () => {
    const both = withChallengeParams(
      withLessonParams('?preset=x', 'lesson=resonance'),
      'challenge=a',
    );
    expect(both).toBe('?preset=x&lesson=resonance&challenge=a');
    expect(withoutChallengeParams(withoutLessonParams(both))).toBe('?preset=x');
    expect(readChallengeParam(withoutLessonParams(both))).toBe('a');
  });
});
