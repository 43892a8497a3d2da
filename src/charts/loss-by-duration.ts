// The data of the "loss by event duration" view (ASCI Q paper, Figure 18): the lost time charged
// to noise events no longer than d, against d on a log axis, stacked by source category. Built
// from a barrier run's attribution (its duration bins: durationBinEdgesUs, byDurationUs).
import type { AttributionSnapshot } from '../engine/attribution.ts';
import { csvLines } from '../format/csv.ts';
import { categoryColour } from './category-colour.ts';
import { cue } from './palette.ts';
import { roundUs } from '../format/round-us.ts';

export interface LossLayer {
  category: string;
  /** µs charged to the category in all */
  lostUs: number;
  /** µs charged to events no longer than upperUs[k], for each shown bin k */
  cumulativeUs: number[];
}

export interface LossByDuration {
  /** upper edge of each shown bin, µs (ascending); the curves' x values */
  upperUs: number[];
  /** where the curves start (lower edge of the first shown bin, > 0), µs */
  startUs: number;
  /** one layer per category with lost time, in the scenario's order */
  layers: LossLayer[];
  /** µs: the whole lost time charged to noise (the last point of the stack) */
  totalLostUs: number;
}

/** The upper edge of every bin: the next bin's lower edge (the last bin: one step further). */
function upperEdges(edges: readonly number[]): number[] {
  const step = edges.length > 2 ? edges[edges.length - 1] / edges[edges.length - 2] : 10;
  return edges.map((_, k) => (k + 1 < edges.length ? edges[k + 1] : edges[k] * step));
}

/**
 * Cumulative loss by event duration per category, over the bins from the first to the last
 * that holds any loss (all bins when nothing was lost yet).
 */
export function lossByDuration(a: AttributionSnapshot): LossByDuration {
  const edges = a.durationBinEdgesUs;
  const upper = upperEdges(edges);
  const order: string[] = [];
  const perBin = new Map<string, number[]>();
  for (const s of a.bySource) {
    if (!perBin.has(s.category)) {
      order.push(s.category);
      perBin.set(s.category, new Array<number>(edges.length).fill(0));
    }
    const bins = perBin.get(s.category)!;
    s.byDurationUs.forEach((v, k) => (bins[k] += v));
  }
  let first = edges.length;
  let last = -1;
  for (const bins of perBin.values()) {
    bins.forEach((v, k) => {
      if (v > 0) {
        first = Math.min(first, k);
        last = Math.max(last, k);
      }
    });
  }
  if (last < 0) {
    first = 1;
    last = edges.length - 1;
  }
  const lo = Math.max(first, 1);
  const layers: LossLayer[] = [];
  for (const category of order) {
    const bins = perBin.get(category)!;
    const lostUs = bins.reduce((s, v) => s + v, 0);
    if (lostUs <= 0 && a.totalLostUs > 0) continue;
    let run = bins.slice(0, lo).reduce((s, v) => s + v, 0);
    const cumulativeUs: number[] = [];
    for (let k = lo; k <= last; k++) {
      run += bins[k];
      cumulativeUs.push(run);
    }
    layers.push({ category, lostUs, cumulativeUs });
  }
  return {
    upperUs: upper.slice(lo, last + 1),
    startUs: edges[lo],
    layers,
    totalLostUs: a.totalLostUs,
  };
}

/** The view's data as CSV: one row per bin, a cumulative column per category and the total. */
export function lossCsv(d: LossByDuration): string {
  // Categories are free text (a shared link carries them): the writer quotes and neutralises.
  const head = ['event_duration_up_to_us', ...d.layers.map((l) => `${l.category}_us`), 'total_us'];
  const rows = d.upperUs.map((u, k) => {
    const values = d.layers.map((l) => l.cumulativeUs[k]);
    return [roundUs(u), ...values.map(roundUs), roundUs(values.reduce((s, v) => s + v, 0))];
  });
  return csvLines([head, ...rows]);
}

/** The event duration below which `fraction` of the lost time lies (the bin's upper edge). */
export function durationHolding(d: LossByDuration, fraction: number): number | null {
  const total = d.layers.reduce((s, l) => s + (l.cumulativeUs.at(-1) ?? 0), 0);
  if (total <= 0) return null;
  for (let k = 0; k < d.upperUs.length; k++) {
    const v = d.layers.reduce((s, l) => s + l.cumulativeUs[k], 0);
    if (v >= fraction * total * (1 - 1e-12)) return d.upperUs[k];
  }
  return d.upperUs.at(-1) ?? null;
}

/** One sentence for the live region. */
export function lossSummary(d: LossByDuration, formatUs: (us: number) => string): string {
  if (d.totalLostUs <= 0) return 'No time lost to noise yet.';
  const half = durationHolding(d, 0.5);
  const top = [...d.layers].sort((x, y) => y.lostUs - x.lostUs)[0];
  return (
    `${formatUs(d.totalLostUs)} lost in all; half of it to events of ${formatUs(half ?? 0)} or ` +
    `shorter; the most by ${top.category} (${((100 * top.lostUs) / d.totalLostUs).toFixed(1)}%).`
  );
}

/** A published share of one category (000 Fig 18) against the stack's right end. */
export interface ShareMark {
  /** µs: the layers below the category's, at the right end */
  belowUs: number;
  /** µs: where the category's layer would end if its share were the published one */
  publishedTopUs: number;
  /** the category's simulated share of the stack's total, 0–1 */
  simulatedShare: number;
}

/** Where `share` of `category` sits on the stack; null when the category lost nothing. */
export function shareMark(d: LossByDuration, category: string, share: number): ShareMark | null {
  const ends = d.layers.map((l) => l.cumulativeUs.at(-1) ?? 0);
  const total = ends.reduce((s, v) => s + v, 0);
  const k = d.layers.findIndex((l) => l.category === category);
  if (k < 0 || total <= 0) return null;
  const belowUs = ends.slice(0, k).reduce((s, v) => s + v, 0);
  return { belowUs, publishedTopUs: belowUs + share * total, simulatedShare: ends[k] / total };
}

/** The whole stack's cumulative total at each x (the start edge, then every upper edge): the
 * one curve a pinned run leaves behind as a ghost. */
export function totalCurve(d: LossByDuration): { x: number; y: number }[] {
  const xs = [d.startUs, ...d.upperUs];
  return xs.map((x, i) => ({
    x,
    y: i === 0 ? 0 : d.layers.reduce((s, l) => s + l.cumulativeUs[i - 1], 0),
  }));
}

/**
 * A layer's colour and dash: its category's own colour, as in the timeline, the resonance curves
 * and the panel's chips (a class follows "the green one" from view to view, whichever
 * categories lost time); the dash by its place in the stack, a second cue.
 */
export function layerCue(category: string, k: number): { colour: string; dash: string } {
  return { colour: categoryColour(category), dash: cue(k).dash };
}
