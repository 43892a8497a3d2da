// The run on show that the sweep charts mark (src/charts/run-on-show.ts): a finished barrier run
// of the scenario only; a run under way, cancelled (fewer iterations) or of another workload is
// not marked.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { finishedRun, wholeRun } from '../../src/charts/run-on-show.ts';
import { scenario, source } from '../helpers/scenario.ts';

describe('finishedRun', () => {
  const s = scenario({ iterations: 40, noise: [source({ id: 'tick', periodUs: 1000 })] });
  const whole = runScenario(s);

  it('is the run when it measured every iteration the scenario asks for', () => {
    expect(finishedRun(s, whole, false)).toBe(whole);
  });

  it('is null while the run is under way, without a run, or for a cut-short run', () => {
    expect(finishedRun(s, whole, true)).toBeNull();
    expect(finishedRun(s, null, false)).toBeNull();
    // a run of fewer iterations than the scenario asks: what a cancelled run leaves
    const cut = runScenario({ ...s, workload: { ...s.workload, iterations: 20 } });
    expect(finishedRun(s, cut, false)).toBeNull();
  });

  it('is null for a workload other than the barrier loop', () => {
    const allreduce = {
      ...s,
      workload: { kind: 'allreduce', iterations: 40, warmup: 0, granularityUs: 0 },
    } as unknown as typeof s;
    expect(finishedRun(allreduce, whole, false)).toBeNull();
  });
});

describe('wholeRun', () => {
  it('is a finished run of any workload (the cycle view rings a SAGE run), a cut one not', () => {
    const s = scenario({ iterations: 40, noise: [source({ id: 'tick', periodUs: 1000 })] });
    const tree = {
      ...s,
      workload: {
        kind: 'allreduce' as const,
        iterations: 12,
        warmup: 2,
        granularityUs: 500,
        hopUs: null,
      },
    } as typeof s;
    const run = runScenario(tree);
    expect(wholeRun(tree, run, false)).toBe(run);
    expect(wholeRun(tree, run, true)).toBeNull();
    const cut = runScenario({ ...tree, workload: { ...tree.workload, iterations: 6 } } as typeof s);
    expect(wholeRun(tree, cut, false)).toBeNull();
  });
});
