// Ad-hoc timing of one benchmark case in this process (development aid):
// `npx tsx bench/quick.ts asci-q`. The real numbers come from `npm run bench`.
import { runPoints } from '../src/cli/sweep-pool.ts';
import { BarrierRun } from '../src/engine/barrier-run.ts';
import { validateScenario } from '../src/scenario/validate.ts';
import { CASES } from './cases.ts';

const c = CASES.find((x) => x.name === process.argv[2]);
if (!c) throw new Error(`cases: ${CASES.map((x) => x.name).join(', ')}`);
for (let k = 0; k < 3; k++) {
  const t0 = performance.now();
  let events = 0;
  if (c.threads !== undefined) {
    // A case on worker threads: the whole parallel sweep, worker start-up included.
    const points = c.scenarios().map((s) => ({ assignments: [], scenario: validateScenario(s) }));
    for (const { result } of await runPoints(points, c.threads))
      events += result.engine.noiseEvents;
    const ms = performance.now() - t0;
    console.log(`${c.name}: ${ms.toFixed(1)} ms on ${c.threads} threads, ${events} events`);
    continue;
  }
  let last: BarrierRun | null = null;
  for (const s of c.scenarios()) {
    last = new BarrierRun(s).run();
    events += last.noiseEvents;
  }
  const ms = performance.now() - t0;
  console.log(
    `${c.name}: ${ms.toFixed(1)} ms, ${events} events, ${((ms * 1e6) / events).toFixed(1)} ns/event, mode ${last!.mode}, switches ${last!.modeSwitches}, mean Δ ${(last!.timeUs / last!.iteration).toFixed(1)} µs`,
  );
}
