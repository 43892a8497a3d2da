import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  meanDurationUs,
  ScenarioError,
  validateScenario,
  type DurationDist,
  type HaloWorkload,
  type Scenario,
} from '../../src/scenario/index.ts';
import {
  convertDuration,
  uniqueId,
  withArrival,
  withDuplicate,
  withExcludedOffsets,
  withGroup,
  withNewSource,
  withoutSource,
  withPeriod,
  withPhase,
  withBarrierBefore,
  withProgram,
  withReservation,
  withReservedCores,
  withValue,
} from '../../src/ui/controls/edit.ts';
import { scenario } from '../helpers/scenario.ts';
import { parseIndexList } from '../../src/ui/controls/parse.ts';

const load = (name: string): Scenario =>
  validateScenario(
    JSON.parse(readFileSync(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8')),
  );
const asciQ = load('asci-q-2002');
const jaguar = load('jaguar-xt5-stock');

/** The validator's lines for a scenario, or null when it is valid (as `onedit` returns). */
function refusal(s: Scenario): string[] | null {
  try {
    validateScenario(s);
    return null;
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues.map((i) => i.message);
    throw error;
  }
}

describe('edited copies of a scenario', () => {
  it('withValue changes one field of a copy and leaves the original alone', () => {
    const next = withValue(asciQ, 'job.nodes', 256);
    expect(next.job.nodes).toBe(256);
    expect(asciQ.job.nodes).toBe(1024);
    expect(next.noise).toEqual(asciQ.noise);
    expect(refusal(next)).toBeNull();
  });

  it('an exclusion of offset 40 on ASCI Q (clusterSize 32) is refused by the validator', () => {
    const next = withValue(asciQ, 'job.excludeOffsets', parseIndexList('40'));
    expect(refusal(next)?.join('\n')).toMatch(/a cluster has 32 nodes/);
    expect(refusal(withValue(asciQ, 'job.excludeOffsets', parseIndexList('0, 31')))).toBeNull();
  });

  it('text that is no number reaches the validator, which refuses it', () => {
    expect(refusal(withValue(asciQ, 'job.nodes', 'many'))).not.toBeNull();
  });

  it('withReservation keeps core 0 for the OS and caps the ranks at the cores left', () => {
    const on = withReservation(jaguar, true);
    expect(on.job.reservedCores).toEqual([0]);
    expect(on.job.ranksPerNode).toBe(7);
    expect(refusal(on)).toBeNull();
    // Off undoes on: the core goes back to a rank, as the stock machine runs.
    const off = withReservation(on, false);
    expect(off.job.reservedCores).toEqual([]);
    expect(off.job.ranksPerNode).toBe(8);
    expect(jaguar.job.reservedCores).toEqual([]);
  });

  it('withReservation off leaves the ranks of a node with idle cores as they were', () => {
    const five = withValue(jaguar, 'job.ranksPerNode', 5);
    const on = withReservation(five, true);
    expect([on.job.reservedCores, on.job.ranksPerNode]).toEqual([[0], 5]);
    const off = withReservation(on, false);
    expect([off.job.reservedCores, off.job.ranksPerNode]).toEqual([[], 5]);
    expect(refusal(off)).toBeNull();
  });

  it('withReservedCores takes any list: 003’s -cc 2-7 is cores 0 and 1, six ranks', () => {
    const paper = withReservedCores(jaguar, [0, 1]);
    expect([paper.job.reservedCores, paper.job.ranksPerNode]).toEqual([[0, 1], 6]);
    expect(refusal(paper)).toBeNull();
    // back to none: the full node fills again
    const none = withReservedCores(paper, []);
    expect([none.job.reservedCores, none.job.ranksPerNode]).toEqual([[], 8]);
    // a core the machine does not have is the validator's to name
    expect(refusal(withReservedCores(jaguar, [9]))?.join('\n')).toMatch(/a node has 8 cores/);
  });

  it('withExcludedOffsets keeps a whole-machine job on every node left, and gives it back', () => {
    const whole = withValue(asciQ, 'job.nodes', 2048);
    const out = withExcludedOffsets(whole, [0, 1, 31]);
    // 64 clusters of 32 nodes, three offsets out of each
    expect([out.job.excludeOffsets, out.job.nodes]).toEqual([[0, 1, 31], 1856]);
    expect(refusal(out)).toBeNull();
    // taking them out again gives the whole machine back
    expect(withExcludedOffsets(out, []).job.nodes).toBe(2048);
    // a job with room to spare keeps its size; one a little too big is cut to what is left
    expect(withExcludedOffsets(asciQ, [0, 31]).job.nodes).toBe(1024);
    expect(withExcludedOffsets(withValue(asciQ, 'job.nodes', 2000), [0, 31]).job.nodes).toBe(1920);
    // a list that is not whole offsets is the validator's to name
    const bad = withExcludedOffsets(whole, parseIndexList('0, x'));
    expect(bad.job.nodes).toBe(2048);
    expect(refusal(bad)).not.toBeNull();
  });

  it('withNewSource adds a valid source with an id no other source has', () => {
    const once = withNewSource(asciQ);
    const twice = withNewSource(once);
    expect(twice.noise).toHaveLength(asciQ.noise.length + 2);
    expect(new Set(twice.noise.map((s) => s.id)).size).toBe(twice.noise.length);
    expect(refusal(twice)).toBeNull();
  });

  it('withDuplicate inserts a copy after its original, with a new id', () => {
    const next = withDuplicate(asciQ, 0);
    expect(next.noise[1].id).toBe(`${asciQ.noise[0].id}-copy`);
    expect(next.noise[1].label).toBe(`${asciQ.noise[0].label} (copy)`);
    expect(withDuplicate(next, 0).noise[1].id).toBe(`${asciQ.noise[0].id}-copy-2`);
    expect(refusal(next)).toBeNull();
  });

  it('withoutSource removes just that source', () => {
    const next = withoutSource(asciQ, 2);
    expect(next.noise.map((s) => s.id)).toEqual(
      asciQ.noise.filter((_, i) => i !== 2).map((s) => s.id),
    );
  });

  it('uniqueId returns the base when free, else the first free numbered id', () => {
    expect(uniqueId([], 'x')).toBe('x');
    expect(uniqueId(asciQ.noise, 'rms-15ms')).toBe('rms-15ms-2');
  });

  it('convertDuration keeps the mean when the distribution changes (σ aside for lognormal)', () => {
    const from = { dist: 'fixed', valueUs: 640 } as const;
    for (const dist of ['fixed', 'uniform', 'exponential', 'pareto'] as DurationDist[]) {
      // exact up to rounding of halves and quarters of 640
      expect(meanDurationUs(convertDuration(from, dist))).toBeCloseTo(640, 6);
    }
    // N(640, 160²) clamped at 0 (z = 4): the clamp adds 640·(Φ(4) − 1) + 160·φ(4) ≈ 0.0011 µs
    expect(meanDurationUs(convertDuration(from, 'normal'))).toBeCloseTo(640.0011, 4);
    expect(convertDuration(from, 'lognormal')).toEqual({
      dist: 'lognormal',
      medianUs: 640,
      sigma: 0.5,
    });
  });

  describe('phase: random, or aligned across nodes (periodic sources only)', () => {
    // asciQ.noise[0]: the 125 ms heartbeat (periodic); [2]: kernel activity (Poisson)
    const aligned = withValue(withPhase(asciQ, 0, 'aligned'), 'noise.0.phaseOffsetUs', 5000);

    it('withPhase aligns a periodic source, which the validator accepts, offset and all', () => {
      const next = withPhase(asciQ, 0, 'aligned');
      expect(next.noise[0]).toMatchObject({ phase: 'aligned', phaseOffsetUs: 0 });
      expect(asciQ.noise[0].phase).toBe('random');
      expect(refusal(next)).toBeNull();
      expect(refusal(aligned)).toBeNull();
      expect(validateScenario(aligned).noise[0].phaseOffsetUs).toBe(5000);
    });

    it('withPhase back to random drops the offset, which a random phase would ignore', () => {
      // the offset alone on a random source is refused: that is why the switch drops it
      expect(refusal(withValue(aligned, 'noise.0.phase', 'random'))?.join('\n')).toMatch(
        /would be ignored with phase "random"/,
      );
      const next = withPhase(aligned, 0, 'random');
      expect(next.noise[0]).toMatchObject({ phase: 'random', phaseOffsetUs: 0 });
      expect(refusal(next)).toBeNull();
    });

    it('withArrival to Poisson makes an aligned source random in the same edit', () => {
      expect(refusal(withValue(aligned, 'noise.0.arrival', 'poisson'))?.join('\n')).toMatch(
        /cannot be used with arrival "poisson"/,
      );
      const next = withArrival(aligned, 0, 'poisson');
      expect(next.noise[0]).toMatchObject({
        arrival: 'poisson',
        phase: 'random',
        phaseOffsetUs: 0,
      });
      expect(refusal(next)).toBeNull();
      expect(aligned.noise[0].phase).toBe('aligned');
    });

    it('withArrival to Poisson drops a period probability, which a Poisson source cannot have', () => {
      const scan = withValue(asciQ, 'noise.0.eventProbability', 0.25);
      expect(refusal(scan)).toBeNull();
      expect(refusal(withValue(scan, 'noise.0.arrival', 'poisson'))?.join('\n')).toMatch(
        /cannot be used with arrival "poisson" \(it has no periods/,
      );
      const next = withArrival(scan, 0, 'poisson');
      expect('eventProbability' in next.noise[0]).toBe(false);
      expect(refusal(next)).toBeNull();
    });

    it('withArrival leaves the phase alone otherwise', () => {
      expect(withArrival(aligned, 0, 'periodic').noise[0]).toEqual(aligned.noise[0]);
      const random = withArrival(asciQ, 0, 'poisson');
      expect(random.noise[0]).toEqual({ ...asciQ.noise[0], arrival: 'poisson' });
      expect(withArrival(asciQ, 2, 'periodic').noise[2].phase).toBe('random');
    });

    it('bad values still reach the validator, which refuses them', () => {
      // an offset of a whole period or more, a negative one, an unknown phase, Poisson aligned
      const period = asciQ.noise[0].periodUs;
      expect(refusal(withValue(aligned, 'noise.0.phaseOffsetUs', period))?.join('\n')).toMatch(
        /is not less than periodUs 125000/,
      );
      expect(refusal(withValue(aligned, 'noise.0.phaseOffsetUs', -1))).not.toBeNull();
      expect(refusal(withValue(aligned, 'noise.0.phaseOffsetUs', 'soon'))).not.toBeNull();
      expect(refusal(withPhase(asciQ, 0, 'sometimes'))).not.toBeNull();
      expect(refusal(withPhase(asciQ, 2, 'aligned'))?.join('\n')).toMatch(
        /cannot be used with arrival "poisson"/,
      );
    });
  });
});

describe('a group of sources (docs/noise-timing.md)', () => {
  // two RMS parts made one activity: the 18 ms one 15 ms after the 15 ms one, in a 20 s window
  const i15 = asciQ.noise.findIndex((n) => n.id === 'rms-15ms');
  const i18 = asciQ.noise.findIndex((n) => n.id === 'rms-18ms');
  const grouped = withValue(
    withValue(
      withValue(
        withValue(withValue(asciQ, `noise.${i15}.group`, 'rms'), `noise.${i18}.group`, 'rms'),
        `noise.${i18}.phaseOffsetUs`,
        15_000,
      ),
      `noise.${i15}.phaseWindowUs`,
      20e6,
    ),
    `noise.${i18}.phaseWindowUs`,
    20e6,
  );

  it('is a scenario the validator accepts', () => {
    expect(refusal(grouped)).toBeNull();
  });

  it('withPeriod gives every part the new period and cuts a longer window to it', () => {
    // one part's period alone would be refused: the parts of a group share it
    expect(refusal(withValue(grouped, `noise.${i15}.periodUs`, 25e6))?.join('\n')).toMatch(
      /differs in periodUs/,
    );
    const next = withPeriod(grouped, i15, 10e6);
    for (const i of [i15, i18]) {
      expect(next.noise[i]).toMatchObject({ periodUs: 10e6, phaseWindowUs: 10e6 });
    }
    expect(next.noise[i18].phaseOffsetUs).toBe(15_000);
    expect(refusal(next)).toBeNull();
    // a longer period leaves the window as it was; other sources keep theirs
    const longer = withPeriod(grouped, i18, 60e6);
    expect(longer.noise[i15]).toMatchObject({ periodUs: 60e6, phaseWindowUs: 20e6 });
    expect(longer.noise[0].periodUs).toBe(asciQ.noise[0].periodUs);
    // a typed value that is no period still reaches the validator alone
    expect(refusal(withPeriod(grouped, i15, 'soon'))).not.toBeNull();
    expect(withPeriod(grouped, i15, 'soon').noise[i18].periodUs).toBe(30e6);
  });

  it('withGroup empty takes a part out of its group and drops its delay, which it would ignore', () => {
    expect(refusal(withValue(grouped, `noise.${i18}.group`, undefined))?.join('\n')).toMatch(
      /would be ignored with phase "random" outside a group/,
    );
    const next = withGroup(grouped, i18, '');
    expect('group' in next.noise[i18]).toBe(false);
    expect(next.noise[i18].phaseOffsetUs).toBe(0);
    expect(refusal(next)).toBeNull();
    expect(withGroup(asciQ, i15, 'rms').noise[i15].group).toBe('rms');
  });

  it('withPhase aligned or withArrival Poisson takes a part out of its group with its delay', () => {
    const aligned = withPhase(grouped, i18, 'aligned');
    expect(aligned.noise[i18]).toMatchObject({ phase: 'aligned', phaseOffsetUs: 15_000 });
    expect('group' in aligned.noise[i18]).toBe(false);
    expect(refusal(aligned)).toBeNull();
    const poisson = withArrival(grouped, i18, 'poisson');
    expect(poisson.noise[i18]).toMatchObject({ arrival: 'poisson', phaseOffsetUs: 0 });
    expect(refusal(poisson)).toBeNull();
    // a part stays random and keeps its delay when random is chosen again
    expect(withPhase(grouped, i18, 'random').noise[i18].phaseOffsetUs).toBe(15_000);
  });
});

describe('withProgram', () => {
  const base = scenario({ g: 700, iterations: 30, warmup: 3 });
  it('switches among barrier, allreduce and halo keeping g, iterations and warm-up', () => {
    const halo = withProgram(base, 'halo');
    expect(halo.workload).toEqual({
      kind: 'halo',
      granularityUs: 700,
      dimensions: 2,
      periodic: true,
      latencyUs: base.machine.tree.hopUs,
      messageBytes: 0,
      usPerByte: 0,
      iterations: 30,
      warmup: 3,
    });
    expect(withProgram(halo, 'allreduce').workload).toEqual({
      kind: 'allreduce',
      granularityUs: 700,
      iterations: 30,
      warmup: 3,
      hopUs: null,
    });
    expect(withProgram(withProgram(halo, 'allreduce'), 'barrier').workload).toEqual(base.workload);
    expect(withProgram(base, 'barrier')).toBe(base);
  });

  it('takes back the grid and message of the halo the user last had', () => {
    const mine = withProgram(base, 'halo');
    const edited = {
      ...mine,
      workload: {
        ...mine.workload,
        dimensions: 3,
        periodic: false,
        latencyUs: 20,
        messageBytes: 1000,
      },
    } as typeof mine;
    const back = withProgram(
      withProgram(edited, 'barrier'),
      'halo',
      edited.workload as HaloWorkload,
    );
    expect(back.workload).toEqual(edited.workload);
  });

  it('takes back a barrier before each update too', () => {
    const timed = withBarrierBefore(withProgram(base, 'halo'), true);
    const back = withProgram(withProgram(timed, 'barrier'), 'halo', timed.workload as HaloWorkload);
    expect(back.workload).toEqual(timed.workload);
    expect((back.workload as HaloWorkload).barrierBefore).toBe(true);
  });

  it('takes back a halo’s CPU time per message too, through an all-to-all', () => {
    const halo = withProgram(base, 'halo');
    const costly = withValue(halo, 'workload.overheadUs', 2);
    const a2a = withProgram(costly, 'alltoall', costly.workload as HaloWorkload);
    expect('overheadUs' in a2a.workload).toBe(false); // an all-to-all has no such field
    const back = withProgram(a2a, 'halo', costly.workload as HaloWorkload);
    expect(back.workload).toEqual(costly.workload);
  });
});

describe('withBarrierBefore', () => {
  const halo = withProgram(scenario({ g: 700 }), 'halo');
  it('sets the barrier on, and off by leaving the field out (as a file without it)', () => {
    const on = withBarrierBefore(halo, true);
    expect((on.workload as HaloWorkload).barrierBefore).toBe(true);
    expect('barrierBefore' in halo.workload).toBe(false); // the scenario itself is not changed
    const off = withBarrierBefore(on, false);
    expect(off.workload).toEqual(halo.workload);
    expect('barrierBefore' in off.workload).toBe(false);
  });
  it('leaves a workload other than a halo as it is', () => {
    const barrier = scenario({ g: 700 });
    expect(withBarrierBefore(barrier, true)).toBe(barrier);
  });
});
