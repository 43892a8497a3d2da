// The data of the resonance view (ASCI Q paper, Finding #4): the slowdown of the barrier loop
// against its granularity (0 and 10 µs … 1 s on a log axis), with each group of noise sources
// alone and with all of them together. One sweep: the noise list (one variant per curve) × the
// granularity, in two passes: a quick one, then one whose every point runs until each source's
// part of its mean is known (src/engine/point-length.ts). A point at g = 0 with ASCI Q's RMS
// daemons alone needs a second of simulated time to have met them; 200 iterations were 2 ms and
// read ×1 (most likely none met).
import { SWEEP_POINT_LENGTH, SWEEP_QUICK, type PointLength } from '../engine/point-length.ts';
import type { Vary } from '../engine/sweep.ts';
import type { BarrierWorkload, Scenario } from '../scenario/types.ts';
import { csvLines, quoted } from '../format/csv.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { categoryColour } from './category-colour.ts';
import { coveredJobNodes } from '../scenario/cost.ts';
import { cue } from './palette.ts';
import { pointTrust, type PointTrust } from './point-trust.ts';
import { roundUs } from '../format/round-us.ts';

export const RESONANCE_GRANULARITIES_US = [0, 10, 100, 1000, 10_000, 100_000, 1_000_000];
/** iterations a point may run at most; each stops sooner, once its sources are known */
export const RESONANCE_ITERATIONS = 20_000;
/** µs of compute a point may simulate at most: 60 iterations at g = 1 s (the validator refuses
 * 20,000 of them on ASCI Q, and no source needs that long) */
export const RESONANCE_COMPUTE_US = 60e6;

/** The iterations a point at granularity g may run: RESONANCE_ITERATIONS, fewer for long g. */
export function resonanceIterations(g: number): number {
  return Math.max(
    3,
    Math.min(RESONANCE_ITERATIONS, Math.floor(RESONANCE_COMPUTE_US / Math.max(1, g))),
  );
}
/** the quick first pass (a second or less for the whole sweep) */
export const RESONANCE_QUICK: PointLength = SWEEP_QUICK;
/** the final pass: the page's sweeps' precision */
export const RESONANCE_FINAL: PointLength = SWEEP_POINT_LENGTH;
/** more enabled sources than this: one curve per category instead of one per source */
export const MAX_SOURCE_CURVES = 6;

export interface ResonanceGroup {
  key: string;
  label: string;
  /** a category's curve (many sources): its noise class, drawn in that class's colour */
  category?: string;
  /** one source's curve: the source's noise class, whose colour it is drawn in */
  sourceCategory?: string;
  /** indices into scenario.noise of the sources switched on */
  sources: number[];
}

/** The curves: each enabled source alone (or each category, when many), then all together. */
export function resonanceGroups(s: Scenario): ResonanceGroup[] {
  const enabled = s.noise.map((src, k) => ({ src, k })).filter(({ src }) => src.enabled);
  if (enabled.length === 0) return [];
  const groups: ResonanceGroup[] = [];
  if (enabled.length <= MAX_SOURCE_CURVES) {
    for (const { src, k } of enabled) {
      groups.push({
        key: src.id,
        label: `${src.label} alone`,
        sourceCategory: src.category,
        sources: [k],
      });
    }
  } else {
    const byCategory = new Map<string, number[]>();
    for (const { src, k } of enabled) {
      byCategory.set(src.category, [...(byCategory.get(src.category) ?? []), k]);
    }
    for (const [category, sources] of byCategory) {
      // a class whose sources all sit on nodes the job leaves out (the 2003 machine's TruCluster
      // daemons on node 0, without nodes 0 and 31) draws a flat line: say why it is flat
      const absent = sources.every((k) => coveredJobNodes(s.noise[k].placement, s) === 0);
      groups.push({
        key: `category:${category}`,
        label: `${category} sources alone${absent ? " (none on this job's nodes)" : ''}`,
        category,
        sources,
      });
    }
  }
  if (groups.length > 1) {
    groups.push({ key: 'all', label: 'all sources', sources: enabled.map(({ k }) => k) });
  }
  return groups;
}

export interface ResonancePlan {
  groups: ResonanceGroup[];
  varies: Vary[];
  total: number;
  /** the two passes over the points: their base (iterations, warm-up) and how long each runs */
  passes: { base: Scenario; length: PointLength }[];
}

/** The sweep of a barrier scenario: groups (slowest-changing) × granularities. */
export function resonancePlan(s: Scenario): ResonancePlan | null {
  if (s.workload.kind !== 'barrier') return null;
  const groups = resonanceGroups(s);
  if (groups.length === 0) return null;
  const noiseValues = groups.map((g) =>
    // Provenance does not change a run: left out, so the points' messages stay small.
    s.noise.map((src, k) => ({ ...src, enabled: g.sources.includes(k), provenance: {} })),
  );
  const w: BarrierWorkload = s.workload;
  // The workload varies whole, its iterations with its granularity; the same values in both
  // passes, so a point's child seed is the same in both and the quick run is the start of the
  // final one.
  const workloads = RESONANCE_GRANULARITIES_US.map((g) => {
    const iterations = resonanceIterations(g);
    // Warm-up: about 100 ms of simulated time, 1 to 10 iterations (a second of warm-up at g = 1 s
    // would cost more than the point).
    const warmup = Math.min(w.warmup, 10, Math.max(1, Math.ceil(1e5 / Math.max(1, g))));
    return { ...w, granularityUs: g, iterations, warmup: Math.min(warmup, iterations - 1) };
  });
  const base: Scenario = s;
  return {
    groups,
    varies: [
      // one seed for every curve at a granularity: they differ by their sources alone
      { path: 'noise', values: noiseValues, sharedSeed: true },
      { path: 'workload', values: workloads },
    ],
    total: groups.length * RESONANCE_GRANULARITIES_US.length,
    passes: [
      { base, length: RESONANCE_QUICK },
      { base, length: RESONANCE_FINAL },
    ],
  };
}

export interface ResonancePoint extends PointTrust {
  granularityUs: number;
  /** mean Δ / (g + L) */
  slowdown: number;
  /** mean ℓ = Δ − g, µs */
  latencyUs: number;
  /** slowdown per µs of mean Δ, 1/(g + L): the band's scale */
  perUs: number;
  /** a first pass's point (the final one will replace it) */
  coarse: boolean;
}

/**
 * The colour and dash of the k-th curve. A curve takes its noise class's colour, as in the
 * panel's chips, the timeline and the lesson's parts (kernel blue, RMS green …): a class's curve,
 * or one source's (the sources of one class told apart by their dashes); each has its own dash,
 * and the curve of all sources together is black and solid.
 */
export function resonanceCue(
  groups: readonly { key: string; category?: string; sourceCategory?: string }[],
  k: number,
): { colour: string; dash: string } {
  const g = groups[k];
  if (g === undefined) return cue(k);
  if (g.key === 'all') return { colour: '#000000', dash: '' };
  const category = g.category ?? g.sourceCategory;
  if (category === undefined) return cue(k);
  // a lone curve solid; else each its own dash, a second cue besides the colour (the sources
  // of one class share theirs)
  if (groups.length === 1) return { colour: categoryColour(category), dash: '' };
  return { colour: categoryColour(category), dash: cue(k + 1).dash };
}

export interface ResonanceSeries {
  key: string;
  label: string;
  points: ResonancePoint[];
}

/** The points that have arrived, one series per group (points in granularity order). */
export function resonanceSeries(
  groups: readonly ResonanceGroup[],
  points: readonly SweepPointResult[],
): ResonanceSeries[] {
  const perGroup = RESONANCE_GRANULARITIES_US.length;
  const series = groups.map((g) => ({
    key: g.key,
    label: g.label,
    points: [] as ResonancePoint[],
  }));
  for (const p of points) {
    const s = series[Math.floor(p.index / perGroup)];
    const sum = p.result.summary;
    if (!s || sum.slowdown === null || !Number.isFinite(sum.slowdown)) continue;
    s.points.push({
      granularityUs: RESONANCE_GRANULARITIES_US[p.index % perGroup],
      slowdown: sum.slowdown,
      latencyUs: sum.meanLatencyUs,
      perUs: sum.slowdown / sum.meanIterationUs,
      coarse: p.final === false,
      ...pointTrust(p),
    });
  }
  for (const s of series) s.points.sort((a, b) => a.granularityUs - b.granularityUs);
  return series;
}

export function resonanceCsv(series: readonly ResonanceSeries[]): string {
  const rows: unknown[][] = [
    ['curve', 'granularity_us', 'slowdown', 'mean_latency_us', 'iterations', 'slowdown_two_se'],
  ];
  for (const s of series) {
    for (const p of s.points) {
      const band = p.spreadUs === null ? null : p.spreadUs * p.perUs;
      // The curve's name, from the sources' labels: free text, always quoted.
      rows.push([
        quoted(s.label),
        roundUs(p.granularityUs),
        p.slowdown,
        roundUs(p.latencyUs),
        p.iterations,
        band,
      ]);
    }
  }
  return csvLines(rows);
}

/** The granularity where a series' slowdown is largest, leaving out g = 0. */
export function peakOf(s: ResonanceSeries): ResonancePoint | null {
  let best: ResonancePoint | null = null;
  for (const p of s.points)
    if (p.granularityUs > 0 && (!best || p.slowdown > best.slowdown)) best = p;
  return best;
}

export function resonanceSummary(
  series: readonly ResonanceSeries[],
  formatUs: (us: number) => string,
): string {
  const withData = series.filter((s) => s.points.length > 0);
  if (withData.length === 0) return 'No data yet.';
  return (
    withData
      .map((s) => {
        const peak = peakOf(s);
        const at = peak
          ? `worst above g = 0 is ×${peak.slowdown.toFixed(2)} at g = ${formatUs(peak.granularityUs)}`
          : `×${s.points[0].slowdown.toFixed(2)} at g = 0`;
        return `${s.label}: ${at}`;
      })
      .join('; ') + '.'
  );
}

/**
 * Each source's share of the lost time at every granularity of the sweep (in
 * RESONANCE_GRANULARITIES_US order; null where that point has not arrived or lost nothing), from
 * the points with every enabled source on: the "all sources" curve, or the only curve when the
 * scenario has one group. Keyed by source id. The daemons' sparklines draw these.
 */
export function resonanceShares(
  groups: readonly ResonanceGroup[],
  points: readonly SweepPointResult[],
): Map<string, (number | null)[]> {
  const perGroup = RESONANCE_GRANULARITIES_US.length;
  const all = groups.findIndex((g) => g.key === 'all');
  const whole = all >= 0 ? all : groups.length === 1 ? 0 : -1;
  const shares = new Map<string, (number | null)[]>();
  if (whole < 0) return shares;
  for (const p of points) {
    if (Math.floor(p.index / perGroup) !== whole) continue;
    const a = p.result.attribution;
    if (!a || !(a.totalLostUs > 0)) continue;
    for (const s of a.bySource) {
      if (!s.enabled) continue;
      let row = shares.get(s.id);
      if (!row) shares.set(s.id, (row = new Array<number | null>(perGroup).fill(null)));
      row[p.index % perGroup] = s.share;
    }
  }
  return shares;
}

/**
 * A category's share of the lost time at the granularity of index `gIndex` (of
 * RESONANCE_GRANULARITIES_US), from resonanceShares: the sum of its sources' shares; null
 * until that point has arrived.
 */
export function categoryShare(
  shares: ReadonlyMap<string, readonly (number | null)[]>,
  s: Scenario,
  category: string,
  gIndex: number,
): number | null {
  let sum: number | null = null;
  for (const src of s.noise) {
    if (src.category !== category) continue;
    const v = shares.get(src.id)?.[gIndex];
    if (v !== null && v !== undefined) sum = (sum ?? 0) + v;
  }
  return sum;
}
