// `noiselab run`: one run of a scenario (any workload kind), reported as one JSON object. The default
// output is what a person or a script compares between runs (summary, loss per source and
// category, engine cost); --detail adds the bulky arrays (loss by event duration, per node)
// that the app draws as histograms and maps.
import os from 'node:os';
import { createRun, resultOf, type RunResult, type Summary } from '../../engine/index.ts';
import { partsForSize } from '../../engine/partitioned-run.ts';
import { aboutSeconds } from '../../format/about.ts';
import { estimateRunSeconds } from '../../scenario/cost.ts';
import type { Scenario } from '../../scenario/index.ts';
import type { Invocation } from '../args.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';
import { roundTimes } from '../round-times.ts';
import { runSplit } from '../split-run.ts';

/** The summary fields every report shows, in this order (the documented CLI output). */
export const SUMMARY_KEYS = [
  'meanLatencyUs',
  'p50LatencyUs',
  'p90LatencyUs',
  'p99LatencyUs',
  'maxLatencyUs',
  'minLatencyUs',
  'meanIterationUs',
  'slowdown',
  'collectiveUs',
  'iterations',
] as const satisfies readonly (keyof Summary)[];

/** s: a run estimated at least this long prints its estimate on stderr first */
const LONG_NOTICE_S = 10;

/** Milliseconds rounded to 0.1: finer digits are timer noise, and they make diffs noisy. */
export function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * Runs a validated scenario, timing the simulation alone: not start-up, file reading,
 * validation or building the report, so wallMs measures the engine and nothing else.
 */
export function timedRun(scenario: Scenario, exact = false): { result: RunResult; wallMs: number } {
  const t0 = performance.now();
  const run = createRun(scenario, { exact }).run();
  const wallMs = roundMs(performance.now() - t0);
  return { result: resultOf(run), wallMs };
}

/** The documented summary fields of `s`, in order. */
export function pickSummary(s: Summary): Pick<Summary, (typeof SUMMARY_KEYS)[number]> {
  return Object.fromEntries(SUMMARY_KEYS.map((k) => [k, s[k]])) as Pick<
    Summary,
    (typeof SUMMARY_KEYS)[number]
  >;
}

/** The object `run` prints, built from a RunResult (pure: tested without running the CLI). */
export function runReport(result: RunResult, wallMs: number, detail: boolean, threads = 1) {
  const a = result.attribution;
  return {
    title: result.title,
    seed: result.seed,
    summary: { ...pickSummary(result.summary), warmup: result.summary.warmup },
    // Barrier workloads: the loss per source (model.md §4). Tree workloads: the root's view.
    ...(a
      ? {
          attribution: {
            bySource: a.bySource.map((s) => ({
              id: s.id,
              label: s.label,
              category: s.category,
              enabled: s.enabled,
              lostUs: s.lostUs,
              share: s.share,
              ...(detail ? { byDurationUs: s.byDurationUs } : {}),
            })),
            byCategory: a.byCategory,
            totalLostUs: a.totalLostUs,
            wakeupUs: a.wakeupUs,
            slowNodesUs: a.slowNodesUs,
            ...(detail
              ? {
                  durationBinEdgesUs: a.durationBinEdgesUs,
                  nodeDelayUs: a.nodeDelayUs,
                  nodeCriticalUs: a.nodeCriticalUs,
                  nodeIds: a.nodeIds,
                }
              : {}),
          },
        }
      : {}),
    ...(result.tree ? { tree: result.tree } : {}),
    engine: {
      wallMs,
      noiseEvents: result.engine.noiseEvents,
      iterationsRun: result.engine.iterationsRun,
      mode: result.engine.mode,
      counted: result.engine.counted,
      threads,
    },
  };
}

/**
 * A whole machine's barrier run goes over several threads (split-run.ts), as in the page: up
 * to --threads (default: the machine's cores), if partsForSize says the run is large enough.
 */
export async function runCommand(inv: Invocation): Promise<string> {
  const scenario = loadScenario(inv.file, inv);
  // The CLI runs what it is asked; a long run says so first, so that a wait is not a mystery.
  const seconds = estimateRunSeconds(scenario);
  if (seconds >= LONG_NOTICE_S) {
    process.stderr.write(
      `noiselab: this run is estimated at ${aboutSeconds(seconds)} on one thread; ` +
        'Ctrl+C stops it\n',
    );
  }
  const parts = partsForSize(scenario, inv.threads ?? os.availableParallelism());
  if (parts < 2) {
    const { result, wallMs } = timedRun(scenario, inv.exact);
    return formatJson(roundTimes(runReport(result, wallMs, inv.detail)));
  }
  const { result, wallMs, threads } = await runSplit(scenario, parts, inv.exact);
  return formatJson(roundTimes(runReport(result, roundMs(wallMs), inv.detail, threads)));
}
