// The page's own run ("the run on show", the headline's numbers) as the sweep charts mark it: only
// a finished barrier run of the scenario they sweep. A run under way, cancelled or stopped by an
// error has measured fewer iterations than the scenario asks, and its partial numbers are not the
// point the chart is read against.
import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';

/** `result` when it is the whole run of `scenario`, a barrier loop; else null. */
export function finishedRun(
  scenario: Scenario,
  result: RunResult | null,
  running: boolean,
): RunResult | null {
  return scenario.workload.kind === 'barrier' ? wholeRun(scenario, result, running) : null;
}

/** `result` when it is the whole run of `scenario`, whatever its workload; else null. */
export function wholeRun(
  scenario: Scenario,
  result: RunResult | null,
  running: boolean,
): RunResult | null {
  if (running || result === null) return null;
  const s = result.summary;
  return s.iterations > 0 && s.iterations + s.warmup === scenario.workload.iterations
    ? result
    : null;
}
