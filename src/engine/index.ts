// The engine's public API: pure TypeScript, no DOM, no clock. It runs
// unchanged in the Web Worker, in Node tests and in the CLI.
import type { Scenario } from '../scenario/types.ts';
import { resultOf, type RunResult } from './result.ts';
import { createRun } from './run.ts';

export { BarrierRun } from './barrier-run.ts';
export { PhaseRun } from './phase-run.ts';
export { createRun, type Run } from './run.ts';
export { resultOf, type RunResult, type TreeReport } from './result.ts';
export { summarize, type Summary, type SummarySource } from './summary.ts';
export type { AttributionSnapshot, SourceLoss } from './attribution.ts';
export {
  runFwq,
  fwqProblem,
  MAX_FWQ_QUANTA,
  type FwqOptions,
  type FwqResult,
  type FwqCore,
} from './fwq.ts';
export {
  planSweep,
  childSeed,
  pointKey,
  MAX_SWEEP_POINTS,
  type Vary,
  type SweepPoint,
} from './sweep.ts';
export { collectiveLatency, ceilLog2 } from './collective.ts';
export { kurtosis, percentileSorted, describe, mean, sampleSd } from './stats.ts';
export { durationBin, durationBinEdges, DURATION_BIN_COUNT } from './duration-bins.ts';
export { RunLimit, RunLimitError, LIMIT_FACTOR } from './run-limit.ts';
export { MIN_MEASURED, runToPrecision, type PrecisionReach } from './precision-run.ts';
export { BATCHES, batchMeansRelSe } from './batch-means.ts';
export { Rng, deriveSeed, hashString, mix32, uniformAt, uniformAt3 } from './random.ts';

/** Run a validated scenario to the end and report it. */
export function runScenario(scenario: Scenario): RunResult {
  return resultOf(createRun(scenario).run());
}
