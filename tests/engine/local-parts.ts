// A partitioned run whose parts run in this thread (LocalPart), built as startPartitioned builds
// one: the first part is the whole run restricted (the engine worker's own), the others are
// built for their range only (as the part workers' are).
import { BarrierRun, type BarrierRunOptions } from '../../src/engine/barrier-run.ts';
import { LocalPart, PartitionedRun, type Part } from '../../src/engine/partitioned-run.ts';
import type { Scenario } from '../../src/scenario/types.ts';

export function partitioned(
  s: Scenario,
  ranges: [number, number][],
  options: BarrierRunOptions = {},
): PartitionedRun {
  const first = new BarrierRun(s, options);
  const parts: Part[] = ranges.map(
    ([lo, hi], p) =>
      new LocalPart(
        s,
        lo,
        hi,
        p === 0 ? first : new BarrierRun(s, { ...options, range: [lo, hi] }),
      ),
  );
  return new PartitionedRun(first, parts);
}

/** Step a partitioned run to its end, `batch` iterations a call. */
export async function runToEnd(run: PartitionedRun, batch: number): Promise<PartitionedRun> {
  while (!run.done) await run.step(batch);
  return run;
}
