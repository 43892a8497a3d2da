// The engine against a naive, literal implementation of model.md
// (reference-model.ts) on random small scenarios: every iteration time must
// agree to the bit, whichever node-visit strategy the engine uses.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { randomScenario } from './random-scenario.ts';
import { referenceDurations } from './reference-model.ts';

describe('the engine and a literal reading of model.md', () => {
  it('agree to the bit on 150 random small scenarios, with every visit strategy', () => {
    let events = 0;
    let unseen = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const s = randomScenario(seed);
      const expected = referenceDurations(s);
      for (const options of [
        {},
        { visit: 'every-node' as const },
        { visit: 'calendar' as const, lanes: false },
      ]) {
        const run = new BarrierRun(s, options).run();
        events += run.noiseEvents;
        unseen += run.unseenEvents;
        expect(Array.from(run.durations), `seed ${seed} ${JSON.stringify(options)}`).toEqual(
          expected,
        );
      }
    }
    expect(events).toBeGreaterThan(10_000); // the cases are not quiet
    // and the visit's shortcut (events whose durations nothing reads are not drawn; a waiting
    // node's ticks counted at once) is taken, so it is checked too
    expect(unseen).toBeGreaterThan(1_000);
  });

  it('agree on larger machines, where the adaptive run switches strategies', () => {
    let switches = 0;
    for (let seed = 1001; seed <= 1012; seed++) {
      const s = randomScenario(seed, 300, 300);
      const expected = referenceDurations(s);
      const run = new BarrierRun(s).run();
      switches += run.modeSwitches;
      expect(Array.from(run.durations), `seed ${seed}`).toEqual(expected);
    }
    expect(switches).toBeGreaterThan(0);
  });
});
