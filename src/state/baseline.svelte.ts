// Compare runs: one run pinned as a baseline. Its curves stay as ghosts behind the
// live ones on the iteration-times and loss-by-duration views, the results show the ratio of
// the two runs' mean iteration times ("2.1× faster than the pinned run") and both summaries side
// by side, with what differs between their scenarios. The pinned run is held with $state.raw: a
// big, immutable worker payload.
import type { RunResult } from '../engine/result.ts';
import { jobRanks } from '../scenario/phases.ts';
import type { Scenario } from '../scenario/types.ts';

/** what a pinned run is called when it says nothing else (PinnedRun.called) */
export const PINNED = 'pinned';

/** The headline's and the comparison's name of a pinned run: "the <name> run". */
export function pinnedName(run: PinnedRun): string {
  return run.called ?? PINNED;
}

export interface PinnedRun {
  result: RunResult;
  /** the scenario's title when it was pinned: the ghosts' label */
  title: string;
  /** false when the run was pinned before it finished (cancelled or still running) */
  complete: boolean;
  /** the scenario it ran, to say what differs from the live one; null when not known */
  scenario?: Scenario | null;
  /** what the headline calls it, "the <called> run": "pinned" (the student's Pin) unless said
   * otherwise */
  called?: string;
}

export class Baseline {
  #pinned = $state.raw<PinnedRun | null>(null);
  #live = $state.raw<Scenario | null>(null);
  /** the headline's name for this baseline's run (PinnedRun.called) */
  readonly #called: string;

  /** `called`: "pinned" for the page's Pin; a lesson step's comparison names itself so, since
   * its student pinned nothing ("Time vs pinned" on a step read as a number from nowhere). */
  constructor(called = PINNED) {
    this.#called = called;
  }

  get pinned(): PinnedRun | null {
    return this.#pinned;
  }

  /** The scenario of the run on show (the views report it: a result always belongs to the
   * scenario on show, since every change re-runs it); null until reported. */
  get live(): Scenario | null {
    return this.#live;
  }
  set live(scenario: Scenario | null) {
    this.#live = scenario;
  }

  /** Pins `result` (a snapshot: later updates of the live run do not reach it) with the scenario
   * it ran, by default the one on show. Refuses a run with no measured iteration, which has no
   * mean to compare; returns whether it pinned. */
  pin(result: RunResult, title: string, complete: boolean, scenario = this.#live): boolean {
    if (!hasMean(result)) return false;
    this.#pinned = { result, title, complete, scenario, called: this.#called };
    return true;
  }

  unpin(): void {
    this.#pinned = null;
  }
}

/** A run with measured iterations and a finite, positive mean iteration time. */
export function hasMean(r: RunResult | null): r is RunResult {
  const m = r?.summary.meanIterationUs;
  return !!r && r.summary.iterations > 0 && m !== undefined && Number.isFinite(m) && m > 0;
}

export interface Comparison {
  /** 'ratio' when both runs have a mean; 'waiting' when the live one has none yet */
  kind: 'ratio' | 'waiting';
  /** the headline, a sentence */
  text: string;
  /** live mean / pinned mean (< 1: the live run is faster); NaN while waiting */
  liveOverPinned: number;
}

/** Within this much of each other the two runs are "as fast" (µs ratio, rounding shown). */
const SAME = 0.005;

/** "2.1×", "1.04×", "13×": two significant digits, three just above 1. */
export function formatRatio(r: number): string {
  if (r >= 10) return `${Math.round(r)}×`;
  if (r < 1.1) return `${r.toFixed(2)}×`;
  return `${r.toFixed(1)}×`;
}

/** How much more or less time the live run takes than the pinned one, in whole percent, from
 * live / pinned (`q`): 0.69 → 31. Every place that says it rounds it so. */
export function percentChange(q: number): number {
  return Math.round(Math.abs(1 - q) * 100);
}

/** Ranks of a barrier loop (each computes g an iteration: the loop's work is their number). */
function barrierRanks(s: Scenario | null | undefined): number | null {
  return s && s.workload.kind === 'barrier' ? jobRanks(s) : null;
}

/**
 * The two runs per unit of work, when both are barrier loops of one granularity on the same
 * nodes with different numbers of ranks a node: every rank computes g an iteration, so a run on
 * fewer ranks does less work an iteration (Jaguar XT5 with core 0 reserved: 7 ranks a node
 * against 8, 7/8 of the work) and its mean iteration alone flatters it. '' otherwise: across
 * machine sizes the work is not the point (a 1-node run against 1,024 nodes is the lesson of
 * noise amplified, not a rate).
 */
function perWork(q: number, live: Scenario | null | undefined, pinned: PinnedRun): string {
  const a = barrierRanks(live);
  const b = barrierRanks(pinned.scenario);
  if (a === null || b === null || a === b) return '';
  if (live!.job.nodes !== pinned.scenario!.job.nodes) return '';
  const g = (s: Scenario) => (s.workload.kind === 'barrier' ? s.workload.granularityUs : NaN);
  if (g(live!) !== g(pinned.scenario!)) return '';
  const w = (q * b) / a; // live time per rank-iteration over the pinned run's
  const rate =
    Math.abs(w - 1) < SAME
      ? ': as fast'
      : w < 1
        ? ` ${formatRatio(1 / w)} faster`
        : ` ${formatRatio(w)} slower`;
  return (
    ` Per unit of work${rate}: ${a.toLocaleString('en-US')} ranks compute g each iteration ` +
    `here, ${b.toLocaleString('en-US')} in the ${pinnedName(pinned)} run.`
  );
}

/**
 * The headline of the live run against the pinned one, from their mean iteration times, and per
 * unit of work when the two barrier loops have different numbers of ranks (`liveScenario`, the
 * scenario of the live run, when known). A live run still going (or cancelled) says so: its mean
 * covers the iterations so far.
 */
export function compareRuns(
  live: RunResult | null,
  liveComplete: boolean,
  pinned: PinnedRun,
  liveScenario?: Scenario | null,
): Comparison {
  if (!hasMean(live)) {
    return {
      kind: 'waiting',
      text: 'No measured iterations yet: the ratio to the pinned run comes with the first.',
      liveOverPinned: NaN,
    };
  }
  const q = live.summary.meanIterationUs / pinned.result.summary.meanIterationUs;
  const other = `the ${pinnedName(pinned)} run`;
  let head: string;
  // and as the papers say it ("24% less time", 003 Table 2), from the same two means
  const change = `${percentChange(q)}% ${q < 1 ? 'less' : 'more'} time`;
  if (Math.abs(q - 1) < SAME) head = `As fast as ${other} (within 0.5%)`;
  else if (q < 1) head = `${formatRatio(1 / q)} faster than ${other}: ${change}`;
  else head = `${formatRatio(q)} slower than ${other}: ${change}`;
  const caveats = [
    liveComplete ? '' : 'this run so far',
    pinned.complete ? '' : `${other} was not finished`,
  ].filter(Boolean);
  const tail = caveats.length ? ` (${caveats.join('; ')})` : '';
  return {
    kind: 'ratio',
    // per unit of work only for a finished run: before it the result on show may still be the
    // last scenario's while liveScenario is already the new one
    text: `${head}${tail}.${liveComplete ? perWork(q, liveScenario, pinned) : ''}`,
    liveOverPinned: q,
  };
}
