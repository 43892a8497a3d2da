// A barrier run split by nodes over several parts (threads), for the whole
// machines: Jaguar XT5's 18,688 nodes × 2,000 iterations are 92 million
// noise events, seconds on one thread however tight its loop.
//
// Nodes interact only through the collective (t_{i+1} = max f_r + L), and a
// node's visit reads nothing of other nodes (barrier-run.ts). So each part
// runs a contiguous range of nodes with an ordinary BarrierRun (restrict),
// and per iteration the coordinator sends the release t_i to every part,
// takes back each part's latest arrival, critical rank and that rank's log,
// and does the rest as BarrierRun.runIteration does: t_{i+1} = max + L, Δ_i,
// and the attribution of the critical rank (latest arrival, lowest id on
// ties: the parts are in node order, so the first part holding the maximum).
// Every number is the one a single BarrierRun gives, to the bit
// (tests/engine/partitioned-run.test.ts): draws are keyed by source, node and
// event index, and visit order never mattered.
//
// The parts are behind an interface: in the page they are part workers
// (workers/part-handler.ts), one round trip of a few dozen bytes per
// iteration; the coordinator runs its own range in between. What a part
// reports, and how it travels, is part-report.ts.
import type { Scenario } from '../scenario/types.ts';
import { Attribution } from './attribution.ts';
import { BarrierRun, nextBatch } from './barrier-run.ts';
import { buildLayout, type Layout } from './layout.ts';
import { partReport, type PartReport } from './part-report.ts';
import { RunLimit } from './run-limit.ts';
import { computeFactors } from './slow-nodes.ts';
import { MAX_PARTS, splittable } from './split-size.ts';

export { partRanges, splitNodes } from './split-size.ts';

/** A part of the run: one range of nodes. */
export interface Part {
  readonly lo: number;
  readonly hi: number;
  /** Run the part's next iteration, released at t (µs); `delays`: include nodeDelay. */
  step(t: number, delays: boolean): PartReport | Promise<PartReport>;
  /** The run is over or abandoned: free what the part holds. */
  close(): void;
}

/**
 * How many parts a barrier run's size calls for, given the threads available, before the run
 * is built: 1 (do not split) unless it is a large one.
 */
export function partsForSize(scenario: Scenario, threads: number): number {
  if (scenario.workload.kind !== 'barrier') return 1;
  const layout = buildLayout(scenario);
  const ranks = layout.nodes * layout.ranksPerNode;
  if (!splittable(ranks, scenario.workload.iterations)) return 1;
  // From 4 threads on, one is left to the page and the OS: a part that loses its core stalls
  // every part at the next exchange (the papers' lesson, one level up). With 2, both compute:
  // the page's share is small, and 2 parts measured 1.4× faster than one here.
  const usable = threads >= 4 ? threads - 1 : threads;
  return Math.max(1, Math.min(usable, MAX_PARTS, layout.nodes));
}

/**
 * How many parts to split a run into: partsForSize, when every node is visited every
 * iteration (mode 'every-node'); with sparse noise the calendar's cost follows the events and one
 * thread is fast.
 */
export function partsFor(run: BarrierRun, threads: number): number {
  return run.mode === 'every-node' ? partsForSize(run.scenario, threads) : 1;
}

/** A part run in this thread: a restricted BarrierRun (the coordinator's own range, and tests). */
export class LocalPart implements Part {
  readonly run: BarrierRun;
  readonly lo: number;
  readonly hi: number;

  constructor(
    scenario: Scenario,
    lo: number,
    hi: number,
    run = new BarrierRun(scenario, { range: [lo, hi] }),
  ) {
    this.run = run;
    this.lo = lo;
    this.hi = hi;
    run.restrict(lo, hi);
  }

  step(t: number, delays: boolean): PartReport {
    const run = this.run;
    run.stepPart(t);
    return partReport(run, this.lo, this.hi, delays);
  }

  close(): void {}
}

export class PartitionedRun {
  readonly scenario: Scenario;
  readonly layout: Layout;
  readonly collectiveUs: number;
  readonly granularityUs: number;
  /** per job node, how many times longer its computes take; null: no slow node this run */
  private readonly factors: Float64Array | null;
  readonly totalIterations: number;
  readonly warmup: number;
  iteration = 0;
  /** release time t_i of the next iteration, µs */
  timeUs = 0;
  readonly durations: Float64Array;
  readonly attribution: Attribution;
  /** the parts' visit strategy is the same in each: the first one's */
  readonly mode: 'every-node' | 'calendar';
  /** the parts count their ranks (bulk-lanes.ts), each its own whole blocks of nodes */
  readonly counted: boolean;
  readonly parts: readonly Part[];
  private readonly wakeupUs: number;
  private readonly events: Float64Array;
  private readonly delay: Float64Array;
  /** the work this run may take: LIMIT_FACTOR × its estimate (run-limit.ts) */
  private readonly limit: RunLimit;

  /**
   * @param first a BarrierRun of the scenario, not yet stepped: its settings are the run's
   * @param parts the parts in node order, covering every job node once
   */
  constructor(first: BarrierRun, parts: readonly Part[]) {
    const scenario = first.scenario;
    this.scenario = scenario;
    this.layout = first.layout;
    this.collectiveUs = first.collectiveUs;
    this.granularityUs = first.granularityUs;
    this.factors = computeFactors(scenario, this.layout);
    this.totalIterations = first.totalIterations;
    this.warmup = first.warmup;
    this.mode = first.mode;
    this.counted = first.counted;
    this.wakeupUs = scenario.job.waitMode === 'block' ? scenario.job.wakeupUs : 0;
    let next = 0;
    for (const part of parts) {
      if (part.lo !== next || part.hi <= part.lo)
        throw new Error('parts must cover the nodes in order');
      next = part.hi;
    }
    if (next !== this.layout.nodes) throw new Error('parts must cover every job node');
    this.parts = parts;
    this.durations = new Float64Array(this.totalIterations - this.warmup);
    this.attribution = new Attribution(scenario.noise.length, this.layout.nodes);
    this.events = new Float64Array(parts.length);
    this.delay = new Float64Array(this.layout.nodes);
    this.limit = new RunLimit(scenario);
  }

  get done(): boolean {
    return this.iteration >= this.totalIterations;
  }

  get measured(): number {
    return Math.max(0, this.iteration - this.warmup);
  }

  get noiseEvents(): number {
    let sum = 0;
    for (const e of this.events) sum += e;
    return sum;
  }

  /** Per job node, µs lost over the measured iterations, as of the last step() call's end. */
  nodeDelays(): Float64Array {
    return this.delay.slice();
  }

  /**
   * Run up to `n` more iterations; resolves with how many ran. The nodes' lost
   * time is fetched with the last one (nodeDelays).
   */
  async step(n: number): Promise<number> {
    const end = Math.min(this.totalIterations, this.iteration + n);
    const start = this.iteration;
    const parts = this.parts;
    const replies: (PartReport | Promise<PartReport>)[] = new Array(parts.length);
    while (this.iteration < end) {
      const t = this.timeUs;
      const last = this.iteration + 1 === end;
      // The remote parts first, so they compute while a local one does.
      for (let p = parts.length - 1; p >= 0; p--) replies[p] = parts[p].step(t, last);
      const reports = await Promise.all(replies);
      this.merge(t, reports);
      if (last) {
        for (let p = 0; p < parts.length; p++) this.delay.set(reports[p].nodeDelay!, parts[p].lo);
      }
    }
    return this.iteration - start;
  }

  /** Like BarrierRun.stepFor: iterations until `budgetMs` has passed on `now`, in growing batches. */
  async stepFor(budgetMs: number, now: () => number, batch = 8): Promise<number> {
    const start = now();
    let ran = 0;
    let size = 1;
    let t0 = start;
    do {
      ran += await this.step(size);
      const t1 = now();
      size = nextBatch(size, t1 - t0, budgetMs, batch);
      t0 = t1;
    } while (!this.done && t0 - start < budgetMs);
    return ran;
  }

  close(): void {
    for (const part of this.parts) part.close();
  }

  /** The iteration released at t from the parts' reports: BarrierRun.runIteration's bookkeeping. */
  private merge(t: number, reports: PartReport[]): void {
    const i = this.iteration;
    // The first part holding the maximum has its lowest critical rank (parts are in node order).
    let win = 0;
    for (let p = 0; p < reports.length; p++) {
      this.events[p] = reports[p].noiseEvents;
      if (reports[p].max > reports[win].max) win = p;
    }
    const M = reports[win].max;
    const next = M + this.collectiveUs;
    // Before the parts pay for the wait up to this release (run-limit.ts).
    this.limit.check(i, this.totalIterations, next, this.noiseEvents);
    if (i >= this.warmup) {
      this.durations[i - this.warmup] = next - t;
      this.charge(t, i, M, reports[win]);
    }
    this.timeUs = next;
    this.iteration = i + 1;
  }

  /** BarrierRun.charge with the winning part's log (Attribution.chargeChain for both). */
  private charge(t: number, i: number, M: number, r: PartReport): void {
    const attr = this.attribution;
    const base = i > 0 ? t + this.wakeupUs : t;
    attr.wakeupUs += base - t;
    const excess = M - (base + this.granularityUs);
    const k = r.critical;
    if (k < 0 || !(excess > 0)) return;
    const node = (k / this.layout.cores) | 0;
    // A slow critical rank's own longer compute is the slow nodes' part (docs/slow-nodes.md).
    const g = this.granularityUs;
    const slow = this.factors === null ? 0 : Math.min(excess, this.factors[node] * g - g);
    if (slow > 0) attr.chargeSlow(node, slow);
    attr.chargeChain(r.source, r.duration, r.cost, r.cost.length, excess - slow, node);
  }
}
