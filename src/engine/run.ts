// Which engine runs a scenario: the node-visiting BarrierRun for the barrier workload (model.md
// §4, fast at full-machine scale), the event-queue PhaseRun for the tree workloads
// (docs/workloads.md). Both advance by step(n) and report through resultOf.
import type { Scenario } from '../scenario/types.ts';
import { BarrierRun } from './barrier-run.ts';
import { PhaseRun } from './phase-run.ts';

export type Run = BarrierRun | PhaseRun;

/** `exact`: a barrier run visits every rank, the same bits on every path (bulk-lanes.ts). */
export function createRun(scenario: Scenario, options: { exact?: boolean } = {}): Run {
  return scenario.workload.kind === 'barrier'
    ? new BarrierRun(scenario, { exact: options.exact })
    : new PhaseRun(scenario);
}
