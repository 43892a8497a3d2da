// The notices of a valid scenario in words (src/scenario/notices.ts says which): the page's
// panel shows a source's beside it, `noiselab validate` and `run` print them after their output.
import { selfOverlap } from '../scenario/notices.ts';
import type { NoiseSource, Scenario } from '../scenario/types.ts';
import { formatTimeUs } from '../format/numbers.ts';

/** The notice for source `src`, in words, or null. */
export function selfOverlapText(src: NoiseSource): string | null {
  const o = selfOverlap(src);
  if (o === null) return null;
  const what =
    src.cpu === 'any'
      ? 'at least one runs at any moment on average, spread over the node’s cores'
      : `they queue one after another on core ${src.cpu}, which never rests`;
  return (
    `its events last ${formatTimeUs(o.meanUs)} on average and come every ` +
    `${formatTimeUs(o.gapUs)}: ${what}. If that is not meant, check the units (times are in µs)`
  );
}

/** Every notice of scenario `s`, one line each: `noise[k] (id): …`. */
export function scenarioNotices(s: Scenario): string[] {
  const lines: string[] = [];
  s.noise.forEach((src, k) => {
    const text = selfOverlapText(src);
    if (text !== null) lines.push(`noise[${k}] (${src.id}): ${text}`);
  });
  return lines;
}
