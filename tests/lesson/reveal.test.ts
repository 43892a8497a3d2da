// Every step's reveal computes its simulated figure from a real run of the engine: first on a
// small version of each step (cheap), then, for the steps whose runs take a second or two in
// Node, at the size the lesson runs, where the simulation must point the way the paper does.
import { describe, expect, it } from 'vitest';
import { runScenario, type RunResult } from '../../src/engine/index.ts';
import { applyEdits } from '../../src/lesson/edits.ts';
import { STEPS, findStep } from '../../src/lesson/steps.ts';
import type { LessonStep, SimulatedFigure, StepState } from '../../src/lesson/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { preset } from './presets.ts';

const scenarioOf = (state: StepState): Scenario => applyEdits(preset(state.preset), state.edits);

/** The step's scenario on at most 64 nodes and 120 iterations (SAGE keeps its few cycles). */
function small(state: StepState): Scenario {
  const s = scenarioOf(state);
  const iterations = s.workload.kind === 'sage' ? s.workload.iterations : 120;
  return applyEdits(s, [
    { kind: 'set', path: 'job.nodes', value: Math.min(s.job.nodes, 64) },
    {
      kind: 'set',
      path: 'workload.iterations',
      value: Math.min(s.workload.iterations, iterations),
    },
  ]);
}

function reveal(step: LessonStep, make: (state: StepState) => Scenario): SimulatedFigure {
  const scenario = make(step.state);
  const run = runScenario(scenario);
  const compare = step.compare ? runScenario(make(step.compare.state)) : null;
  return step.simulate({ scenario, run, compare });
}

const ok = (figure: SimulatedFigure) => {
  if (!figure.ok) throw new Error(figure.reason);
  return figure;
};

describe('every reveal computes from a run', () => {
  for (const step of STEPS) {
    it(`step ${step.number} (${step.id}) gives a simulated figure with its detail`, () => {
      const figure = ok(reveal(step, small));
      expect(figure.value).toMatch(/[0-9]/);
      expect(figure.detail.length).toBeGreaterThan(10);
    });
  }

  it('says why when the run on show cannot answer (a barrier run shown on a SAGE step)', () => {
    const step = findStep('expectation')!;
    const scenario = small({ preset: 'asci-q-2002', edits: [] });
    const figure = step.simulate({ scenario, run: runScenario(scenario), compare: null });
    expect(figure).toEqual({ ok: false, reason: 'the SAGE run is not a SAGE run' });
  });

  it('waits for the comparison run of a step that has one', () => {
    const step = findStep('co-scheduling')!;
    const scenario = small(step.state);
    const figure = step.simulate({ scenario, run: runScenario(scenario), compare: null });
    expect(figure.ok).toBe(false);
  });
});

/** The reveal at the lesson's own size, with its numbers. */
function full(id: string): { figure: SimulatedFigure; run: RunResult; compare: RunResult | null } {
  const step = findStep(id)!;
  const scenario = scenarioOf(step.state);
  const run = runScenario(scenario);
  const compare = step.compare ? runScenario(scenarioOf(step.compare.state)) : null;
  return { figure: ok(step.simulate({ scenario, run, compare })), run, compare };
}

describe('at the lesson’s size, the simulation points the way the paper does', () => {
  it('step 1: SAGE on 4,096 PEs takes about twice its model (000 Fig 1)', () => {
    const { run } = full('expectation');
    const ratio = run.summary.meanIterationUs / run.tree!.modelIterationUs;
    expect(ratio).toBeGreaterThan(1.6); // the paper: "twice"; validation tolerance 1.6–2.5×
    expect(ratio).toBeLessThan(2.5);
  });

  it('step 2: 3 processes per node beat 4 on 512 nodes (000 Fig 3)', () => {
    const { run, compare } = full('processes-per-node');
    expect(run.tree!.cellsPerSecond!).toBeGreaterThan(compare!.tree!.cellsPerSecond!);
  });

  it('step 5: nodes 0, 1 and 31 of each cluster delay the barrier most (000 Figs 11–12)', () => {
    expect(full('per-node').figure).toMatchObject({ value: 'nodes 0, 1, 31' });
  });

  it('step 7: removing the kernel noise helps the fine-grained loop more (Finding #2)', () => {
    const { run, compare } = full('fine-noise');
    expect(run.summary.meanLatencyUs).toBeLessThan(compare!.summary.meanLatencyUs);
  });

  it('step 9: at g = 0 kernel noise is the largest class of lost time (000 Fig 18)', () => {
    expect(full('resonance').figure).toMatchObject({
      value: expect.stringMatching(/^g = 0: kernel/),
    });
  });

  it('step 10: aligned noise costs the barrier several times less (000 Fig 14(b))', () => {
    const { run, compare } = full('co-scheduling');
    expect(compare!.summary.meanLatencyUs / run.summary.meanLatencyUs).toBeGreaterThan(3);
  });

  it('step 12: BG/P’s barrier on 40,960 nodes costs within a few µs of 1 node’s', () => {
    const { run, compare } = full('bgp');
    expect(run.summary.meanLatencyUs - compare!.summary.meanLatencyUs).toBeLessThan(5); // µs
  });
});

describe('the chart questions compute their reveal from the runs', () => {
  it('step 6: the curve over the sketch starts at the 1-node run and reaches ~100% by 64 nodes', () => {
    const step = findStep('barrier-amplifies')!;
    const q = step.question;
    if (q.kind !== 'sketch') throw new Error('step 6 is a sketch');
    const scenario = small(step.state); // 64 nodes
    const compare = runScenario(small(step.compare!.state)); // 1 node
    const curve = q.curve({ scenario, run: runScenario(scenario), compare });
    if (!curve.ok) throw new Error(curve.reason);
    expect(curve.ys).toHaveLength(q.xs.length);
    expect(curve.ys[0]).toBeCloseTo(curve.runs[0].y, 6); // N = 1: the model is the run
    // rising, until it saturates at 100% in floating point
    for (let i = 1; i < curve.ys.length; i++)
      expect(curve.ys[i]).toBeGreaterThanOrEqual(curve.ys[i - 1]);
    expect(curve.ys[1]).toBeGreaterThan(curve.ys[0]);
    expect(curve.runs.map((r) => r.x)).toEqual([1, 64]);
    // 1 − (1 − p)^64 for p of tens of percent: indistinguishable from 100% on the chart
    expect(curve.ys[6]).toBeGreaterThan(99);
    expect(curve.runs[1].y).toBeGreaterThan(90);
    expect(curve.note).toMatch(/1 − \(1 − p\)ᴺ with p = [0-9.]+%/);
  });

  it('step 6: without the comparison run there is no curve, and it says why', () => {
    const step = findStep('barrier-amplifies')!;
    const q = step.question;
    if (q.kind !== 'sketch') throw new Error('step 6 is a sketch');
    const scenario = small(step.state);
    expect(q.curve({ scenario, run: runScenario(scenario), compare: null })).toEqual({
      ok: false,
      reason: 'the 1-node run is not available yet',
    });
  });

  it('step 4: the marker’s simulated value is the run’s slowdown', () => {
    const step = findStep('small-noise')!;
    const q = step.question;
    if (q.kind !== 'marker') throw new Error('step 4 is a marker');
    const scenario = small(step.state);
    const run = runScenario(scenario);
    expect(q.simulated({ scenario, run, compare: null })).toBe(run.summary.slowdown);
    expect(run.summary.slowdown!).toBeGreaterThan(1);
  });
});

describe('step 9’s sketch: the lost time summed by event duration (000 Fig 18)', () => {
  const step = findStep('resonance')!;
  const q = step.question;
  if (q.kind !== 'sketch') throw new Error('step 9 is a sketch');

  it('rises from the shortest events to all of the loss by 1 s, kernel noise first at g = 0', () => {
    const scenario = small(step.state);
    const curve = q.curve({ scenario, run: runScenario(scenario), compare: null });
    if (!curve.ok) throw new Error(curve.reason);
    for (let i = 1; i < curve.ys.length; i++)
      expect(curve.ys[i]).toBeGreaterThanOrEqual(curve.ys[i - 1] - 1e-9);
    expect(curve.ys.at(-1)).toBeCloseTo(100, 6);
    // the paper: kernel noise (events ≤ 3 ms) is 66% of the loss at g = 0
    expect(curve.ys[q.xs.indexOf(3000)]).toBeGreaterThan(50);
    expect(curve.note).toMatch(/g = 0/);
  });

  it('says why a SAGE run cannot give the curve', () => {
    const scenario = small({ preset: 'sage-asci-q-2002', edits: [] });
    const figure = q.curve({ scenario, run: runScenario(scenario), compare: null });
    expect(figure).toEqual({ ok: false, reason: 'the shown run is not a barrier run' });
  });
});
