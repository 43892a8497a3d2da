// The bound every run keeps: at most LIMIT_FACTOR times the work its scenario's means allow
// (scenario/cost.ts, boundHorizonUs: the iteration as its own fixed point), in simulated time
// and in noise events. The validator refuses a
// scenario whose estimate is too large; this stops one whose real run outgrows its estimate
// (noise heavier than its means say, or noise that feeds on itself), so that no scenario that
// validates can keep the engine busy for ever. Checked between iterations (BarrierRun, the
// partitioned run's coordinator: a release time is known before any node pays for the wait up
// to it) and per action (PhaseRun).
import {
  boundHorizonUs,
  boundNoiseEvents,
  estimateHorizonUs,
  estimateNoiseEvents,
} from '../scenario/cost.ts';
import type { Scenario } from '../scenario/types.ts';

/**
 * How far past its bound a run may go. The bound is from means, and a long tail's maximum is
 * not its mean: over 300 random valid scenarios (tests/engine/run-limit.test.ts, which holds
 * every run to a quarter of this) the worst run took a few times its bound; the presets stay
 * under it. 64 leaves room for what the tests did not draw.
 */
export const LIMIT_FACTOR = 64;
/** µs of simulated time and noise events every run may take whatever its estimate (a noiseless
 * run's estimate can be 0) */
const TIME_FLOOR_US = 1e6;
const EVENT_FLOOR = 1e6;

/** A run stopped for outgrowing its estimate; the message says by how much and what to change. */
export class RunLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunLimitError';
  }
}

export class RunLimit {
  /** µs: the simulated time no release may pass */
  readonly maxTimeUs: number;
  /** noise events the run may apply on job nodes */
  readonly maxEvents: number;
  private readonly horizonUs: number;
  private readonly events: number;

  constructor(scenario: Scenario) {
    // A tail without a finite variance makes the backlog, and so the bound, infinite: the
    // estimate from means (finite for every scenario the validator accepts) stands in.
    const bound = boundHorizonUs(scenario);
    const finite = Number.isFinite(bound);
    this.horizonUs = finite ? bound : estimateHorizonUs(scenario);
    this.events = finite ? boundNoiseEvents(scenario) : estimateNoiseEvents(scenario);
    this.maxTimeUs = LIMIT_FACTOR * this.horizonUs + TIME_FLOOR_US;
    this.maxEvents = LIMIT_FACTOR * this.events + EVENT_FLOOR;
  }

  /** Throws RunLimitError once `timeUs` (the next release) or `events` passes its bound. */
  check(iteration: number, iterations: number, timeUs: number, events: number): void {
    if (timeUs > this.maxTimeUs) {
      this.stop(
        iteration,
        iterations,
        `it had simulated ${seconds(timeUs)} of machine time, more than ${LIMIT_FACTOR} × the ` +
          `${seconds(this.horizonUs)} its noise's means allow`,
      );
    }
    if (events > this.maxEvents) {
      this.stop(
        iteration,
        iterations,
        `it had applied ${sci(events)} noise events, more than ${LIMIT_FACTOR} × the ` +
          `${sci(this.events)} its noise's means allow`,
      );
    }
  }

  /** Throws RunLimitError for one event of `durationUs` longer than the whole run may last. */
  longEvent(source: string, durationUs: number): never {
    throw new RunLimitError(
      `The run was stopped: one event of “${source}” lasted ${seconds(durationUs)}, more than ` +
        `${LIMIT_FACTOR} × the ${seconds(this.horizonUs)} the whole run's means allow. ` +
        'Its duration has a tail far longer than its mean; shorten the tail (a larger Pareto ' +
        'shape, a smaller lognormal sigma) or disable the source',
    );
  }

  private stop(iteration: number, iterations: number, what: string): never {
    throw new RunLimitError(
      `The run was stopped in iteration ${(iteration + 1).toLocaleString('en-US')} of ` +
        `${iterations.toLocaleString('en-US')}: ${what}. Its noise is heavier than the means ` +
        'of its durations say (a long tail, or events that keep every node waiting); shorten ' +
        'or thin the noise, or run fewer iterations',
    );
  }
}

/** 3.1 s, 48 ms, 2.5 h: a time for a message, two significant digits */
function seconds(us: number): string {
  if (us >= 3.6e9) return `${Number((us / 3.6e9).toPrecision(2))} h`;
  if (us >= 1e6) return `${Number((us / 1e6).toPrecision(2))} s`;
  if (us >= 1e3) return `${Number((us / 1e3).toPrecision(2))} ms`;
  return `${Number(us.toPrecision(2))} µs`;
}

/** 1.2e9: a count for a message */
function sci(n: number): string {
  return n < 1e5 ? Math.round(n).toLocaleString('en-US') : n.toExponential(1).replace('e+', 'e');
}
