// The fields of a noise source for centrally driven and grouped noise (docs/noise-timing.md):
// accepted and kept when given, left out of the result when left out of the file (so a file
// without them means what it meant), and refused with a message where they cannot apply. Every
// refusal goes through files.ts `problems`, which checks the published schema agrees.
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';
import { example, problems, variant } from './files.ts';

/** The format-1 example with a second source (the first's twin) and edits to both. */
function twins(edits: Record<string, unknown> = {}) {
  const base = example() as { noise: Record<string, unknown>[] };
  base.noise.push({ ...base.noise[0], id: 'twin', label: 'twin' });
  return variant(edits, base);
}

describe('phaseWindowUs and group', () => {
  it('are kept when given, in the order of the format', () => {
    const s = validateScenario(variant({ 'noise.0.phaseWindowUs': 2000, 'noise.0.group': 'rms' }));
    expect(s.noise[0].phaseWindowUs).toBe(2000);
    expect(s.noise[0].group).toBe('rms');
    const keys = Object.keys(s.noise[0]);
    expect(keys.slice(keys.indexOf('phaseOffsetUs'), keys.indexOf('phaseOffsetUs') + 3)).toEqual([
      'phaseOffsetUs',
      'phaseWindowUs',
      'group',
    ]);
  });

  it('are left out of the result when left out of the file', () => {
    const s = validateScenario(example());
    expect('phaseWindowUs' in s.noise[0]).toBe(false);
    expect('group' in s.noise[0]).toBe(false);
  });

  it('take a window from 0 to the period, edges included', () => {
    expect(validateScenario(variant({ 'noise.0.phaseWindowUs': 0 })).noise[0].phaseWindowUs).toBe(
      0,
    );
    const T = validateScenario(example()).noise[0].periodUs;
    expect(validateScenario(variant({ 'noise.0.phaseWindowUs': T })).noise[0].phaseWindowUs).toBe(
      T,
    );
    expect(problems(variant({ 'noise.0.phaseWindowUs': T + 1 }))).toEqual([
      `noise[0].phaseWindowUs: ${T + 1} is larger than periodUs ${T}; allowed: 0..${T}`,
    ]);
    expect(problems(variant({ 'noise.0.phaseWindowUs': -1 }))).toEqual([
      'noise[0].phaseWindowUs: -1 is out of range; allowed: 0..1e12',
    ]);
  });

  it('refuse a window or a group where there is no random phase to draw', () => {
    expect(
      problems(variant({ 'noise.0.arrival': 'poisson', 'noise.0.phaseWindowUs': 10 })),
    ).toEqual([
      'noise[0].phaseWindowUs: 10 cannot be used with arrival "poisson" (it has no phase to window); remove it',
    ]);
    expect(problems(variant({ 'noise.0.phase': 'aligned', 'noise.0.group': 'g' }))).toEqual([
      'noise[0].group: "g" cannot be used with phase "aligned"; set phase "random"',
    ]);
    expect(problems(variant({ 'noise.0.group': 'Not An Id' }))).toEqual([
      'noise[0].group: "Not An Id" does not match [a-z0-9-]+ (lowercase letters, digits and hyphens)',
    ]);
  });

  it('refuse the parts of a group that could not start together, naming what differs', () => {
    expect(
      validateScenario(twins({ 'noise.0.group': 'g', 'noise.1.group': 'g' })).noise,
    ).toHaveLength(2);
    expect(
      problems(
        twins({
          'noise.0.group': 'g',
          'noise.1.group': 'g',
          'noise.1.periodUs': 60_000,
          'noise.1.placement': { kind: 'nodes', ids: [0] },
        }),
      ),
    ).toEqual([
      'noise[1].group: "g" joins noise[0] in group "g" but differs in periodUs (60000 against 125000), placement; the sources of a group must share periodUs, phaseWindowUs, runProbability and placement',
    ]);
    expect(
      problems(twins({ 'noise.0.group': 'g', 'noise.1.group': 'g', 'noise.0.phaseWindowUs': 5 })),
    ).toEqual([
      'noise[1].group: "g" joins noise[0] in group "g" but differs in phaseWindowUs; the sources of a group must share periodUs, phaseWindowUs, runProbability and placement',
    ]);
  });
});

describe("a group part's phaseOffsetUs", () => {
  it('is kept in a group, different per part, below the period', () => {
    const s = validateScenario(
      twins({ 'noise.0.group': 'g', 'noise.1.group': 'g', 'noise.1.phaseOffsetUs': 15_000 }),
    );
    expect(s.noise.map((n) => n.phaseOffsetUs)).toEqual([0, 15_000]);
    const T = s.noise[0].periodUs;
    expect(problems(twins({ 'noise.0.group': 'g', 'noise.0.phaseOffsetUs': T }))).toEqual([
      `noise[0].phaseOffsetUs: ${T} is not less than periodUs ${T}; allowed: ≥ 0 and < ${T}`,
    ]);
  });

  it('is refused with a random phase outside a group, saying what it would mean in one', () => {
    expect(problems(variant({ 'noise.0.phaseOffsetUs': 15_000 }))).toEqual([
      'noise[0].phaseOffsetUs: 15000 would be ignored with phase "random" outside a group; ' +
        'remove it, set phase "aligned", or put the source in a group (where it delays this ' +
        'part after the group’s start)',
    ]);
  });
});

describe('runProbability', () => {
  it('is kept when given, from 0 to 1, and left out when left out', () => {
    for (const p of [0, 0.25, 1]) {
      expect(
        validateScenario(variant({ 'noise.0.runProbability': p })).noise[0].runProbability,
      ).toBe(p);
    }
    expect('runProbability' in validateScenario(example()).noise[0]).toBe(false);
  });

  it('is refused outside 0..1 or when not a number', () => {
    expect(problems(variant({ 'noise.0.runProbability': 1.5 }))).toEqual([
      'noise[0].runProbability: 1.5 is out of range; allowed: 0..1',
    ]);
    expect(problems(variant({ 'noise.0.runProbability': '50%' }))).toEqual([
      'noise[0].runProbability: "50%" is not a number',
    ]);
  });

  it('must be the same for the parts of one group (they come and go together)', () => {
    expect(
      problems(
        twins({
          'noise.0.group': 'rms',
          'noise.1.group': 'rms',
          'noise.1.runProbability': 0.5,
        }),
      ),
    ).toEqual([
      'noise[1].group: "rms" joins noise[0] in group "rms" but differs in runProbability; the sources of a group must share periodUs, phaseWindowUs, runProbability and placement',
    ]);
  });
});

describe('eventProbability', () => {
  it('is kept when given, from 0 to 1, and left out when left out', () => {
    for (const q of [0, 0.25, 1]) {
      expect(
        validateScenario(variant({ 'noise.0.eventProbability': q })).noise[0].eventProbability,
      ).toBe(q);
    }
    expect('eventProbability' in validateScenario(example()).noise[0]).toBe(false);
  });

  it('is refused outside 0..1, on a Poisson source and in a group, saying why', () => {
    expect(problems(variant({ 'noise.0.eventProbability': -0.1 }))).toEqual([
      'noise[0].eventProbability: -0.1 is out of range; allowed: 0..1',
    ]);
    expect(
      problems(variant({ 'noise.0.arrival': 'poisson', 'noise.0.eventProbability': 0.5 })),
    ).toEqual([
      'noise[0].eventProbability: 0.5 cannot be used with arrival "poisson" (it has no periods; a Poisson source thinned by q is one of period periodUs / q); remove it',
    ]);
    expect(problems(variant({ 'noise.0.group': 'scan', 'noise.0.eventProbability': 0.5 }))).toEqual(
      ['noise[0].eventProbability: 0.5 cannot be used in a group; remove it or the group'],
    );
  });
});
