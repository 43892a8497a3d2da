// One-line descriptions of a noise source's timing, duration and placement,
// for the scenario card.
import type { Duration, NoiseSource, Placement } from '../scenario/types.ts';
import { formatCount, formatQuantity, formatPercent, formatTimeUs } from '../format/numbers.ts';

export function describeDuration(d: Duration): string {
  switch (d.dist) {
    case 'fixed':
      return formatTimeUs(d.valueUs);
    case 'uniform':
      return `${formatTimeUs(d.minUs)} to ${formatTimeUs(d.maxUs)}, uniform`;
    case 'exponential':
      return `mean ${formatTimeUs(d.meanUs)}, exponential`;
    case 'normal':
      return `mean ${formatTimeUs(d.meanUs)} ± ${formatTimeUs(d.sdUs)}, normal`;
    case 'lognormal':
      return `median ${formatTimeUs(d.medianUs)}, lognormal σ ${formatQuantity(d.sigma)}`;
    case 'pareto':
      return `from ${formatTimeUs(d.scaleUs)}, Pareto shape ${formatQuantity(d.shape)}`;
  }
}

export function describePlacement(p: Placement): string {
  switch (p.kind) {
    case 'all':
      return 'every node';
    case 'clusterOffsets':
      return `cluster offset${p.offsets.length === 1 ? '' : 's'} ${p.offsets.join(', ')}`;
    case 'nodes':
      return `${formatCount(p.ids.length)} listed node${p.ids.length === 1 ? '' : 's'}`;
    case 'fraction':
      return `${formatQuantity(p.p * 100)} % of nodes`;
  }
}

/** ", aligned across nodes (offset 10 ms)" for a co-scheduled source; "" for a random phase. */
function describePhase(s: NoiseSource): string {
  if (s.phase !== 'aligned') {
    // docs/noise-timing.md
    const window =
      s.phaseWindowUs === undefined
        ? ''
        : `, within ${formatTimeUs(s.phaseWindowUs)} of a common instant`;
    const group =
      s.group === undefined
        ? ''
        : s.phaseOffsetUs > 0
          ? `, ${formatTimeUs(s.phaseOffsetUs)} after the start of its group "${s.group}"`
          : `, together with its group "${s.group}"`;
    return window + group;
  }
  const offset = s.phaseOffsetUs > 0 ? ` (offset ${formatTimeUs(s.phaseOffsetUs)})` : '';
  return `, aligned across nodes${offset}`;
}

/** "every 125 ms, 640 µs, on every node, any core" (", aligned across nodes" when co-scheduled) */
export function describeSource(s: NoiseSource): string {
  const when =
    s.arrival === 'periodic'
      ? `every ${formatTimeUs(s.periodUs)}`
      : `about every ${formatTimeUs(s.periodUs)} (Poisson)`;
  // docs/noise-timing.md: the same periods on every node
  const periods =
    s.eventProbability === undefined
      ? ''
      : ` (an event in ${formatPercent(s.eventProbability)}% of periods, the same on every node)`;
  const core = s.cpu === 'any' ? 'any core' : `core ${s.cpu}`;
  const where = `on ${describePlacement(s.placement)}, ${core}`;
  const runs =
    s.runProbability === undefined ? '' : `; in ${formatPercent(s.runProbability)}% of runs`;
  return `${when}${periods}, ${describeDuration(s.duration)}, ${where}${describePhase(s)}${runs}`;
}
