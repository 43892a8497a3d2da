// An idle core settled ahead (src/engine/README.md, "An idle core settled ahead"): a counted run
// that goes on to its end settles its nodes' OS core and the "any" events landing there as far
// ahead as the run surely goes; one run a single iteration at a time settles each in its own
// iteration. The two must agree to the bit: iteration times, attribution, node delays and the
// count of events, whatever was settled early.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { resultOf } from '../../src/engine/result.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { rnShape } from './rn-shape.ts';

/** The run as one step (settled ahead) or one iteration per step (settled in its iteration). */
function both(s: Scenario): { ahead: BarrierRun; stepwise: BarrierRun } {
  const ahead = new BarrierRun(s).run();
  const stepwise = new BarrierRun(s);
  while (!stepwise.done) stepwise.step(1);
  return { ahead, stepwise };
}

function expectSame(s: Scenario): void {
  const { ahead, stepwise } = both(s);
  expect(ahead.counted).toBe(true); // else this tests nothing
  const a = resultOf(ahead);
  const b = resultOf(stepwise);
  expect(Array.from(a.iterationsUs)).toEqual(Array.from(b.iterationsUs));
  expect(a.attribution).toEqual(b.attribution);
  expect(a.engine.noiseEvents).toBe(b.engine.noiseEvents);
  expect(Array.from(ahead.nodeDelays())).toEqual(Array.from(stepwise.nodeDelays()));
}

describe('an idle core settled ahead gives the bits of settling it iteration by iteration', () => {
  it('on the RN shape, whose "any" events sometimes find core 0 busy and preempt a rank', () => {
    for (const seed of [1, 2, 3]) expectSame(rnShape('poll', seed));
  });

  it('on the Jaguar XT5 RN preset, 256 nodes', () => {
    const s = loadPreset('jaguar-xt5-rn');
    expectSame({
      ...s,
      job: { ...s.job, nodes: 256 },
      workload: { ...s.workload, iterations: 1500 } as Scenario['workload'],
    });
  });

  it('and a run stopped part way counts the events it reached, not those settled ahead', () => {
    // as a precision run stops at a check: 400 iterations of 1,500, in steps of 100
    const s = rnShape('poll', 4);
    const long = { ...s, workload: { ...s.workload, iterations: 1500 } } as Scenario;
    const chunked = new BarrierRun(long);
    for (let k = 0; k < 4; k++) chunked.step(100);
    const single = new BarrierRun(long);
    for (let k = 0; k < 400; k++) single.step(1);
    expect(chunked.counted).toBe(true);
    expect(resultOf(chunked).engine.noiseEvents).toBe(resultOf(single).engine.noiseEvents);
    expect(Array.from(resultOf(chunked).iterationsUs)).toEqual(
      Array.from(resultOf(single).iterationsUs),
    );
  });
});
