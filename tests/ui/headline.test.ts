// The headline strip's numbers (src/ui/instrument/headline.ts), from the engine's own run.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import {
  costliest,
  headline,
  headlineSentence,
  pinnedItem,
  slowdownSpread,
} from '../../src/ui/instrument/headline.ts';
import { batchMeansSe } from '../../src/engine/batch-means.ts';
import { formatPercent, formatRatio, formatTimeUs } from '../../src/format/numbers.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { loadPreset } from '../../src/validation/presets.ts';

const noisy = scenario({
  nodes: 16,
  g: 1000,
  iterations: 300,
  warmup: 10,
  collective: { kind: 'hardware', baseUs: 5, perLevelUs: 1 },
  noise: [
    source({
      id: 'small',
      label: 'Small',
      periodUs: 10_000,
      duration: { dist: 'fixed', valueUs: 50 },
    }),
    source({
      id: 'big',
      label: 'Big',
      periodUs: 20_000,
      duration: { dist: 'fixed', valueUs: 900 },
    }),
  ],
});

describe('headline', () => {
  const run = runScenario(noisy);
  const items = headline(run);
  const value = (key: string) => items.find((i) => i.key === key)!.value;

  it("says the run's slowdown, mean and p99 latency and mean iteration, as the summary has them", () => {
    const s = run.summary;
    expect(items.map((i) => i.key)).toEqual([
      'slowdown',
      'latency',
      'p99',
      'iteration',
      'costliest',
    ]);
    expect(value('slowdown')).toBe(`${formatRatio(s.slowdown, slowdownSpread(run)).value}×`);
    expect(value('latency')).toBe(formatTimeUs(s.meanLatencyUs));
    expect(value('p99')).toBe(formatTimeUs(s.p99LatencyUs));
    expect(value('iteration')).toBe(formatTimeUs(s.meanIterationUs));
  });

  it('says why a p99 below the mean is no error: a few iterations far longer lift the mean', () => {
    const title = (r: typeof run) => headline(r).find((i) => i.key === 'p99')!.title;
    expect(run.summary.p99LatencyUs).toBeGreaterThan(run.summary.meanLatencyUs);
    expect(title(run)).not.toMatch(/mean is above/);
    // on one node, 100 ms every 200 ms: one or two of the 290 measured iterations that long,
    // above the p99, and the mean with them
    const rare = runScenario({
      ...noisy,
      noise: [
        source({
          id: 'rare',
          label: 'Rare',
          periodUs: 200_000,
          duration: { dist: 'fixed', valueUs: 100_000 },
          placement: { kind: 'nodes', ids: [0] },
        }),
      ],
    });
    expect(rare.summary.p99LatencyUs).toBeLessThan(rare.summary.meanLatencyUs);
    expect(title(rare)).toMatch(/The mean is above it: fewer than 1 iteration in 100/);
  });

  it('names the source charged with the largest share of the lost time', () => {
    const a = run.attribution!;
    const most = [...a.bySource].sort((x, y) => y.lostUs - x.lostUs)[0];
    expect(costliest(run)).toEqual({ id: most.id, label: most.label, share: most.share });
    // the share first, so that a name cut short where the strip is narrow keeps its number
    expect(value('costliest')).toBe(`${formatPercent(most.share)}% ${most.label}`);
    expect(headlineSentence(run)).toContain(`${most.label} costs the most`);
  });

  it('gives the slowdown with two standard errors of its mean, by batch means', () => {
    const s = run.summary;
    const spread = slowdownSpread(run)!;
    // the same as the batch means of the iterations, scaled from µs to the slowdown
    const se = batchMeansSe(run.iterationsUs, 0, run.iterationsUs.length);
    expect(spread).toBeCloseTo((2 * se * s.slowdown!) / s.meanIterationUs, 12);
    expect(spread).toBeGreaterThan(0);
    expect(items.find((i) => i.key === 'slowdown')!.spread).toBe(
      `±${formatRatio(s.slowdown, spread).spread}`,
    );
    expect(headlineSentence(run)).toMatch(/^Slowdown [\d.]+× ±[\d.]+, mean/);
    // a noiseless run's iterations are all alike: no spread; too short a run says none
    expect(slowdownSpread(runScenario({ ...noisy, noise: [] }))).toBeNull();
    const short = runScenario({ ...noisy, workload: { ...noisy.workload, iterations: 20 } });
    expect(slowdownSpread(short)).toBeNull();
    expect(headline(short).find((i) => i.key === 'slowdown')!.spread).toBeUndefined();
  });

  it('shows dashes before a run, and no costliest source for a noiseless one', () => {
    expect(headline(null).every((i) => i.value === '—')).toBe(true);
    const quiet = runScenario({ ...noisy, noise: [] });
    expect(costliest(quiet)).toBeNull();
    expect(headline(quiet).find((i) => i.key === 'costliest')!.value).toBe('—');
  });

  it('says a tree run charges no source, with its labels for collectives', () => {
    const tree = runScenario({
      ...noisy,
      workload: { kind: 'allreduce', granularityUs: 1000, iterations: 50, warmup: 5, hopUs: null },
    });
    const items = headline(tree);
    const of = (key: string) => items.find((i) => i.key === key)!;
    expect(of('latency').label).toBe('Collectives, mean');
    // no source charged: the run's time instead, the measured iterations summed
    expect(items.map((i) => i.key)).not.toContain('costliest');
    let total = 0;
    for (const d of tree.iterationsUs) total += d;
    expect(tree.summary.iterations).toBe(45); // 50 with 5 of warm-up
    expect(of('runtime').value).toBe(formatTimeUs(total));
    expect(of('runtime').title).toContain('45 iterations');
    expect(headlineSentence(tree)).toContain(`run time ${formatTimeUs(total)}`);
    // before the run, a dash
    expect(headline(null).find((i) => i.key === 'costliest')!.value).toBe('—');
  });

  it('calls a halo exchange’s time beyond the compute communication, not collectives', () => {
    const base = loadPreset('halo-jaguarcnl-xt3');
    const halo = runScenario({
      ...base,
      job: { ...base.job, nodes: 8 },
      workload: { ...base.workload, iterations: 30, warmup: 5 },
    } as typeof base);
    const items = headline(halo);
    const of = (key: string) => items.find((i) => i.key === key)!;
    expect(of('latency').label).toBe('Communication, mean');
    expect(of('p99').label).toBe('Communication, p99');
    expect(of('latency').title).toMatch(/communication time/);
  });
});

describe('pinnedItem', () => {
  const live = runScenario(noisy);
  const quiet = runScenario({ ...noisy, noise: [] });
  const pin = (result: typeof live) => ({ result, title: 'Pinned title', complete: true });

  it('says the time this run takes against the pinned run, in percent, a paper’s way', () => {
    const item = pinnedItem(quiet, true, pin(live))!;
    const change = Math.round(
      (quiet.summary.meanIterationUs / live.summary.meanIterationUs - 1) * 100,
    );
    expect(change).toBeLessThan(0); // else this tests nothing
    expect(item.key).toBe('pinned');
    expect(item.value).toBe(`−${-change}%`);
    expect(item.title).toMatch(
      /faster than the pinned run: \d+% less time\. Pinned: Pinned title\.$/,
    );
    expect(pinnedItem(live, true, pin(quiet))!.value).toMatch(/^\+\d+%$/);
    expect(pinnedItem(live, true, pin(live))!.value).toBe('±0%');
  });

  it('names a lesson step’s comparison run as such, not as a run the student pinned', () => {
    const item = pinnedItem(quiet, true, { ...pin(live), called: 'comparison' })!;
    expect(item.label).toBe('Time vs comparison');
    expect(item.title).toMatch(
      /faster than the comparison run: \d+% less time\. Comparison: Pinned title\.$/,
    );
    expect(item.title).not.toMatch(/pinned/);
  });

  it('is absent without a pinned run, and waits for a measured iteration', () => {
    expect(pinnedItem(live, true, null)).toBeNull();
    expect(pinnedItem(null, false, pin(live))!.value).toBe('—');
  });
});
