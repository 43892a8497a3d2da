// What a part of a partitioned run (partitioned-run.ts) reports after each iteration, and the
// one-buffer form a part worker posts it in.
import type { BarrierRun } from './barrier-run.ts';

/** What a part says after each iteration. */
export interface PartReport {
  /** its latest arrival, µs (base + g when none of its ranks was late) */
  max: number;
  /** its critical rank as a core id x·C + c; -1 when none was late */
  critical: number;
  /** that rank's log, newest first: source (scenario index), the event's duration and cost, µs */
  source: Int32Array<ArrayBuffer>;
  duration: Float64Array<ArrayBuffer>;
  cost: Float64Array<ArrayBuffer>;
  /** noise events the part has applied so far */
  noiseEvents: number;
  /** when asked: µs lost per node of its range so far (Σ f_r − (base + g), measured iterations) */
  nodeDelay: Float64Array<ArrayBuffer> | null;
}

/**
 * A report in one buffer, for the message that carries it (one transfer, no nested arrays to
 * clone): max, critical, noiseEvents, log length m, whether nodeDelay follows, then the log's
 * sources, durations and costs (m each), then nodeDelay.
 */
export type PackedReport = Float64Array<ArrayBuffer>;
const HEAD = 5;

export function packReport(r: PartReport): PackedReport {
  const m = r.source.length;
  const d = r.nodeDelay;
  const out = new Float64Array(HEAD + 3 * m + (d ? d.length : 0));
  out[0] = r.max;
  out[1] = r.critical;
  out[2] = r.noiseEvents;
  out[3] = m;
  out[4] = d ? 1 : 0;
  out.set(r.source, HEAD);
  out.set(r.duration, HEAD + m);
  out.set(r.cost, HEAD + 2 * m);
  if (d) out.set(d, HEAD + 3 * m);
  return out;
}

/** The report a packed one holds: views into its buffer (the sources copied to integers). */
export function unpackReport(p: PackedReport): PartReport {
  const m = p[3];
  return {
    max: p[0],
    critical: p[1],
    noiseEvents: p[2],
    source: Int32Array.from(p.subarray(HEAD, HEAD + m)),
    duration: p.subarray(HEAD + m, HEAD + 2 * m),
    cost: p.subarray(HEAD + 2 * m, HEAD + 3 * m),
    nodeDelay: p[4] === 1 ? p.subarray(HEAD + 3 * m) : null,
  };
}

/** A part's report after its last stepPart (also what a part worker posts). */
export function partReport(run: BarrierRun, lo: number, hi: number, delays: boolean): PartReport {
  const log = run.criticalLog;
  const n = log.count;
  return {
    max: run.lastMaxUs,
    critical: run.lastCritical,
    source: log.source.slice(0, n),
    duration: log.duration.slice(0, n),
    cost: log.cost.slice(0, n),
    noiseEvents: run.noiseEvents,
    nodeDelay: delays ? run.nodeDelays(lo, hi) : null,
  };
}
