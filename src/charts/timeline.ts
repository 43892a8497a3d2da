// The data of the timeline view (ASCI Q paper, Figure 14): a few iterations on a handful of
// nodes, one lane per rank core, each lane a row of bars (compute, noise holes, waiting at the
// barrier, frozen past the release, wake-up), for the scenario as it is ("random") and with its
// periodic noise co-scheduled ("aligned"). Shaped from traces (src/engine/trace.ts); times in
// the bars are ms from the window's first release, so two timelines share one x axis.
import type { SegmentKind, Trace } from '../engine/trace.ts';
import { csvLines } from '../format/csv.ts';
import type { Scenario } from '../scenario/types.ts';

/** Iterations a timeline shows by default (the paper's Figure 14 shows a few). */
export const SHOWN_ITERATIONS = 5;

/**
 * The scenario with every enabled periodic source co-scheduled (model.md §2: phase 'aligned',
 * φ(x) = phaseOffsetUs on every node). Poisson sources have no phase to align: they stay, and
 * `poisson` counts them so the view can say so.
 */
export function alignedScenario(s: Scenario): {
  scenario: Scenario;
  aligned: number;
  poisson: number;
} {
  let aligned = 0;
  let poisson = 0;
  const noise = s.noise.map((src) => {
    if (!src.enabled) return src;
    if (src.arrival === 'poisson') {
      poisson++;
      return src;
    }
    aligned++;
    return src.phase === 'aligned' ? src : { ...src, phase: 'aligned' as const };
  });
  return { scenario: { ...s, noise }, aligned, poisson };
}

/** The first iteration shown by default: the first after warm-up, with a full window after it. */
export function defaultFirstIteration(s: Scenario, shown = SHOWN_ITERATIONS): number {
  const w = s.workload;
  return Math.max(0, Math.min(w.warmup, w.iterations - shown));
}

/** The first shown iteration `first` clamped to the run: 0 … iterations − shown. */
export function clampFirst(s: Scenario, first: number, shown = SHOWN_ITERATIONS): number {
  const last = Math.max(0, s.workload.iterations - shown);
  return Math.min(last, Math.max(0, Math.floor(Number.isFinite(first) ? first : 0)));
}

export interface TimelineBar {
  kind: SegmentKind;
  /** ms from the window's first release */
  x0: number;
  x1: number;
  /** the noise source's label and category (noise kinds only) */
  source?: string;
  category?: string;
}

export interface TimelineRow {
  /** job node index, machine node id, cluster offset */
  node: number;
  nodeId: number;
  offset: number;
  core: number;
  /** first lane of its node (it carries the node's label) */
  firstOfNode: boolean;
  bars: TimelineBar[];
}

export interface Timeline {
  rows: TimelineRow[];
  /** the releases t_first … t_{first + n}, ms from the first */
  releasesMs: number[];
  /** per shown iteration: the machine node id of the last node, and whether it has a row */
  last: {
    nodeId: number;
    shown: boolean;
    /** -1 when not shown */ core: number;
    finishMs: number;
  }[];
  /** ms: the window's length */
  spanMs: number;
  /** categories of the noise shown, in scenario order */
  categories: string[];
  /** whether any bar shows noise on a waiting rank (half height), or a rank frozen past the
   * release (outlined, striped): the legend keys only what is drawn */
  waitingNoise: boolean;
  frozen: boolean;
}

/** Rows and bars of one trace (the traced scenario names the sources). */
export function timeline(trace: Trace, s: Scenario): Timeline {
  const t0 = trace.releases[0];
  const ms = (us: number) => (us - t0) / 1000;
  const seen = new Set<string>();
  const kinds = new Set<string>();
  const rows: TimelineRow[] = [];
  for (const node of trace.nodes) {
    node.lanes.forEach((lane, k) => {
      const bars = lane.segments.map((seg): TimelineBar => {
        const bar: TimelineBar = { kind: seg.kind, x0: ms(seg.startUs), x1: ms(seg.endUs) };
        kinds.add(seg.kind);
        if (seg.source !== undefined) {
          const src = s.noise[seg.source];
          bar.source = src?.label ?? `source ${seg.source}`;
          bar.category = src?.category ?? 'noise';
          seen.add(bar.category);
        }
        return bar;
      });
      rows.push({
        node: node.node,
        nodeId: node.nodeId,
        offset: node.offset,
        core: lane.core,
        firstOfNode: k === 0,
        bars,
      });
    });
  }
  const last = trace.lastNode.map((x, i) => {
    const row = trace.nodes.find((n) => n.node === x);
    const lane = row?.lanes.find((l) => l.slot === trace.lastSlot[i]);
    return {
      nodeId: trace.lastNodeId[i],
      shown: lane !== undefined,
      core: lane ? lane.core : -1,
      finishMs: ms(trace.lastFinishUs[i]),
    };
  });
  const categories = s.noise
    .map((src) => src.category)
    .filter((c, i, a) => seen.has(c) && a.indexOf(c) === i);
  return {
    rows,
    releasesMs: trace.releases.map(ms),
    last,
    spanMs: ms(trace.releases[trace.iterations]),
    categories,
    waitingNoise: kinds.has('noise-waiting'),
    frozen: kinds.has('frozen'),
  };
}

/** Mean iteration Δ of the trace's window, µs. */
export function meanIterationUs(trace: Trace): number {
  return (trace.releases[trace.iterations] - trace.releases[0]) / trace.iterations;
}

export interface IterationRow {
  iteration: number;
  /** Δ_i, µs, and the machine id of the node that was last */
  randomUs: number;
  randomLast: number;
  alignedUs: number | null;
  alignedLast: number | null;
}

/** One row per shown iteration: Δ and the last node, random and aligned. */
export function iterationRows(
  random: Timeline,
  trace: Trace,
  aligned: { t: Timeline; trace: Trace } | null,
): IterationRow[] {
  return Array.from({ length: trace.iterations }, (_, i) => ({
    iteration: trace.firstIteration + i,
    randomUs: trace.releases[i + 1] - trace.releases[i],
    randomLast: random.last[i].nodeId,
    alignedUs: aligned ? aligned.trace.releases[i + 1] - aligned.trace.releases[i] : null,
    alignedLast: aligned ? aligned.t.last[i].nodeId : null,
  }));
}

/**
 * The phases of the run on show, in words: "with random phases" as the presets have them, but
 * not once the student has aligned sources (a co-scheduling challenge aligned every one and the
 * caption still said "random"); '' when the scenario has no periodic source to have a phase.
 */
export function phasesText(s: Scenario): string {
  const periodic = s.noise.filter((n) => n.enabled && n.arrival === 'periodic');
  if (periodic.length === 0) return '';
  const aligned = periodic.filter((n) => n.phase === 'aligned').length;
  if (aligned === 0) return 'with random phases';
  if (aligned === periodic.length) return 'with every periodic source aligned, as set';
  return `with the phases as set (${aligned} of ${periodic.length} periodic sources aligned)`;
}

/** The live summary: the mean iteration of the window, as set (`phases`) against aligned. */
export function timelineSummary(
  random: Trace,
  aligned: Trace | null,
  format: (us: number) => string,
  phases = 'with random phases',
): string {
  const as = phases === '' ? '' : ` ${phases}`;
  const first = random.firstIteration;
  const range = `iterations ${first}–${first + random.iterations - 1}`;
  const noiseless = format(random.granularityUs + random.collectiveUs);
  const r = meanIterationUs(random);
  if (!aligned) return `Mean iteration over ${range}: ${format(r)}${as} (noiseless ${noiseless}).`;
  const a = meanIterationUs(aligned);
  const ratio = a > 0 ? r / a : Infinity;
  const verdict =
    Math.abs(ratio - 1) < 0.005
      ? 'the same'
      : ratio > 1
        ? `aligned is ${ratio.toFixed(2)} times faster`
        : `aligned is ${(1 / ratio).toFixed(2)} times slower`;
  return `Mean iteration over ${range}: ${format(r)}${as}, ${format(a)} with aligned phases (${verdict}; noiseless ${noiseless}).`;
}

/**
 * Every bar and release line of the timelines, as CSV: times in µs from each window's first
 * release (the chart's x), rounded to ns. Sources' labels and categories are free text: the
 * writer quotes and neutralises them.
 */
export function timelineCsv(named: { name: string; trace: Trace; t: Timeline }[]): string {
  const us = (ms: number) => Math.round(ms * 1e6) / 1e3;
  const lines: (string | number | null)[][] = [
    [
      'timeline',
      'iteration',
      'node_id',
      'cluster_offset',
      'core',
      'state',
      'start_us',
      'end_us',
      'source',
      'category',
    ],
  ];
  for (const { name, trace, t } of named) {
    t.releasesMs.forEach((x, i) => {
      const at = trace.firstIteration + i;
      lines.push([name, at, null, null, null, 'release', us(x), us(x), null, null]);
    });
    for (const row of t.rows) {
      for (const b of row.bars) {
        // The iteration a bar lies in: the last release at or before its start.
        let i = 0;
        while (i + 1 < t.releasesMs.length - 1 && t.releasesMs[i + 1] <= b.x0) i++;
        lines.push([
          name,
          trace.firstIteration + i,
          row.nodeId,
          row.offset,
          row.core,
          b.kind,
          us(b.x0),
          us(b.x1),
          b.source ?? null,
          b.category ?? null,
        ]);
      }
    }
  }
  return csvLines(lines);
}

/** Vertical layout of a timeline's rows: the top of each lane, and the height of them all (px). */
export function rowLayout(
  rows: TimelineRow[],
  lane: number,
  laneGap: number,
  nodeGap: number,
): { y: number[]; height: number } {
  const y: number[] = [];
  let at = 0;
  rows.forEach((r, k) => {
    if (r.firstOfNode && k > 0) at += nodeGap - laneGap;
    y.push(at);
    at += lane + laneGap;
  });
  return { y, height: rows.length > 0 ? at - laneGap : 0 };
}
