// What reserving cores for the OS leaves on the ranks' cores. The barrier waits for the longest
// event that stops some rank (model.md §4), so what a reservation changes is which long events
// can still reach a rank: on Jaguar XT5's RN kernel the services sit on core 0 and the rank cores
// keep their 3 µs ticks; on the stock kernel every core has its own work queue of about 4.5 ms
// events, and reserving core 0 takes away one core's share of them only (003 sec 3).
import { meanDurationUs, rankCores } from '../../scenario/index.ts';
import type { Scenario } from '../../scenario/types.ts';

export interface LeftOnRanks {
  /** the source pinned to a rank core with the longest mean event (its label) */
  label: string;
  /** µs: its mean event */
  meanUs: number;
}

/**
 * The enabled source pinned to one of the ranks' cores whose events are longest on average (the
 * first in scenario order on ties); null when no source is pinned to a rank core. Sources on any
 * core are left out: with a core reserved they go to it first (model.md §3).
 */
export function longestOnRankCores(s: Scenario): LeftOnRanks | null {
  const cores = new Set(rankCores(s));
  let best: LeftOnRanks | null = null;
  for (const source of s.noise) {
    if (!source.enabled || source.cpu === 'any' || !cores.has(source.cpu)) continue;
    const meanUs = meanDurationUs(source.duration);
    if (best === null || meanUs > best.meanUs) best = { label: source.label, meanUs };
  }
  return best;
}
