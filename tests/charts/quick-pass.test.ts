// Which points a sweep's quick pass runs (src/charts/quick-pass.ts).
import { describe, expect, it } from 'vitest';
import { quickIndices } from '../../src/charts/quick-pass.ts';
import { cyclePlan, QUICK_SWEEP_WORK, pointWork } from '../../src/charts/cycle-time.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import { readFileSync } from 'node:fs';

describe('quickIndices', () => {
  it('takes the cheapest points first while their work fits the budget, in index order', () => {
    expect(quickIndices([5, 1, 9, 2, 3], 6)).toEqual([1, 3, 4]);
    expect(quickIndices([5, 1, 9, 2, 3], 100)).toEqual([0, 1, 2, 3, 4]);
  });

  it('always keeps the cheapest point, even over the budget', () => {
    expect(quickIndices([50, 40], 10)).toEqual([1]);
    expect(quickIndices([], 10)).toEqual([]);
  });
});

describe('the cycle-time sweep’s quick pass', () => {
  it('runs the cheapest points of POP on Jaguar XT5 within its budget, the final pass all', () => {
    const pop = validateScenario(
      JSON.parse(
        readFileSync(new URL('../../scenarios/pop-jaguar-xt5-stock.json', import.meta.url), 'utf8'),
      ),
    );
    const plan = cyclePlan(pop);
    const [quick, final] = plan.passes;
    expect(final.indices).toBeUndefined();
    expect(quick.indices!.length).toBeGreaterThan(0);
    expect(quick.indices!.length).toBeLessThan(plan.total);
    const points = planSweep(quick.base, plan.varies);
    const work = (i: number) => pointWork(points[i].scenario);
    const used = quick.indices!.reduce((sum, i) => sum + work(i), 0);
    expect(used).toBeLessThanOrEqual(QUICK_SWEEP_WORK * 1.0001);
    // every point left out costs at least as much as the costliest one kept
    const kept = Math.max(...quick.indices!.map(work));
    for (let i = 0; i < plan.total; i++) {
      if (!quick.indices!.includes(i)) expect(work(i)).toBeGreaterThanOrEqual(kept);
    }
  });
});
