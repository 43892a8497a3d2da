// The data of the timeline view (Figure 14) from traces of hand-computable scenarios.
import { describe, expect, it } from 'vitest';
import {
  phasesText,
  alignedScenario,
  clampFirst,
  defaultFirstIteration,
  iterationRows,
  meanIterationUs,
  timeline,
  timelineCsv,
  timelineSummary,
} from '../../src/charts/timeline.ts';
import { traceIterations } from '../../src/engine/trace.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { parseCsv } from '../helpers/csv.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

const L = { kind: 'hardware' as const, baseUs: 50, perLevelUs: 0 };
// Node 2's core 1 is paused 300 µs at 2,200 µs (iteration 2: 2,100 → 3,400 + 50).
const one = scenario({
  nodes: 4,
  cores: 2,
  g: 1000,
  iterations: 6,
  warmup: 1,
  collective: L,
  noise: [
    eventAt('one', 2200, 300, 1, {
      label: 'one event',
      category: 'daemon',
      placement: { kind: 'nodes', ids: [2] },
    }),
  ],
});
const trace = traceIterations(one, { firstIteration: 1, iterations: 3 });

describe('timeline', () => {
  const t = timeline(trace, one);

  it('puts one row per rank core, bars in ms from the first release', () => {
    expect(t.rows.map((r) => `${r.nodeId}:${r.core}:${r.firstOfNode}`)).toEqual([
      '0:0:true',
      '0:1:false',
      '1:0:true',
      '1:1:false',
      '2:0:true',
      '2:1:false',
      '3:0:true',
      '3:1:false',
    ]);
    expect(t.releasesMs).toEqual([0, 1.05, 2.4, 3.45]);
    expect(t.spanMs).toBe(3.45);
    const hit = t.rows[5].bars;
    expect(hit[2]).toEqual({ kind: 'compute', x0: 1.05, x1: 1.15 });
    expect(hit[3]).toEqual({
      kind: 'paused',
      x0: 1.15,
      x1: 1.45,
      source: 'one event',
      category: 'daemon',
    });
    expect(t.categories).toEqual(['daemon']);
    // Node 2 core 1 was last in the middle iteration, node 0 core 0 in the others (ties).
    expect(t.last.map((l) => [l.nodeId, l.core, l.shown])).toEqual([
      [0, 0, true],
      [2, 1, true],
      [0, 0, true],
    ]);
    expect(t.last[1].finishMs).toBeCloseTo(2.35, 12);
  });

  it('keys in its legend only the kinds of bar it draws', () => {
    // the one event pauses a computing rank: no noise on a waiting rank, nobody frozen
    expect(t.waitingNoise).toBe(false);
    expect(t.frozen).toBe(false);
    // node 0, core 0: waiting from 3,100 µs (iteration 2 released at 3,450), hit at 3,200 for
    // 500 µs: noise while it waits, then frozen past the release until 3,700
    const late = {
      ...one,
      noise: [
        ...one.noise,
        eventAt('two', 3200, 500, 0, { placement: { kind: 'nodes', ids: [0] } }),
      ],
    };
    const both = timeline(traceIterations(late, { firstIteration: 1, iterations: 3 }), late);
    expect(both.waitingNoise).toBe(true);
    expect(both.frozen).toBe(true);
  });

  it('names the last node even when it has no row', () => {
    const few = traceIterations(one, { firstIteration: 1, iterations: 3, nodes: [3] });
    expect(timeline(few, one).last.map((l) => [l.nodeId, l.shown, l.core])).toEqual([
      [0, false, -1],
      [2, false, -1],
      [0, false, -1],
    ]);
  });

  it('tabulates Δ and the last node per iteration, and the window mean', () => {
    expect(meanIterationUs(trace)).toBe(1150);
    expect(iterationRows(t, trace, { t, trace })).toEqual([
      { iteration: 1, randomUs: 1050, randomLast: 0, alignedUs: 1050, alignedLast: 0 },
      { iteration: 2, randomUs: 1350, randomLast: 2, alignedUs: 1350, alignedLast: 2 },
      { iteration: 3, randomUs: 1050, randomLast: 0, alignedUs: 1050, alignedLast: 0 },
    ]);
  });

  it('summarises random against aligned', () => {
    const quiet = traceIterations(
      scenario({ nodes: 4, cores: 2, g: 1000, iterations: 6, collective: L }),
      {
        firstIteration: 1,
        iterations: 3,
      },
    );
    expect(timelineSummary(trace, quiet, formatTimeUs)).toBe(
      'Mean iteration over iterations 1–3: 1.15 ms with random phases, 1.05 ms with aligned phases (aligned is 1.10 times faster; noiseless 1.05 ms).',
    );
    expect(timelineSummary(trace, trace, formatTimeUs)).toContain('(the same;');
    expect(timelineSummary(trace, null, formatTimeUs)).toBe(
      'Mean iteration over iterations 1–3: 1.15 ms with random phases (noiseless 1.05 ms).',
    );
  });

  it('names the phases of the run on show as they are set, not always "random"', () => {
    const tick = (id: string, phase: 'random' | 'aligned') =>
      source({ id, periodUs: 4000, phase, duration: { dist: 'fixed', valueUs: 5 } });
    const withNoise = (...noise: ReturnType<typeof source>[]) => scenario({ nodes: 4, noise });
    expect(phasesText(withNoise(tick('a', 'random'), tick('b', 'random')))).toBe(
      'with random phases',
    );
    expect(phasesText(withNoise(tick('a', 'aligned'), tick('b', 'aligned')))).toBe(
      'with every periodic source aligned, as set',
    );
    expect(phasesText(withNoise(tick('a', 'aligned'), tick('b', 'random')))).toBe(
      'with the phases as set (1 of 2 periodic sources aligned)',
    );
    // Poisson noise has no phase to name
    const poisson = source({ id: 'p', periodUs: 4000, arrival: 'poisson' });
    expect(phasesText(withNoise(poisson))).toBe('');
    expect(timelineSummary(trace, null, formatTimeUs, '')).toBe(
      'Mean iteration over iterations 1–3: 1.15 ms (noiseless 1.05 ms).',
    );
    expect(
      timelineSummary(trace, null, formatTimeUs, 'with every periodic source aligned, as set'),
    ).toContain('1.15 ms with every periodic source aligned, as set (noiseless');
  });

  it('writes every bar and release as CSV, µs from the first release', () => {
    const csv = timelineCsv([{ name: 'random', trace, t }])
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      'timeline,iteration,node_id,cluster_offset,core,state,start_us,end_us,source,category',
    );
    expect(csv.slice(1, 5)).toEqual([
      'random,1,,,,release,0,0,,',
      'random,2,,,,release,1050,1050,,',
      'random,3,,,,release,2400,2400,,',
      'random,4,,,,release,3450,3450,,',
    ]);
    expect(csv).toContain('random,2,2,2,1,paused,1150,1450,one event,daemon');
    // 8 lanes × (compute + wait) × 3 iterations, plus the hit lane's extra pause and compute.
    expect(csv.length).toBe(1 + 4 + 8 * 6 + 2);
  });

  it('writes a label or category that would start a formula as text', () => {
    const hostile = scenario({
      nodes: 2,
      g: 1000,
      iterations: 4,
      collective: L,
      noise: [
        eventAt('f', 1200, 300, 0, {
          label: '=1+1',
          category: '@SUM(A1),"x"',
          placement: { kind: 'nodes', ids: [1] },
        }),
      ],
    });
    const tr = traceIterations(hostile, { firstIteration: 0, iterations: 3 });
    const text = timelineCsv([{ name: 'random', trace: tr, t: timeline(tr, hostile) }]);
    expect(text).toContain(`\nrandom,1,1,1,0,paused,1200,1500,'=1+1,"'@SUM(A1),""x"""\n`);
    const paused = parseCsv(text).filter((r) => r[5] === 'paused');
    expect(paused).toHaveLength(1);
    expect(paused[0].slice(8)).toEqual(["'=1+1", `'@SUM(A1),"x"`]);
  });
});

describe('alignedScenario and the shown window', () => {
  it('aligns every enabled periodic source and leaves Poisson and disabled ones', () => {
    const s = scenario({
      iterations: 100,
      warmup: 10,
      noise: [
        source({ id: 'a', periodUs: 100 }),
        source({ id: 'b', periodUs: 100, arrival: 'poisson' }),
        source({ id: 'c', periodUs: 100, enabled: false }),
        source({ id: 'd', periodUs: 100, phase: 'aligned', phaseOffsetUs: 40 }),
      ],
    });
    const { scenario: a, aligned, poisson } = alignedScenario(s);
    expect(a.noise.map((n) => n.phase)).toEqual(['aligned', 'random', 'random', 'aligned']);
    expect(a.noise[3].phaseOffsetUs).toBe(40);
    expect([aligned, poisson]).toEqual([2, 1]);
    expect(s.noise[0].phase).toBe('random'); // not mutated
    expect(defaultFirstIteration(s)).toBe(10);
    expect(clampFirst(s, 200)).toBe(95);
    expect(clampFirst(s, -3)).toBe(0);
    expect(clampFirst(s, Number.NaN)).toBe(0);
  });
});
