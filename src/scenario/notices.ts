// What a valid scenario may not mean: notices, not refusals. A source whose events last, on
// average, as long as the time between them keeps a core's FIFO queue from ever draining
// (model.md §3 queues them one after another): valid, and sometimes meant (a saturated core),
// but more often a period or a duration typed in the wrong unit (200 ms every 125 ms where
// 200 µs was meant). The words are src/state/notices.ts's; the scenario runs as written.
import { meanDurationUs } from './cost.ts';
import type { NoiseSource } from './types.ts';

/** Source `src`'s mean event length and mean time between events (µs), when the first is at
 * least the second; else null. A thinned source (eventProbability q) has an event every T/q. */
export function selfOverlap(src: NoiseSource): { meanUs: number; gapUs: number } | null {
  const meanUs = meanDurationUs(src.duration);
  const gapUs = src.periodUs / (src.eventProbability ?? 1);
  return meanUs >= gapUs ? { meanUs, gapUs } : null;
}
