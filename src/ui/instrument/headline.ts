// The headline numbers of a run, as the strip over the stage shows them: the slowdown, the mean
// and p99 barrier latency (ℓ = Δ − g; for tree workloads the time in collectives), the mean
// iteration, and the noise source that cost the most — or, for the workloads that charge no
// source (software trees, halo exchanges, the NPB programs), the run's time, the number their
// papers give (001 Table 2). Pure: the page and its tests share it.
import {
  compareRuns,
  percentChange,
  pinnedName,
  type PinnedRun,
} from '../../state/baseline.svelte.ts';
import type { RunResult } from '../../engine/result.ts';
import type { RunStatus } from '../../state/simulation.svelte.ts';
import { BATCH_MEANS_FROM, twoStandardErrors } from '../../charts/point-trust.ts';
import { formatPercent, formatRatio, formatTimeUs } from '../../format/numbers.ts';

/** The page's run as the strip shows it (Simulation's state). */
export interface RunView {
  /** partial while running */
  result: RunResult | null;
  status: RunStatus;
  /** fraction of the iterations done, 0..1 */
  progress: number;
  /** iterations done and in all, warm-up included */
  iteration: number;
  total: number;
  /** ms the last completed run took; null if none */
  wallMs: number | null;
  /** threads the last completed run was split over (1: not split) */
  threads: number;
  /** a long run's time left ("about 40 s left"), or null */
  remaining: string | null;
  /** s a run waiting for a click on Run is estimated to take; null when none waits */
  waitingSeconds?: number | null;
}

export interface HeadlineItem {
  /** stable key, also the element's data-headline attribute */
  key: 'slowdown' | 'latency' | 'p99' | 'iteration' | 'costliest' | 'runtime' | 'pinned';
  label: string;
  value: string;
  /** how precisely the run pins `value`: '±0.4' (two standard errors of its mean); absent when
   * the number has none or the run is too short to say */
  spread?: string;
  /** a tooltip saying what the number is, in full */
  title: string;
}

/** The source with the largest share of the lost time, or null (none lost, tree workloads). */
export function costliest(result: RunResult): { id: string; label: string; share: number } | null {
  const a = result.attribution;
  if (!a || a.totalLostUs <= 0) return null;
  let best = a.bySource[0];
  for (const s of a.bySource) if (s.lostUs > best.lostUs) best = s;
  return best && best.lostUs > 0 ? { id: best.id, label: best.label, share: best.share } : null;
}

/** Whether a run's time beyond the compute is messages, not a collective: a halo exchange or a
 * wavefront has none (the strip and the results table name that time so). */
export function exchangesMessages(result: RunResult | null): boolean {
  const kind = result?.tree?.workload;
  return kind === 'halo' || kind === 'wavefront';
}

/** The strip's five numbers; dashes before the first measured iteration. */
export function headline(result: RunResult | null): HeadlineItem[] {
  const s = result?.summary;
  const measured = s !== undefined && s.iterations > 0;
  const tree = result?.tree != null;
  const messages = exchangesMessages(result);
  const name = messages ? 'Communication' : tree ? 'Collectives' : 'Barrier';
  const what = messages ? 'communication time' : tree ? 'collective time' : 'barrier latency';
  const time = (us: number | undefined) => (measured && us !== undefined ? formatTimeUs(us) : '—');
  const worst = result && measured ? costliest(result) : null;
  const spread = result && measured ? slowdownSpread(result) : null;
  // value and spread to the spread's first digit: BG/P's 1.0006 ±0.0002, not "1× ±0"
  const ratio = formatRatio(measured ? s.slowdown : null, spread);
  return [
    {
      key: 'slowdown',
      label: 'Slowdown',
      value: measured && s.slowdown !== null ? `${ratio.value}×` : '—',
      ...(ratio.spread === null ? {} : { spread: `±${ratio.spread}` }),
      title:
        'Mean iteration time against the same loop with no noise (g + L)' +
        (spread === null
          ? ''
          : `; ± two standard errors of the mean over its ${s!.iterations.toLocaleString('en-US')} iterations (batch means: iterations are correlated)`),
    },
    {
      key: 'latency',
      label: `${name}, mean`,
      value: time(s?.meanLatencyUs),
      title: `Mean ${what} per iteration: the iteration time minus the compute (ℓ = Δ − g)`,
    },
    {
      key: 'p99',
      label: `${name}, p99`,
      value: time(s?.p99LatencyUs),
      title:
        `99th percentile of the ${what}: 1 iteration in 100 waits at least this long` +
        // a mean above it is right, and surprising: a few iterations far longer than the rest
        (s && s.p99LatencyUs < s.meanLatencyUs
          ? `. The mean is above it: fewer than 1 iteration in 100 took far longer than the rest (a rare long event, such as a job migration) and they lift the mean alone`
          : ''),
    },
    {
      key: 'iteration',
      label: 'Iteration, mean',
      value: time(s?.meanIterationUs),
      title: 'Mean time of one iteration, release to release (Δ)',
    },
    tree
      ? {
          key: 'runtime',
          label: 'Run time',
          // the measured iterations one after the other: mean × count is their sum
          value: measured ? formatTimeUs(s.meanIterationUs * s.iterations) : '—',
          title:
            `The measured iterations' total time, warm-up not counted` +
            (measured ? ` (${s.iterations.toLocaleString('en-US')} iterations)` : '') +
            ': for an NPB benchmark, its run time. Workloads without a single barrier charge no lost time to sources',
        }
      : {
          key: 'costliest',
          label: 'Costs most',
          // the share first: a long name is cut at its end where the strip is narrow, and the
          // number must stay (the tooltip gives the name whole)
          value: worst ? `${formatPercent(worst.share)}% ${worst.label}` : '—',
          title:
            'The noise source charged with the largest share of the lost time' +
            (worst ? `: ${worst.label}, ${formatPercent(worst.share)}%` : ''),
        },
  ];
}

/**
 * Two standard errors of the run's mean slowdown, by batch means over its measured iterations
 * (the charts' point bands: src/charts/point-trust.ts; correlated iterations would make the
 * naive σ/√n too narrow); null below BATCH_MEANS_FROM iterations, without a slowdown, or when
 * every iteration took the same time (a noiseless run: nothing to pin).
 */
export function slowdownSpread(result: RunResult): number | null {
  const { slowdown, meanIterationUs } = result.summary;
  const xs = result.iterationsUs;
  if (slowdown === null || !(meanIterationUs > 0) || xs.length < BATCH_MEANS_FROM) return null;
  const twoSe = twoStandardErrors(xs);
  return twoSe === null || !(twoSe > 0) ? null : (twoSe * slowdown) / meanIterationUs;
}

/** One sentence for screen readers once a run is done: the headline in words. */
export function headlineSentence(result: RunResult): string {
  const items = headline(result);
  const get = (k: HeadlineItem['key']) => items.find((i) => i.key === k)!.value;
  const spreadOf = (k: HeadlineItem['key']) => {
    const sp = items.find((i) => i.key === k)!.spread;
    return sp ? ` ${sp}` : '';
  };
  const worst = costliest(result);
  return (
    `Slowdown ${get('slowdown')}${spreadOf('slowdown')}, mean ${result.tree ? 'collective time' : 'barrier latency'} ` +
    `${get('latency')}, p99 ${get('p99')}, mean iteration ${get('iteration')}` +
    (result.tree ? `, run time ${get('runtime')}` : '') +
    (worst
      ? `; ${worst.label} costs the most, ${formatPercent(worst.share)}% of the lost time.`
      : '.')
  );
}

/**
 * The run against the pinned one (Compare runs, or a lesson step's comparison), as the strip's
 * last number: the time it takes more or less than the pinned run, in percent (a paper's "24%
 * less time" is "−24%"), with the ratio and the pinned run's title in the tooltip. The full
 * comparison sits under the instrument; this keeps its answer on the one screen. Null when
 * nothing is pinned.
 */
export function pinnedItem(
  result: RunResult | null,
  complete: boolean,
  pinned: PinnedRun | null,
): HeadlineItem | null {
  if (!pinned) return null;
  const c = compareRuns(result, complete, pinned);
  const label = `Time vs ${pinnedName(pinned)}`;
  if (c.kind !== 'ratio') return { key: 'pinned', label, value: '—', title: c.text };
  const q = c.liveOverPinned;
  const change = percentChange(q); // as the comparison's sentence says it
  return {
    key: 'pinned',
    label,
    value: change === 0 ? '±0%' : `${q > 1 ? '+' : '−'}${change}%`,
    title: `${c.text} ${pinnedName(pinned).replace(/^./, (x) => x.toUpperCase())}: ${pinned.title}.`,
  };
}
