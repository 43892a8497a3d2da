// A sketch's levels, its axes and its verdict: positions on linear and log axes come back from
// their levels, and the verdict says in words how far a sketch was from the simulated curve.
import { describe, expect, it } from 'vitest';
import {
  decodeLevels,
  encodeLevels,
  formatValue,
  fromFraction,
  levelOf,
  markerVerdict,
  shapeOf,
  shapeVerdict,
  sketchVerdict,
  sketchVerdicts,
  SKETCH_LEVELS,
  toFraction,
  valueOf,
} from '../../src/lesson/sketch.ts';
import { findStep } from '../../src/lesson/steps.ts';
import type { Axis } from '../../src/lesson/types.ts';

const nodes: Axis = { label: 'nodes', unit: ' nodes', min: 1, max: 1024, log: true };
const pct: Axis = { label: 'delayed', unit: '%', min: 0, max: 100 };
const xs = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

describe('axes and levels', () => {
  it('place 32 nodes halfway along a 1–1,024 log axis, and 25% a quarter up a linear one', () => {
    expect(toFraction(nodes, 32)).toBeCloseTo(0.5, 12);
    expect(fromFraction(nodes, 0.5)).toBeCloseTo(32, 9);
    expect(toFraction(pct, 25)).toBe(0.25);
    expect(toFraction(pct, 150)).toBe(1); // clamped
  });

  it('map the bottom and top of the axis to the first and last level', () => {
    expect(levelOf(pct, 0)).toBe(0);
    expect(levelOf(pct, 100)).toBe(SKETCH_LEVELS - 1);
    expect(valueOf(pct, levelOf(pct, 40))).toBeCloseTo(40, 0);
  });

  it('encode every level as one character and decode it back', () => {
    const levels = Array.from({ length: SKETCH_LEVELS }, (_, i) => i);
    const text = encodeLevels(levels);
    expect(text).toHaveLength(SKETCH_LEVELS);
    expect(decodeLevels(text)).toEqual(levels);
  });

  it('format values with their unit', () => {
    expect(formatValue(pct, 57.4)).toBe('57%');
    expect(formatValue(nodes, 1024)).toBe('1,024 nodes');
    expect(formatValue(nodes, 1)).toBe('1 node');
    expect(formatValue({ label: 'duration', unit: ' µs', min: 1, max: 1e6 }, 3000)).toBe('3 ms');
    expect(formatValue({ label: 'slowdown', unit: '×', min: 1, max: 4 }, 1.5)).toBe('1.5×');
    expect(formatValue(pct, 2.86)).toBe('3%'); // a 0–100% axis reads in whole percent
  });
});

describe('the verdict of a sketch', () => {
  const model = xs.map((n) => 100 * (1 - 0.9 ** n));

  it('calls a sketch of the model itself close', () => {
    const v = sketchVerdict(
      nodes,
      pct,
      xs,
      model.map((y) => levelOf(pct, y)),
      model,
    );
    expect(v.meanGap).toBeLessThan(0.02); // quantisation: at most half a level, 1/70
    expect(v.text).toMatch(/^✓ Your sketch was close/);
  });

  it('calls a flat 10% far off, and names where it was furthest', () => {
    const flat = xs.map(() => levelOf(pct, 10));
    const v = sketchVerdict(nodes, pct, xs, flat, model);
    expect(v.text).toMatch(/^✗ Your sketch was far off/);
    expect(v.worst.x).toBeGreaterThanOrEqual(64); // where the model has reached ~100%
    expect(v.text).toContain('the simulation gives 100%');
  });

  it('does not call a sketch roughly right when one point is a third of the chart off', () => {
    // close everywhere but the last point, which sits 12 of 35 levels away
    const levels = model.map((v) => levelOf(pct, v));
    levels[levels.length - 1] -= 12;
    const v = sketchVerdict(nodes, pct, xs, levels, model);
    expect(v.meanGap).toBeLessThan(0.2);
    expect(v.text).toMatch(/^✗ Your sketch was far off/);
  });

  describe('on a log axis of six decades', () => {
    const us: Axis = { label: 'time', unit: ' µs', min: 1, max: 1e6, log: true };
    const procs: Axis = { label: 'processes', unit: ' processes', min: 16, max: 4096, log: true };
    const sizes = [16, 64, 256, 1024, 4096];
    const sim = [5, 10, 25, 50, 100];
    // one level is 6/35 of a decade: a factor of 10^(6/35) ≈ 1.48

    it('does not call a sketch close when one point is nearly 5 times off, and says by how much', () => {
      const levels = sim.map((v) => levelOf(us, v));
      levels[4] += 4; // 4 levels up: 1.48⁴ ≈ 4.8 times the level of 100 µs
      const v = sketchVerdict(procs, us, sizes, levels, sim);
      // a small share of the height, on average and at worst (4/35 ≈ 11%, under twice 8%):
      // "close" by shares alone
      expect(v.meanGap).toBeLessThan(0.08);
      const factor = valueOf(us, levels[4]) / 100;
      expect(factor).toBeGreaterThan(4);
      expect(v.text).toMatch(/^✗ Your sketch was far off/);
      // the average as a factor too: a share of six decades reads small however far off
      const mean = Number((1e6 ** v.meanGap).toFixed(1));
      expect(v.text).toContain(`on average a factor of ${mean} from the simulated curve`);
      expect(v.text).not.toContain('% of the chart’s height');
      expect(v.text).toContain(
        `furthest at 4,096 processes: you drew ${formatValue(us, valueOf(us, levels[4]))}, ` +
          `the simulation gives 100 µs (a factor of ${Number(factor.toFixed(1))})`,
      );
    });

    it('calls a sketch within a factor of 2 everywhere close, and within 4 roughly right', () => {
      const near = sim.map((v) => levelOf(us, v));
      near[2] += 1; // 1.48 times: close
      expect(sketchVerdict(procs, us, sizes, near, sim).text).toMatch(/^✓ Your sketch was close/);
      const rough = sim.map((v) => levelOf(us, v));
      rough[2] += 3; // about 3.2 times: roughly right, not close
      expect(valueOf(us, rough[2]) / 25).toBeGreaterThan(2);
      expect(valueOf(us, rough[2]) / 25).toBeLessThan(4);
      expect(sketchVerdict(procs, us, sizes, rough, sim).text).toMatch(
        /^≈ Your sketch was roughly right/,
      );
    });
  });

  it('agrees with step 6, whose paper curve is the model with p = 0.1', () => {
    const q = findStep('barrier-amplifies')!.question;
    if (q.kind !== 'sketch') throw new Error('step 6 is a sketch');
    expect(sketchVerdict(q.x, q.y, q.xs, q.answer!, model).text).toMatch(/^✓/);
  });
});

describe('the verdict of a marker', () => {
  const slowdown: Axis = { label: 'slowdown', unit: '×', min: 1, max: 4 };
  it('says close, or which side of the paper the marker fell', () => {
    expect(markerVerdict(slowdown, 2.1, 2, 1.8)).toBe(
      '✓ Close: you placed 2.1×; the paper gives 2×, the simulation 1.8×.',
    );
    expect(markerVerdict(slowdown, 1.1, 2, null)).toMatch(/^✗ Far off: .* below the paper’s/);
  });

  it('takes a lower bound as one: anywhere above it agrees with the paper', () => {
    expect(markerVerdict(slowdown, 3.5, 2, 3.2, 'over')).toBe(
      '✓ On the paper’s side: you placed 3.5×; the paper gives at least 2×, the simulation 3.2×.',
    );
    expect(markerVerdict(slowdown, 1.5, 2, null, 'over')).toMatch(/^✗ Too low: /);
  });

  it('names what the published value is, and says when the simulation is far from the marker', () => {
    // axis 1–4: 2.1 against 3.9 is 0.6 of the axis apart, past the fifth that counts as far
    expect(markerVerdict(slowdown, 2.1, 2, 3.9, 'over', 'another code’s slowdown')).toBe(
      '≈ Above the published mark, far below the simulation: you placed 2.1×; the mark is at least 2× (another code’s slowdown), the simulation 3.9×, far above your marker.',
    );
    expect(markerVerdict(slowdown, 3.9, 2, 2.1)).toMatch(
      /the simulation 2\.1×, far below your marker\.$/,
    );
  });
});

describe('the shape of a sketch', () => {
  it('reads rises, falls, peaks and flat from the heights', () => {
    expect(shapeOf([0.1, 0.3, 0.6, 0.9])).toBe('rises');
    expect(shapeOf([0.9, 0.4, 0.2, 0.1])).toBe('falls');
    expect(shapeOf([0.2, 0.7, 0.3, 0.25])).toBe('peaks');
    expect(shapeOf([0.5, 0.52, 0.48, 0.55])).toBe('stays flat');
  });

  it('says whether a sketch has the simulated curve’s shape, and where that curve goes', () => {
    const g: Axis = { label: 'g', unit: ' µs', min: 10, max: 1e4, log: true, zeroAtMin: true };
    const s: Axis = { label: 'slowdown', unit: '×', min: 1, max: 1000, log: true };
    const gs = [0, 100, 1000, 10_000];
    const ys = [100, 10, 3, 1.7];
    expect(shapeVerdict(g, s, gs, [4, 4, 4, 4], ys)).toBe(
      '✗ The shape differs: your curve stays flat, but the simulated one falls, from 100× at 0 to 1.7× at 10 ms.',
    );
    expect(shapeVerdict(g, s, gs, [30, 15, 8, 3], ys)).toMatch(
      /^✓ The shape is right: your curve falls/,
    );
    expect(shapeVerdict(g, s, gs, [3, 20, 8, 3], [1.5, 4, 2, 1.5])).toBe(
      '✓ The shape is right: your curve peaks, and the simulated one peaks, 4× at 100 µs.',
    );
  });

  it('writes 0 on a log axis that shows it as 0', () => {
    expect(
      formatValue({ label: 'g', unit: ' µs', min: 10, max: 1e4, log: true, zeroAtMin: true }, 0),
    ).toBe('0');
  });
});

describe('the verdict of a sketch whose question gives the paper’s curve', () => {
  // Step 6: "if 10% of the quanta are delayed on each node": the paper's model 1 − 0.9ᴺ.
  const step = findStep('barrier-amplifies')!;
  const q = step.question as Extract<typeof step.question, { kind: 'sketch' }>;

  it('calls the premise worked out right, whatever the simulated machine gives', () => {
    expect(q.answer).toBeDefined();
    // the simulated machine's one node is delayed about 31% of the time: a steeper curve
    const simulated = q.xs.map((n) => 100 * (1 - 0.688 ** n));
    const [paper, sim] = sketchVerdicts(q, q.answer!, simulated);
    expect(paper).toMatch(/^✓ Your sketch was close: .* from the paper’s model/);
    expect(sim).toMatch(/^Against the simulated machine: ✗ Your sketch was far off/);
  });

  it('says a sketch far from the premise is, before the simulation', () => {
    const flat = q.xs.map(() => levelOf(q.y, 10));
    const simulated = q.xs.map((n) => 100 * (1 - 0.688 ** n));
    const [paper] = sketchVerdicts(q, flat, simulated);
    expect(paper).toMatch(/^✗ Your sketch was far off: .* the model gives/);
  });

  it('is the simulated curve’s alone for a question without one', () => {
    const nine = findStep('resonance')!.question as typeof q;
    expect(nine.answer).toBeUndefined();
    const said = sketchVerdicts(
      nine,
      nine.xs.map(() => 0),
      nine.xs.map(() => 10),
    );
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/from the simulated curve/);
  });
});
