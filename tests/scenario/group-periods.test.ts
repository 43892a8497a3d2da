// A period set on one part of a group, as a link's edit (withGroupPeriods) and as the editor's
// (setSourcePeriod): the same rule, so both give the same scenario, and it is a valid one.
import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../src/scenario/patch.ts';
import { setSourcePeriod, withGroupPeriods } from '../../src/scenario/source-phase.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import { scenario, source } from '../helpers/scenario.ts';

const base = scenario({
  nodes: 4,
  noise: [
    source({ id: 'a', periodUs: 30_000, group: 'g', phaseWindowUs: 20_000 }),
    source({
      id: 'b',
      periodUs: 30_000,
      group: 'g',
      phaseWindowUs: 20_000,
      phaseOffsetUs: 5_000,
    }),
    source({ id: 'c', periodUs: 30_000, phaseWindowUs: 25_000 }),
  ],
});

describe('withGroupPeriods', () => {
  it("sets the group's period on every part and cuts a longer window, as the editor does", () => {
    const ops = withGroupPeriods([['noise.b.periodUs', 10_000]], base);
    expect(ops).toEqual([
      ['noise.b.periodUs', 10_000],
      ['noise.a.periodUs', 10_000],
      ['noise.a.phaseWindowUs', 10_000],
      ['noise.b.phaseWindowUs', 10_000],
    ]);
    expect(() => validateScenario(base)).not.toThrow();
    const edited = structuredClone(base);
    setSourcePeriod(edited, 1, 10_000);
    expect(applyPatch(base, ops)).toEqual(edited);
    expect(() => validateScenario(edited)).not.toThrow();
  });

  it('leaves an ungrouped source, another op and a part the ops set themselves alone', () => {
    const alone: [string, unknown][] = [
      ['noise.c.periodUs', 10_000],
      ['seed', 3],
    ];
    expect(withGroupPeriods(alone as never, base)).toEqual(alone);
    const both: [string, unknown][] = [
      ['noise.a.periodUs', 40_000],
      ['noise.b.periodUs', 40_000],
    ];
    expect(withGroupPeriods(both as never, base)).toEqual(both);
  });
});
