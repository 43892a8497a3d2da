// A part of a partitioned run (src/engine/partitioned-run.ts) behind messages: the engine worker
// posts the release time, the part worker (part-handler.ts) replies with its report. One step
// is outstanding at a time, so replies come back in order.
import { BarrierRun } from '../src/engine/barrier-run.ts';
import { unpackReport, type PartReport } from '../src/engine/part-report.ts';
import { LocalPart, PartitionedRun, type Part } from '../src/engine/partitioned-run.ts';
import { COUNTED_MIN_PARTS, partRanges, splitNodes } from '../src/engine/split-size.ts';
import { RunLimitError } from '../src/engine/run-limit.ts';
import type { PartReply, PartRequest } from '../src/protocol.ts';
import { estimateIterationMs } from '../src/scenario/cost.ts';
import type { Scenario } from '../src/scenario/types.ts';

/** What a part needs of a worker: a Worker in the browser, an adapter in tests. */
export interface PartPort {
  postMessage(message: PartRequest): void;
  onmessage: ((event: MessageEvent<PartReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** A part worker failed: it could not start, crashed, or its engine threw. */
export class PartFailure extends Error {}

export class WorkerPart implements Part {
  readonly lo: number;
  readonly hi: number;
  private readonly port: PartPort;
  private pending: { resolve: (r: PartReport) => void; reject: (e: Error) => void } | null = null;
  /** a failure with no step waiting for it: the next step fails with it */
  private failed: Error | null = null;
  /** ms a step may go unanswered before the part counts as dead (a worker can die silently) */
  private readonly silenceMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** the first step also waits for the worker to load and build its nodes: it gets 3 × */
  private first = true;

  constructor(
    port: PartPort,
    scenario: Scenario,
    lo: number,
    hi: number,
    silenceMs = Infinity,
    exact = false,
  ) {
    this.port = port;
    this.lo = lo;
    this.hi = hi;
    this.silenceMs = silenceMs;
    port.onmessage = ({ data }) => {
      if (data.type === 'part-report') this.settle(null, unpackReport(data.packed));
      // The run's bound is the run's end, not a broken part: the same error on one thread
      // would come again at the same event.
      else if (data.limit) this.settle(new RunLimitError(data.message), null);
      else this.settle(this.failure(data.message), null);
    };
    port.onerror = (event) => {
      event.preventDefault?.();
      this.settle(this.failure(event.message || 'the worker could not start or crashed'), null);
    };
    port.postMessage({ type: 'part-init', scenario, lo, hi, exact });
  }

  step(t: number, delays: boolean): Promise<PartReport> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.port.postMessage({ type: 'part-step', t, delays });
      const ms = this.first ? 3 * this.silenceMs : this.silenceMs;
      this.first = false;
      if (Number.isFinite(ms)) {
        this.timer = setTimeout(() => {
          this.settle(this.failure(`it did not answer for ${Math.round(ms / 1000)} s`), null);
        }, ms);
      }
    });
  }

  close(): void {
    clearTimeout(this.timer);
    this.port.terminate();
  }

  private failure(message: string): PartFailure {
    return new PartFailure(`the part running nodes ${this.lo}–${this.hi - 1} failed: ${message}`);
  }

  private settle(error: Error | null, report: PartReport | null): void {
    clearTimeout(this.timer);
    const pending = this.pending;
    this.pending = null;
    if (error) {
      this.failed = error;
      pending?.reject(error);
    } else if (pending && report) pending.resolve(report);
  }
}

/** ms a part's step may go unanswered before it counts as dead: at least PART_SILENCE_MS, and
 * PART_SILENCE_ITERATIONS times an iteration's estimated cost on one thread (a part does less).
 * Below the page's own watchdog (STALL_MS, 8 iterations in src/state/simulation.svelte.ts), so
 * the run goes on over one thread before the page gives up on it. */
export const PART_SILENCE_MS = 5000;
const PART_SILENCE_ITERATIONS = 4;
export function partSilenceMs(scenario: Scenario): number {
  return Math.max(PART_SILENCE_MS, PART_SILENCE_ITERATIONS * estimateIterationMs(scenario));
}

/**
 * A run of `scenario` split over k parts: this thread runs the first range, between posting
 * each step to the others and their replies; k − 1 part workers from `spawn` start (load their
 * code) while this thread builds the run, then build their ranges. The run is built whole
 * first, so that whether it visits every node and whether it counts its ranks are the whole
 * job's answers (a part's own nodes may have other noise than the rest). It stays on one
 * thread, returned whole and every worker started closed, when no worker can be started here (a
 * browser without workers in workers, a policy), or the noise is sparse after all (partsFor:
 * the calendar's cost follows the events), or it counts its ranks (bulk-lanes.ts) in one block
 * or over fewer than COUNTED_MIN_PARTS parts (split-size.ts). A counted run is split at its
 * blocks' edges, so that its numbers do not depend on k; any other into near-equal ranges.
 */
export function startPartitioned(
  scenario: Scenario,
  k: number,
  spawn: () => PartPort,
  silenceMs = partSilenceMs(scenario),
  exact = false,
): PartitionedRun | BarrierRun {
  const ports: PartPort[] = [];
  const remote: WorkerPart[] = [];
  const closeAll = () => {
    for (const part of remote) part.close();
    for (const port of ports.slice(remote.length)) port.terminate();
  };
  try {
    while (ports.length < k - 1) ports.push(spawn());
  } catch {
    closeAll();
    return new BarrierRun(scenario, { exact });
  }
  try {
    const first = new BarrierRun(scenario, { exact });
    const { blocks } = first;
    const n = first.layout.nodes;
    const ranges = first.countable ? partRanges(n, k, blocks) : splitNodes(n, k);
    // A counted run stays on one thread when it is too small to be drawn in blocks (its parts
    // could not draw as it does; partsForSize never splits one, tests may ask to) or when there
    // are too few parts to pay for its exchanges (split-size.ts COUNTED_MIN_PARTS).
    const countedAlone =
      first.countable && (blocks < ranges.length || ranges.length < COUNTED_MIN_PARTS);
    if (ranges.length < 2 || first.mode !== 'every-node' || countedAlone) {
      closeAll();
      return first;
    }
    try {
      for (const [lo, hi] of ranges.slice(1)) {
        remote.push(new WorkerPart(ports[remote.length], scenario, lo, hi, silenceMs, exact));
      }
    } catch {
      // A part that cannot be told its range (a message that cannot be sent): one thread.
      closeAll();
      return first;
    }
    // Workers no range needs (a job of fewer nodes than parts asked for), closed once.
    for (const port of ports.slice(remote.length)) port.terminate();
    ports.length = remote.length;
    first.restrict(ranges[0][0], ranges[0][1]);
    const local = new LocalPart(scenario, ranges[0][0], ranges[0][1], first);
    return new PartitionedRun(first, [local, ...remote]);
  } catch (error) {
    closeAll();
    throw error;
  }
}
