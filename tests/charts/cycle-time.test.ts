// The data of the cycle-time-against-processors view: which application it sweeps, over which
// node counts and ranks per node, with how many cycles, and how the results become curves, a
// model line, a summary and CSV.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withProgram } from '../../src/ui/controls/edit.ts';
import {
  cycleCsv,
  cycleNodeSteps,
  cyclePlan,
  cycleSeries,
  cycleSummary,
  CYCLE_FINAL,
  CYCLE_FINAL_MICRO,
  MAX_POINT_WORK,
  POINT_WORK_BUDGET,
  pointWork,
  popFor,
  ppnSteps,
  ratio,
  sageFor,
  skippedList,
  XT5_TREE,
  belowModel,
  modelMarks,
  type CycleData,
} from '../../src/charts/cycle-time.ts';
import { cycleTimeMarks } from '../../src/published/index.ts';
import type { PublishedValue } from '../../src/published/types.ts';
import { runScenario } from '../../src/engine/index.ts';
import type { RunResult } from '../../src/engine/result.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import type { Job, Scenario } from '../../src/scenario/types.ts';
import type { SweepPointResult } from '../../src/state/sweep.svelte.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { popWorkload, sageWorkload } from '../../src/validation/workloads.ts';
import { scenario, source } from '../helpers/scenario.ts';

/** Runs every point of a plan in this process, as the page's workers do. */
function runPlan(s: Scenario): SweepPointResult[] {
  const plan = cyclePlan(s);
  return planSweep(plan.base, plan.varies).map((p, index) => ({
    index,
    assignments: p.assignments,
    result: runScenario(p.scenario),
  }));
}

/** A sweep point with only what the view reads: the job and the cycle statistics. */
function fake(nodes: number, ranksPerNode: number, meanUs: number, modelUs: number) {
  const job: Partial<Job> = { nodes, ranksPerNode };
  return {
    index: 0,
    assignments: [{ path: 'job', value: job }],
    result: {
      summary: { meanIterationUs: meanUs, minIterationUs: modelUs, iterations: 1 },
      tree: { modelIterationUs: modelUs },
    } as unknown as RunResult,
  };
}

describe('the workload swept', () => {
  it("solves POP for the Jaguar presets' own tree", () => {
    for (const name of ['jaguar-xt5-stock', 'jaguar-xt5-rn', 'jaguar-xt5-rn-prototype']) {
      expect(loadPreset(name).machine.tree).toEqual(XT5_TREE);
    }
  });

  it('is SAGE on ASCI Q, with the parameters of src/validation/workloads.ts', () => {
    for (const name of ['asci-q-2002', 'asci-q-2003', 'asci-q-2003-without-0-31']) {
      const s = loadPreset(name);
      const plan = cyclePlan(s);
      expect(plan.kind).toBe('sage');
      expect(plan.noun).toBe('cycle');
      expect(plan.base.workload).toEqual(sageWorkload(s, plan.cycles, 0));
    }
  });

  it('is POP on Jaguar XT5, with the parameters of src/validation/workloads.ts', () => {
    for (const name of ['jaguar-xt5-stock', 'jaguar-xt5-rn', 'jaguar-xt5-rn-prototype']) {
      const s = loadPreset(name);
      const plan = cyclePlan(s);
      expect(plan.kind).toBe('pop');
      expect(plan.scaling).toBe('strong');
      expect(plan.base.workload).toEqual(popWorkload(s, plan.cycles, 0));
    }
  });

  it("is SAGE with ASCI Q's per-PE work on BG/P, and says so", () => {
    const s = loadPreset('bgp-intrepid');
    const plan = cyclePlan(s);
    expect(plan.kind).toBe('sage');
    expect(plan.note).toMatch(/ran no application on IBM Blue Gene\/P/);
    // sageWorkload's rule: 0.63 s at 8,192 PEs on this machine's tree (depth 13, 0.3 µs hops).
    expect(sageFor(s, 1, 0)).toEqual(sageWorkload(s, 1, 0));
    expect(sageFor(s, 1, 0).computeUsPerCycle).toBeCloseTo(630_000 - 24 * 2 * 13 * 0.3, 6);
  });

  it("gives SAGE's published model cycle, 0.63 s, at 8,192 PEs on ASCI Q", () => {
    const w = sageFor(loadPreset('asci-q-2002'), 1, 0);
    // 8,192 ranks in a binary heap: depth 13; 24 allreduces of 2 × 13 hops of 11 µs.
    expect(w.computeUsPerCycle + 24 * 2 * 13 * 11).toBe(630_000);
  });

  it("is the scenario's own when it is an application or a micro-benchmark", () => {
    for (const name of [
      'sage-asci-q-2002',
      'pop-jaguar-xt5-stock',
      'allreduce-asci-q-2002',
      'mpi-fwq-jaguar-xt5-stock',
    ]) {
      const s = loadPreset(name);
      const plan = cyclePlan(s);
      expect(plan.kind).toBe(s.workload.kind);
      expect(plan.base.workload).toEqual({ ...s.workload, iterations: plan.cycles, warmup: 0 });
    }
    expect(popFor(3, 0)).toEqual(popWorkload(loadPreset('jaguar-xt5-stock'), 3, 0));
  });
});

describe('the sweep planned', () => {
  it('ends with a final pass whose points stop once precise: an application’s capped at 6·10⁶ noise events, a micro-benchmark’s at 2·10⁶', () => {
    const finalOf = (name: string) => cyclePlan(loadPreset(name)).passes.at(-1)!.length;
    for (const name of ['sage-asci-q-2002', 'pop-jaguar-xt5-stock', 'asci-q-2002']) {
      expect(finalOf(name), name).toEqual(CYCLE_FINAL);
    }
    for (const name of [
      'allreduce-asci-q-2002',
      'mpi-fwq-jaguar-xt5-stock',
      'halo-jaguar-xt5-stock',
    ]) {
      expect(finalOf(name), name).toEqual(CYCLE_FINAL_MICRO);
    }
    expect(CYCLE_FINAL.maxEvents).toBe(6e6);
    expect(CYCLE_FINAL_MICRO.maxEvents).toBe(2e6);
    expect(CYCLE_FINAL_MICRO.maxRankIterations).toBe(CYCLE_FINAL.maxRankIterations);
  });

  it('weighs each point by the work it may do before a cap of the final pass stops it', () => {
    for (const name of ['sage-asci-q-2002', 'halo-jaguar-xt5-stock', 'pop-jaguar-xt5-stock']) {
      const plan = cyclePlan(loadPreset(name));
      const final = plan.passes.at(-1)!;
      expect(plan.weights, name).toHaveLength(plan.total);
      plan.points.forEach((j, k) => {
        const one = { ...plan.base, job: { ...plan.base.job, ...j } };
        const perCycle = pointWork({ ...one, workload: { ...one.workload, iterations: 1 } });
        // at least one cycle's work, at most the final pass's cycles' worth
        expect(plan.weights[k], `${name} ${j.nodes}×${j.ranksPerNode}`).toBeGreaterThanOrEqual(
          perCycle * 0.999,
        );
        expect(plan.weights[k]).toBeLessThanOrEqual(
          perCycle * final.base.workload.iterations * 1.001,
        );
      });
    }
    // HALO: a whole machine × 8 stops at 10⁷ rank-iterations, 67 updates of its 2,000
    const halo = cyclePlan(loadPreset('halo-jaguar-xt5-stock'));
    const k = halo.points.findIndex((j) => j.nodes === 18_688 && j.ranksPerNode === 8);
    const one = { ...halo.base, job: { ...halo.base.job, ...halo.points[k] } };
    const perCycle = pointWork({ ...one, workload: { ...one.workload, iterations: 1 } });
    expect(halo.weights[k] / perCycle).toBeCloseTo(67, 0);
  });

  it('doubles the nodes up to the job, then the job and the usable machine', () => {
    expect(cycleNodeSteps(1024, 2048)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
    expect(cycleNodeSteps(960, 1920)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 960, 1920]);
    expect(cycleNodeSteps(8, 8)).toEqual([1, 2, 4, 8]);
    expect(cycleNodeSteps(4096, 18_688, 64)).toEqual([64, 128, 256, 512, 1024, 2048, 4096, 18_688]);
  });

  it('takes every ranks-per-node count up to 4 (Figure 3), else powers of two and the own', () => {
    expect(ppnSteps(4, 4)).toEqual([1, 2, 3, 4]);
    expect(ppnSteps(3, 1)).toEqual([1, 2, 3]);
    expect(ppnSteps(8, 8)).toEqual([1, 2, 4, 8]);
    expect(ppnSteps(7, 7)).toEqual([1, 2, 4, 7]);
    expect(ppnSteps(8, 6)).toEqual([1, 2, 4, 6, 8]);
  });

  it('runs all of ASCI Q 2002: 12 node counts × 1–4 per node, one cycle each', () => {
    const plan = cyclePlan(loadPreset('asci-q-2002'));
    expect(plan.nodes).toEqual(cycleNodeSteps(1024, 2048));
    expect(plan.ppns).toEqual([1, 2, 3, 4]);
    expect(plan.total).toBe(48);
    expect(plan.skipped).toEqual([]);
    expect(plan.cycles).toBe(1);
    // Node count first, so the curves grow together from the left.
    expect(plan.points.slice(0, 5)).toEqual([
      { nodes: 1, ranksPerNode: 1 },
      { nodes: 1, ranksPerNode: 2 },
      { nodes: 1, ranksPerNode: 3 },
      { nodes: 1, ranksPerNode: 4 },
      { nodes: 2, ranksPerNode: 1 },
    ]);
    const jobs = plan.varies[0].values as Job[];
    expect(jobs[47]).toEqual({ ...loadPreset('asci-q-2002').job, nodes: 2048, ranksPerNode: 4 });
  });

  it("runs POP on Jaguar from 64 nodes to the job's 4,096 and leaves out the full 18,688", () => {
    const plan = cyclePlan(loadPreset('jaguar-xt5-stock'));
    expect(plan.nodes).toEqual([64, 128, 256, 512, 1024, 2048, 4096, 18_688]);
    expect(plan.ppns).toEqual([1, 2, 4, 8]);
    expect(plan.total).toBe(28);
    expect(plan.skipped.map((j) => j.nodes)).toEqual([18_688, 18_688, 18_688, 18_688]);
    expect(skippedList(plan.skipped)).toBe('18,688 nodes × 1, 2, 4, 8');
  });

  it('keeps every point under the work cap and sizes the cycles by the budget', () => {
    for (const name of ['asci-q-2002', 'bgp-intrepid', 'allreduce-asci-q-2002']) {
      const plan = cyclePlan(loadPreset(name));
      const works = planSweep(plan.base, plan.varies).map((p) => pointWork(p.scenario));
      expect(Math.max(...works)).toBeLessThanOrEqual(MAX_POINT_WORK * plan.cycles);
      if (plan.cycles > 1) {
        expect(Math.max(...works)).toBeLessThanOrEqual(POINT_WORK_BUDGET * 1.0001);
      }
    }
    // The allreduce benchmark's iterations are short: many per point.
    expect(cyclePlan(loadPreset('allreduce-asci-q-2002')).cycles).toBeGreaterThan(10);
  });
});

describe('the curves', () => {
  // SAGE on a small noiseless machine: 2,400 µs of compute per cycle in 24 phases of 100 µs,
  // 5 µs hops. T(R) = 2,400 + 24 · 2 · D(R) · 5 (docs/workloads.md §6).
  const quiet = scenario({
    nodes: 8,
    cores: 4,
    workload: {
      kind: 'sage',
      cellsPerPE: 1,
      computeUsPerCycle: 2400,
      allreducesPerCycle: 24,
      iterations: 3,
      warmup: 0,
      hopUs: null,
    },
  });

  it('equal the model line exactly without noise', () => {
    const data = cycleSeries(runPlan(quiet));
    expect(data.series.map((s) => s.ranksPerNode)).toEqual([1, 2, 3, 4]);
    for (const s of data.series) {
      expect(s.points.map((p) => p.nodes)).toEqual([1, 2, 4, 8]);
      for (const p of s.points) expect(p.meanUs).toBe(p.modelUs);
    }
    // Depths: 1 rank 0, 2 ranks 1, 3–6 ranks 2, 7–14 ranks 3, 15–30 ranks 4, 32 ranks 5.
    const model = Object.fromEntries(data.model.map((m) => [m.processors, m.modelUs]));
    expect(model[1]).toBe(2400);
    expect(model[2]).toBe(2400 + 240);
    expect(model[4]).toBe(2400 + 480);
    expect(model[8]).toBe(2400 + 720);
    expect(model[24]).toBe(2400 + 960);
    expect(model[32]).toBe(2400 + 1200);
    expect(data.model.map((m) => m.processors)).toEqual([1, 2, 3, 4, 6, 8, 12, 16, 24, 32]);
  });

  it('lie above the model with noise on every core, and on it when a core is spare', () => {
    const noisy: Scenario = {
      ...quiet,
      noise: [source({ id: 'd', periodUs: 1000, duration: { dist: 'fixed', valueUs: 200 } })],
    };
    const data = cycleSeries(runPlan(noisy));
    for (const s of data.series) {
      for (const p of s.points) {
        // cpu "any" noise goes to an idle core first (model.md §3): with a spare core per node
        // nothing is delayed, as SAGE on 3 of ASCI Q's 4 CPUs (000 Fig 2); with 4 of 4 it is.
        if (s.ranksPerNode < 4) expect(p.meanUs).toBe(p.modelUs);
        else expect(p.meanUs).toBeGreaterThan(p.modelUs);
      }
    }
  });

  it('say the ratio at the largest machine, then with fewer ranks per node', () => {
    const data = cycleSeries([
      fake(1024, 4, 1_200_000, 600_000),
      fake(1024, 3, 720_000, 600_000),
      fake(256, 4, 900_000, 600_000),
      fake(1024, 1, 600_000, 600_000),
      fake(2048, 1, 660_000, 600_000),
    ]);
    expect(data.series.map((s) => s.points.map((p) => p.processors))).toEqual([
      [1024, 2048],
      [3072],
      [1024, 4096],
    ]);
    expect(cycleSummary(data, 'cycle', formatTimeUs)).toBe(
      'At 4,096 processors (1,024 nodes × 4) the simulated cycle is 2.00× the model ' +
        '(1.2 s against 600 ms); on the same 1,024 nodes with 3 per node 1.20×, ' +
        'with 1 per node 1.00×.',
    );
    expect(cycleSummary(cycleSeries([]), 'cycle', formatTimeUs)).toBe('No data yet.');
  });

  it('give no ratio where the model is 0 (a one-rank halo with no compute)', () => {
    expect(ratio({ meanUs: 3, modelUs: 2 })).toBe('1.50×');
    expect(ratio({ meanUs: 0, modelUs: 0 })).toBe('—');
    const data = cycleSeries([fake(1, 1, 0, 0)]);
    expect(cycleCsv(data, 'halo').split('\n')[1]).toBe('halo,1,1,1,0,0,0,,1,,,,');
  });

  it('export one CSV row per point with the model and the ratio', () => {
    const data = cycleSeries([fake(2, 4, 1500, 1000), fake(1, 4, 1000, 1000)]);
    expect(cycleCsv(data, 'sage')).toBe(
      'workload,ranks_per_node,nodes,processors,mean_cycle_us,min_cycle_us,model_cycle_us,ratio,cycles,two_se_us,update_min_us,update_mean_us,update_max_us\n' +
        'sage,4,1,4,1000,1000,1000,1,1,,,,\n' +
        'sage,4,2,8,1500,1000,1000,1.5,1,,,,\n',
    );
  });

  it("give a halo's timed updates as Worley did: most, mean and least over the ranks (004)", () => {
    const waits = (grid: boolean) => (nodes: number, min: number, mean: number, max: number) => {
      const p = fake(nodes, 4, 1010, 1005);
      const tree = p.result.tree as unknown as Record<string, unknown>;
      tree.rankCollectiveUs = { min, mean, max };
      tree.rankUpdateUs = grid ? { min, mean, max } : null;
      tree.grid = grid ? { dimensions: 2, periodic: true, sides: [64, 64] } : null;
      return p;
    };
    const halo = waits(true);
    // A tree's collectives report waits, but no halo update: no sentence, no columns.
    const tree = waits(false);
    const sage = cycleSeries([tree(4, 3, 5, 7), tree(1024, 0, 6.6, 93)]);
    expect(cycleSummary(sage, 'cycle', (us) => `${us} µs`)).not.toContain('halo exchange');
    expect(cycleCsv(sage, 'sage').split('\n')[2]).toMatch(/,,,$/);
    const data = cycleSeries([halo(4, 3, 5, 7), halo(1024, 0, 6.6, 93)]);
    expect(cycleSummary(data, 'iteration', (us) => `${us} µs`)).toContain(
      "A rank's time for one halo update (its start to its release), from 16 to 4,096 processors (per update over the " +
        'ranks, averaged): the most 7 µs → 93 µs (Worley 2008 (slides) saw it grow with the ' +
        'processes), the mean 5 µs → 6.6 µs, the least 3 µs → 0 µs.',
    );
    // below 16 processes a rank has fewer than four neighbours: the reading starts at 16
    const small = cycleSeries([halo(1, 1, 2, 3), halo(4, 3, 5, 7), halo(1024, 0, 6.6, 93)]);
    expect(cycleSummary(small, 'iteration', (us) => `${us} µs`)).toContain(
      'from 16 to 4,096 processors (per update over the ranks, averaged): the most 7 µs → 93 µs',
    );
    // with nothing from 16 on but the last, the fewest
    const few = cycleSeries([halo(1, 1, 2, 3), halo(2, 3, 5, 7)]);
    expect(cycleSummary(few, 'iteration', (us) => `${us} µs`)).toContain('from 4 to 8 processors');
    // what moves the least depends on how the updates were timed
    expect(cycleSummary(data, 'iteration', (us) => `${us} µs`)).toContain(
      'Updates here run back to back',
    );
    const timed = cycleSummary(data, 'iteration', (us) => `${us} µs`, true);
    expect(timed).toContain('Each update here starts after a barrier');
    expect(timed).not.toContain('back to back');
    expect(cycleCsv(data, 'halo').split('\n')[2]).toBe(
      'halo,4,1024,4096,1010,1005,1005,1.0049751243781095,1,,0,6.6,93',
    );
  });
});

describe('every sweep the view plans', () => {
  it('passes the validator at every point, for every preset and every exchange of a barrier one', () => {
    const names = readdirSync(new URL('../../scenarios/', import.meta.url))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(names.length).toBeGreaterThan(10);
    let checked = 0;
    for (const name of names) {
      const base = loadPreset(name);
      const variants: Scenario[] = [base];
      if (base.workload.kind === 'barrier') {
        for (const kind of ['allreduce', 'halo'] as const) {
          variants.push(withProgram(base, kind));
        }
      }
      for (const s of variants) {
        const plan = cyclePlan(s);
        for (const pass of plan.passes) {
          expect(
            () => planSweep(pass.base, plan.varies),
            `${name} as ${s.workload.kind}`,
          ).not.toThrow();
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(names.length);
  });
});

describe('modelMarks', () => {
  it('puts Fig 1’s “twice the model” at twice the model cycle of its 4,096 processors', () => {
    const s = loadPreset('sage-asci-q-2002');
    const plan = cyclePlan(s);
    const model = 631_000;
    const data: CycleData = {
      series: [],
      model: [
        { processors: 2048, modelUs: 620_000 },
        { processors: 4096, modelUs: model },
      ],
    } as unknown as CycleData;
    const marks = modelMarks(cycleTimeMarks(s, plan), data);
    const twice = marks.find((v) => v.id === 'fig1-twice-model')!;
    expect(twice).toMatchObject({ kind: 'mean-iteration', unit: 'µs', value: 2 * model });
    expect(twice.printed).toBe(`twice the model (${formatTimeUs(2 * model)} on this model)`);
    // the Table 3 rows as they were
    expect(marks.filter((v) => v.id.startsWith('table3-')).map((v) => v.value)).toEqual(
      cycleTimeMarks(s, plan)
        .filter((v) => v.id.startsWith('table3-'))
        .map((v) => v.value),
    );
    // no model point at 4,096 processors (yet): the mark waits
    const none = modelMarks(cycleTimeMarks(s, plan), { ...data, model: [] } as CycleData);
    expect(none.some((v) => v.id === 'fig1-twice-model')).toBe(false);
  });
});

describe('belowModel', () => {
  const mark = (processors: number, value: number, bound: PublishedValue['bound'] = 'exact') =>
    ({
      id: `p${processors}`,
      chart: 'cycle-time',
      kind: 'table',
      value,
      unit: 'µs',
      bound,
      label: '',
      printed: '',
      config: { workload: 'pop', nodes: processors / 6, ranksPerNode: 6 },
      cite: '003 Table 1',
      note: '',
    }) as unknown as PublishedValue;
  const data: CycleData = {
    series: [],
    model: [
      { processors: 384, modelUs: 660_000 },
      { processors: 1536, modelUs: 180_000 },
      { processors: 6144, modelUs: 110_000 },
    ],
  };

  it('names the processor counts whose published time lies below the noiseless model', () => {
    // 003 Table 1's middle rows against a model solved from its end rows
    expect(belowModel(data, [mark(384, 663_130), mark(1536, 173_980), mark(6144, 90_890)])).toEqual(
      [1536, 6144],
    );
  });

  it('leaves out bounds, marks where no model is drawn, and points above the model', () => {
    expect(
      belowModel(data, [mark(1536, 1000, 'under'), mark(24_576, 1), mark(384, 700_000)]),
    ).toEqual([]);
  });
});
