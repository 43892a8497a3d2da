// What a barrier run reports: the data the CLI reshapes into its JSON and the worker ships.
import type { AttributionSnapshot } from './attribution.ts';
import type { BarrierRun } from './barrier-run.ts';
import { summarize, type Summary } from './summary.ts';

export interface RunResult {
  title: string;
  seed: number;
  summary: Summary;
  attribution: AttributionSnapshot;
  engine: {
    /** noise events applied on job nodes */
    noiseEvents: number;
    /** iterations run so far, warm-up included */
    iterationsRun: number;
    /** how nodes were visited: every node each iteration, or only those with work */
    mode: 'sweep' | 'calendar';
  };
}

/** A snapshot of a run, complete or partial (the worker streams these). */
export function resultOf(run: BarrierRun): RunResult {
  return {
    title: run.scenario.title,
    seed: run.scenario.seed,
    summary: summarize(run),
    attribution: run.attribution.snapshot(run.scenario, run.layout.nodeIds, run.nodeDelays()),
    engine: { noiseEvents: run.noiseEvents, iterationsRun: run.iteration, mode: run.mode },
  };
}
