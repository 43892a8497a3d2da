// The second lesson, "Why does my job take a different time every run?": its steps as data
// (valid states, sweeps the run-to-run view agrees with, cited figures), and every reveal's
// numbers recomputed here from the engine's runs. The seeds were fixed before any result was
// seen: the EP steps' runs are seeds 1 to 100 (the preset's seed 1 onwards, as the page makes
// them), the halo steps are checked at seeds 1 to 5.
import { describe, expect, it } from 'vitest';
import { planSweep, runScenario, type RunResult } from '../../src/engine/index.ts';
import { rippleOf, RIPPLE_DEFAULTS, HIT_ITERATION } from '../../src/engine/ripple.ts';
import { runTimeUs, spreadOf } from '../../src/engine/run-spread.ts';
import { applyEdits } from '../../src/edits/apply.ts';
import { variabilityPlan } from '../../src/charts/variability.ts';
import { RUN_TO_RUN_STEPS } from '../../src/lesson/steps-run-to-run.ts';
import { covText } from '../../src/lesson/run-spread-figures.ts';
import { time } from '../../src/lesson/figures.ts';
import type { LessonStep, SimulatedFigure } from '../../src/lesson/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { RUN_CHOICES } from '../../src/state/view-settings.svelte.ts';
import { PRESETS } from '../../src/state/presets.ts';
import { readableCite, readableRuns, readableText } from '../../src/published/cite.ts';
import { preset } from './presets.ts';

const step = (id: string) => RUN_TO_RUN_STEPS.find((s) => s.id === id)!;
const scenarioOf = (s: LessonStep, seed?: number): Scenario => {
  const scenario = applyEdits(preset(s.state.preset), s.state.edits);
  return seed === undefined ? scenario : { ...scenario, seed };
};

/**
 * The engine's run of a scenario, kept: a run is a function of its scenario (seed included), and
 * the steps' sweeps share points (step 5's seeds s … s + 2 for s = 1 … 5 are seven seeds).
 */
const runs = new Map<string, RunResult>();
function run(scenario: Scenario): RunResult {
  const key = JSON.stringify(scenario);
  if (!runs.has(key)) runs.set(key, runScenario(scenario));
  return runs.get(key)!;
}

/** A step's sweep run here as the sweep workers run it; kept by its key (steps share one). */
const swept = new Map<string, RunResult[]>();
function sweepOf(s: LessonStep, scenario: Scenario): RunResult[] | null {
  if (!s.sweep) return null;
  const key = `${s.sweep.key ?? s.id}@${scenario.seed}`;
  if (!swept.has(key)) {
    const points = planSweep(scenario, s.sweep.plan(scenario).varies);
    swept.set(
      key,
      points.map((p) => run(p.scenario)),
    );
  }
  return swept.get(key)!;
}

function reveal(s: LessonStep, seed?: number) {
  const scenario = scenarioOf(s, seed);
  const result = run(scenario);
  const compare = s.compare
    ? run({
        ...applyEdits(preset(s.compare.state.preset), s.compare.state.edits),
        seed: scenario.seed,
      })
    : null;
  const sweep = sweepOf(s, scenario);
  const input = { scenario, run: result, compare, sweep };
  const figure: SimulatedFigure = s.simulate(input);
  if (!figure.ok) throw new Error(figure.reason);
  return { figure, input };
}

describe('the run-to-run lesson’s steps', () => {
  it('are six, numbered in order, with ids unlike the first lesson’s', () => {
    expect(RUN_TO_RUN_STEPS.map((s) => s.id)).toEqual([
      'same-job',
      'one-node',
      'two-humps',
      'ripple',
      'max-min',
      'report-spread',
    ]);
    expect(RUN_TO_RUN_STEPS.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  for (const s of RUN_TO_RUN_STEPS) {
    describe(`step ${s.number} (${s.id})`, () => {
      it('sets a shipped preset with edits the validator accepts, and sweeps valid points', () => {
        expect(PRESETS.map((p) => p.id)).toContain(s.state.preset);
        const scenario = scenarioOf(s);
        if (s.sweep) {
          const { varies, total } = s.sweep.plan(scenario);
          expect(planSweep(scenario, varies)).toHaveLength(total);
          expect(total).toBeLessThanOrEqual(200);
        }
        if (s.compare)
          expect(() =>
            applyEdits(preset(s.compare!.state.preset), s.compare!.state.edits),
          ).not.toThrow();
      });

      it('makes, for the run-to-run view, the runs its reveal reads', () => {
        if (s.runs === undefined) return expect(s.revealView).not.toBe('variability');
        expect(RUN_CHOICES).toContain(s.runs);
        expect(s.revealView).toBe('variability');
        // the view's seeds are the sweep's (the first group's, when it varies something else)
        const scenario = scenarioOf(s);
        const points = planSweep(scenario, s.sweep!.plan(scenario).varies);
        const seeds = points.slice(0, s.runs).map((p) => p.scenario.seed);
        expect(seeds).toEqual(variabilityPlan(scenario, s.runs).seeds);
        // and the first group is the scenario on show, seed for seed
        expect({ ...points[0].scenario, seed: scenario.seed }).toEqual(scenario);
      });

      it('asks one question and cites the run-to-run papers', () => {
        const q = s.question;
        expect(q.prompt.length).toBeGreaterThan(10);
        if (q.kind === 'choice') expect(q.options.map((o) => o.id)).toContain(q.answer);
        expect(s.published.cite).toMatch(/\b00[014]\b/);
        expect(readableCite(s.published.cite)).toMatch(/^(Kramer and Ryan|Petrini|Worley)/);
        expect(s.explanation).toMatch(/\(00[014][ ,)]/);
        expect(s.runNote).toMatch(/s\b/);
      });
    });
  }
});

describe('the run-to-run lesson as the page shows it', () => {
  /** a seed number standing alone, not part of a larger number such as 1,000 or 0.003 */
  const BARE_SEED = /(?<![\d.,])\b00[0-4]\b(?![.,]?\d)/;

  it('names no paper by its seed number and no file path, in any step', () => {
    for (const s of RUN_TO_RUN_STEPS) {
      const q = s.question;
      const shown = [
        ...[s.intro, s.runNote, s.explanation, s.published.value, s.published.detail].map(
          readableText,
        ),
        readableCite(s.published.cite),
        s.title,
        q.prompt,
        s.compare?.label ?? '',
        s.sweep?.label ?? '',
        ...(q.kind === 'choice' ? q.options.map((o) => `${o.label} ${o.axes ?? ''}`) : []),
        ...(q.kind === 'marker' ? [q.axis.label, ...q.guides.map((g) => g.label)] : []),
      ];
      for (const text of shown) {
        expect(text, `step ${s.number}`).not.toMatch(BARE_SEED);
        expect(text, `step ${s.number}`).not.toContain('docs/validation.md');
      }
    }
  });

  it('links the validation report only where it has the target', () => {
    const links = RUN_TO_RUN_STEPS.flatMap((s) => readableRuns(s.explanation)).filter(
      (r) => r.kind === 'link',
    );
    expect(links.map((l) => l.kind === 'link' && l.href)).toEqual([
      './validation.html#target-14',
      './validation.html#target-13',
    ]);
  });
});

describe('the reveals state what the runs give', () => {
  const ep100 = (s: LessonStep) => {
    const { figure, input } = reveal(s);
    return { figure, times: input.sweep!.map((r) => runTimeUs(r)), input };
  };

  it('step 1: the CoV of the 100 runs, seeds 1 to 100, near 001 Table 2’s 6.91% (the fit)', () => {
    const { figure, times } = ep100(step('same-job'));
    const spread = spreadOf(times);
    expect(figure.value).toBe(`CoV ${covText(spread.cov)}`);
    expect(figure.detail).toContain('seeds 1 to 100');
    // the Lemieux preset's node activity was fitted to this CoV (on other seeds): within the
    // factor of 2 that docs/validation.md's target 14 allows
    expect(spread.cov * 100).toBeGreaterThan(6.91 / 2);
    expect(spread.cov * 100).toBeLessThan(6.91 * 2);
    expect(figure.detail).toContain(`is ${(6.91 / (spread.cov * 100)).toFixed(1)} times this`);
  });

  it('step 2: one node varies less than 32, and under 001 sec 9’s 1.6%', () => {
    const { figure, input } = reveal(step('one-node'));
    const one = spreadOf(input.sweep!.slice(0, 100).map((r) => runTimeUs(r)));
    const many = spreadOf(input.sweep!.slice(100).map((r) => runTimeUs(r)));
    expect(input.sweep!.slice(0, 100).every((r) => r.summary.iterations === 1)).toBe(true);
    expect(figure.value).toBe(`CoV ${covText(one.cov)} on 1 node, ${covText(many.cov)} on 32`);
    expect(one.cov).toBeGreaterThan(0);
    expect(one.cov).toBeLessThan(0.016);
    expect(one.cov).toBeLessThan(many.cov);
    expect(figure.detail).toContain('under the paper’s 1.6%');
    // the 32-node runs are step 1's, seed for seed
    expect(many.cov).toBe(spreadOf(ep100(step('same-job')).times).cov);
  });

  it('step 3: the T3E’s migration splits the runs in bars a freeze apart; without it, one time', () => {
    const { figure, input } = reveal(step('two-humps'));
    const freeze = input.scenario.noise.find((n) => n.id === 'grm-migration')!.duration;
    expect(freeze.dist).toBe('fixed');
    const D = freeze.dist === 'fixed' ? freeze.valueUs : NaN;
    const moved = input.sweep!.slice(0, 50).map((r) => runTimeUs(r));
    const still = input.sweep!.slice(50).map((r) => runTimeUs(r));
    // without the migration the preset has no noise: every run is the same compute
    expect(new Set(still).size).toBe(1);
    // with it, each run is that time plus a whole number of freezes
    const moves = moved.map((t, k) => (t - still[k]) / D);
    for (const m of moves) expect(Math.abs(m - Math.round(m))).toBeLessThan(1e-6);
    const met = moves.filter((m) => m > 0.5).length;
    const twice = moves.filter((m) => m > 1.5).length;
    // a quarter of the runs, as the preset was fitted: well inside 4 binomial sd of 12.5
    expect(met).toBeGreaterThan(3);
    expect(met).toBeLessThan(25);
    const a = spreadOf(moved);
    const b = spreadOf(still);
    expect(b.cov).toBe(0);
    expect(figure.value).toBe(
      `CoV ${covText(a.cov)} with the migration, ${covText(b.cov)} without`,
    );
    expect(figure.detail).toContain(
      `${met} of 50 runs were moved at least once (${twice === 0 ? 'none' : twice} twice`,
    );
    // With no run moved twice, the CoV is below what one move per run can give at most (the
    // closed form F·√(p(1 − p))/(T + pF), at its peak), and the detail says that bound.
    if (twice === 0) {
      const T = still[0];
      const p = met / 50;
      const population = (D * Math.sqrt(p * (1 - p))) / (T + p * D);
      // the sample's CoV (n − 1) against the population's of the same share
      expect(a.cov).toBeCloseTo(population * Math.sqrt(50 / 49), 6);
      const peak = Math.max(
        ...[0.3, 0.4, 0.45, 0.48, 0.5].map((q) => (D * Math.sqrt(q * (1 - q))) / (T + q * D)),
      );
      const said = Number(/gives a CoV of ([\d.]+)% at most/.exec(figure.detail)![1]) / 100;
      expect(said).toBeGreaterThanOrEqual(a.cov - 5e-4);
      expect(Math.abs(said - peak)).toBeLessThan(5e-4);
    }
  });

  it('step 4: one delay reaches 5, 13 and 25 ranks of the halo, all of the barrier’s at once', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { figure, input } = reveal(step('ripple'), seed);
      const r = rippleOf(input.scenario, RIPPLE_DEFAULTS);
      const late = (run: typeof r.halo, i: number) =>
        Array.from({ length: r.ranks }, (_, k) => run.lateUs[i * r.ranks + k]).filter(
          (x) => x > 1e-6,
        ).length;
      // both from the update the process is held up in: the halo's sends wait; the barrier's
      // process, with nothing to compute, starts that update late (src/engine/ripple.ts)
      const halo = [0, 1, 2].map((k) => late(r.halo, HIT_ITERATION + k));
      const barrier = [0, 1, 2].map((k) => late(r.barrier, HIT_ITERATION + k));
      expect(late(r.barrier, HIT_ITERATION - 1)).toBe(0);
      expect(halo).toEqual([5, 13, 25]);
      expect(barrier).toEqual([r.ranks, r.ranks, r.ranks]);
      expect(figure.value).toBe(`halo: 5, 13, 25 late; barrier: ${barrier.join(', ')}`);
    }
  });

  it('step 5: from 16 to 4,096 processes the most time for one update grows over 10×; the least falls by a message’s flight at most, never below the sends and copies', () => {
    const s = step('max-min');
    if (s.question.kind !== 'sketch') throw new Error('step 5 is a sketch');
    const q = s.question;
    const scenario = scenarioOf(s);
    if (scenario.workload.kind !== 'halo') throw new Error('step 5 runs a halo');
    // every update starts at a barrier (Worley's timing of a single update)
    expect(scenario.workload.barrierBefore).toBe(true);
    const m = scenario.workload.latencyUs;
    // 4 neighbours on the torus: 4 sends and 4 copies of o each (docs/workloads.md §7)
    const cpu = 8 * (scenario.workload.overheadUs ?? 0);
    expect(cpu).toBeGreaterThan(0);
    for (const seed of [1, 2, 3, 4, 5]) {
      const { figure, input } = reveal(s, seed);
      // three runs per process count, seeds seed … seed + 2, averaged
      const runs = input.sweep!;
      expect(runs.map((r) => r.seed)).toEqual(
        Array(5)
          .fill([seed, seed + 1, seed + 2])
          .flat(),
      );
      const mean = (i: number, f: (w: { min: number; max: number }) => number) =>
        runs.slice(i * 3, i * 3 + 3).reduce((a, r) => a + f(r.tree!.rankUpdateUs!) / 3, 0);
      expect(runs.map((r) => r.tree!.ranks)).toEqual(
        [16, 64, 256, 1024, 4096].flatMap((p) => [p, p, p]),
      );
      const most = [0, 1, 2, 3, 4].map((i) => mean(i, (w) => w.max));
      const least = [0, 1, 2, 3, 4].map((i) => mean(i, (w) => w.min));
      // the most rises with every fourfold step
      for (let i = 1; i < 5; i++) expect(most[i], `seed ${seed}`).toBeGreaterThan(most[i - 1]);
      expect(most[4] / most[0], `seed ${seed}`).toBeGreaterThan(10);
      // the least: never more than the noiseless update (g = 0: the sends, one message, the
      // copies), about that on 16 processes, and never below the sends and copies (a late
      // start shortens only the wait for the message)
      for (const v of least) {
        expect(v, `seed ${seed}`).toBeLessThanOrEqual(cpu + m + 1e-9);
        expect(v, `seed ${seed}`).toBeGreaterThanOrEqual(cpu - 1e-9);
      }
      expect(least[0], `seed ${seed}`).toBeGreaterThan(0.95 * (cpu + m));
      expect(least[4], `seed ${seed}`).toBeLessThan(least[0]);
      const w = (us: number) => (us >= 0.1 ? time(us) : `${us.toPrecision(2)} µs`);
      expect(figure.value).toBe(
        `most ${w(most[0])} → ${w(most[4])}; least ${w(least[0])} → ${w(least[4])}`,
      );
      const change = least[4] / least[0];
      const pct = Math.round(100 * (1 - change));
      expect(figure.detail).toContain(
        change < 0.8 ? `the least falls ${pct}%` : `the least stays about the same (down ${pct}%)`,
      );
      expect(figure.detail).toContain('one update timed on every process from a barrier');
      // the most against the least, beside Worley's 5 to 10 times, a miss named as one
      const spread = most[4] / least[4];
      expect(figure.detail).toContain(`the most is ${spread.toFixed(0)} times the least`);
      if (spread > 10) expect(figure.detail).toMatch(/more than Worley’s 5 to 10 times .*a miss/);
      const curve = q.curve(input);
      if (!curve.ok) throw new Error(curve.reason);
      expect(curve.ys).toEqual(most);
      expect(curve.parts?.find((p) => p.label === 'the least')?.ys).toEqual(
        least.map((v) => Math.max(0.01, v)),
      );
    }
  }, 300_000); // 5 seeds × 15 halo runs: about two minutes of one core

  it('step 6: the runs over the slowest of the first five, counted from step 1’s 100', () => {
    const { figure, times } = ep100(step('report-spread'));
    const slowestOf5 = Math.max(...times.slice(0, 5));
    const over = times.filter((t) => t > slowestOf5).length;
    expect(over).toBeGreaterThan(0);
    expect(figure.value).toBe(`${over} of 100 runs over the slowest of the first 5`);
    expect(spreadOf(times.slice(0, 5)).cov).toBeLessThan(spreadOf(times).cov);
  });

  it('waits for the runs a step has not made yet, and says so', () => {
    const s = step('same-job');
    const scenario = scenarioOf(s);
    const figure = s.simulate({ scenario, run: run(scenario), compare: null, sweep: null });
    expect(figure).toEqual({ ok: false, reason: 'the repeated runs are not all done yet' });
  });
});
