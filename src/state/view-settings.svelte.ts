// The views' own settings (not part of the scenario): which granularities the latency view
// sweeps, which iterations the timeline shows and whether it adds the co-scheduled comparison,
// how many runs the run-to-run view makes and whether it draws them against process count. They travel in a link's `view` map
// (url-codec.ts) next to the scenario, under short stable keys; only values that differ from
// the defaults are written, so a link without view settings opens the defaults. Reading is
// forgiving: a key this build does not know (a newer link) or a bad value is reported and
// left at its default, and the scenario still opens.
import type { ViewValue } from './url-codec.ts';
import { formatDurationUs, parseDurationUs } from './query-params.ts';

/** µs: the paper's Figures 7 and 16 (g = 0, 1 and 5 ms). */
export const DEFAULT_LATENCY_GRANULARITIES_US: readonly number[] = [0, 1000, 5000];
/** curves of the latency view at most: each is a sweep over every node count */
export const MAX_LATENCY_CURVES = 6;
/** µs: the longest granularity the latency view sweeps (its runs stay short) */
export const MAX_LATENCY_GRANULARITY_US = 1_000_000;

/** Runs the run-to-run view offers, and its default: enough for a histogram, few enough to wait
 * for. 200 and 500 reach 001's own counts (10 to 424 runs a row of Table 2); a batch that would
 * take long waits for a click that says how long (variability.ts runsWait). */
export const RUN_CHOICES = [10, 20, 50, 100, 200, 500] as const;
export const DEFAULT_RUNS = 20;

/** What the run-to-run view draws: one size's runs as a histogram, or the fastest, mean and
 * slowest run at each process count up to the job's. */
export const RUNS_BY = ['histogram', 'processes'] as const;
export type RunsBy = (typeof RUNS_BY)[number];

const KEYS = {
  latency: 'latency.g',
  timeline: 'timeline.first',
  aligned: 'timeline.aligned',
  runs: 'runs.n',
  runsBy: 'runs.by',
} as const;

/** Granularities typed as `0, 1ms, 5 ms` (units us, µs, ms, s; bare numbers are µs), or why
 * not: the problem named, with what is allowed. Sorted, without repeats. */
export function parseGranularities(
  text: string,
): { ok: true; values: number[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,;]/)
    .map((t) => t.replace(/\s+/g, ''))
    .filter((t) => t !== '');
  if (parts.length === 0) {
    return { ok: false, message: 'Give at least one granularity, e.g. 0, 1ms, 5ms.' };
  }
  const values: number[] = [];
  for (const part of parts) {
    const us = parseDurationUs(part);
    if (us === undefined) {
      return {
        ok: false,
        message: `"${part}" is not a duration; allowed: a number with us, µs, ms or s (a bare number means µs), e.g. 0, 1ms, 5ms.`,
      };
    }
    if (us > MAX_LATENCY_GRANULARITY_US) {
      return { ok: false, message: `${part} is longer than 1 s; allowed: 0 to 1 s.` };
    }
    if (!values.includes(us)) values.push(us);
  }
  if (values.length > MAX_LATENCY_CURVES) {
    return {
      ok: false,
      message: `${values.length} granularities; allowed: at most ${MAX_LATENCY_CURVES} (each is a sweep of its own).`,
    };
  }
  return { ok: true, values: values.sort((a, b) => a - b) };
}

/** `0, 1ms, 5ms`: the text parseGranularities reads back. */
export function formatGranularities(values: readonly number[]): string {
  return values.map((us) => formatDurationUs(us)).join(', ');
}

export class ViewSettings {
  /** µs, ascending, distinct */
  latencyGranularitiesUs = $state<number[]>([...DEFAULT_LATENCY_GRANULARITIES_US]);
  /** the timeline's first iteration shown, warm-up included; null: the first after warm-up */
  timelineFirst = $state<number | null>(null);
  /** the timeline shows the co-scheduled comparison (aligned phases) under the scenario's */
  timelineAligned = $state(false);
  /** runs the run-to-run view makes, one of RUN_CHOICES */
  variabilityRuns = $state<number>(DEFAULT_RUNS);
  /** what the run-to-run view draws */
  variabilityBy = $state<RunsBy>('histogram');

  /** The settings that differ from the defaults, as a link's `view` map. */
  toView(): Record<string, ViewValue> {
    const view: Record<string, ViewValue> = {};
    const g = this.latencyGranularitiesUs;
    if (g.join() !== DEFAULT_LATENCY_GRANULARITIES_US.join()) {
      view[KEYS.latency] = formatGranularities(g);
    }
    if (this.timelineFirst !== null) view[KEYS.timeline] = this.timelineFirst;
    if (this.timelineAligned) view[KEYS.aligned] = true;
    if (this.variabilityRuns !== DEFAULT_RUNS) view[KEYS.runs] = this.variabilityRuns;
    if (this.variabilityBy !== 'histogram') view[KEYS.runsBy] = this.variabilityBy;
    return view;
  }

  /** Takes a link's `view` map: every setting it holds, the defaults for the rest. Returns a
   * line per key not understood (left at its default); [] when all is well. */
  apply(view: Record<string, ViewValue>): string[] {
    const problems: string[] = [];
    let latency = [...DEFAULT_LATENCY_GRANULARITIES_US];
    let first: number | null = null;
    let aligned = false;
    let runs: number = DEFAULT_RUNS;
    let by: RunsBy = 'histogram';
    for (const [key, value] of Object.entries(view)) {
      if (key === KEYS.latency) {
        const parsed = typeof value === 'string' ? parseGranularities(value) : null;
        if (parsed?.ok) latency = parsed.values;
        else
          problems.push(
            `${key}: ${parsed ? parsed.message : 'expected text such as "0, 1ms, 5ms"'}`,
          );
      } else if (key === KEYS.timeline) {
        if (typeof value === 'number' && Number.isInteger(value) && value >= 0) first = value;
        else problems.push(`${key}: expected a whole number ≥ 0 (an iteration)`);
      } else if (key === KEYS.aligned) {
        if (typeof value === 'boolean') aligned = value;
        else problems.push(`${key}: expected true (show the co-scheduled timeline) or false`);
      } else if (key === KEYS.runs) {
        if (typeof value === 'number' && (RUN_CHOICES as readonly number[]).includes(value))
          runs = value;
        else problems.push(`${key}: expected one of ${RUN_CHOICES.join(', ')} (runs)`);
      } else if (key === KEYS.runsBy) {
        const known = RUNS_BY.find((b) => b === value);
        if (known) by = known;
        else problems.push(`${key}: expected one of ${RUNS_BY.join(', ')} (what the runs show)`);
      } else {
        problems.push(`${key}: not a setting of this version of NoiseLab (ignored)`);
      }
    }
    this.latencyGranularitiesUs = latency;
    this.timelineFirst = first;
    this.timelineAligned = aligned;
    this.variabilityRuns = runs;
    this.variabilityBy = by;
    return problems;
  }

  reset(): void {
    this.apply({});
  }
}
