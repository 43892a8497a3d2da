// Jaguar XT5's published numbers that a chart of the page draws (seed 003, Oral et al.), from
// ../shared/reference/published.json. Times in µs.
import type { PublishedMachine, PublishedValue } from './types.ts';

/** 003 Table 1: POP's wall time in seconds at steps 435, 870 and 1,000, aprun -N 6 -cc 2-7,
 * with the Reduced Noise kernel and the stock one. */
export const TABLE1 = [
  { procs: 384, rn: [289.68, 575.48, 660.03], stock: [291.0, 578.09, 663.13] },
  { procs: 1536, rn: [75.27, 149.16, 149.16], stock: [77.46, 151.94, 173.98] },
  { procs: 6144, rn: [35.33, 69.17, 79.13], stock: [39.17, 79.25, 90.89] },
  { procs: 24576, rn: [42.7, 81.78, 94.58], stock: [68.43, 122.79, 137.94] },
] as const;
export const TABLE1_STEPS = [435, 870, 1000] as const;

/** Which of TABLE1_STEPS a row's times are read at: step 1,000, or 870 where the time printed
 * at step 1,000 repeats step 870's (RN, 1,536 processes: a misprint, published.json notes it). */
export function table1Reading(times: readonly number[]): 1 | 2 {
  return times[2] === times[1] ? 1 : 2;
}

/**
 * The cycle-time view draws POP's mean step: the time at step 1,000 over 1,000 steps (as
 * src/validation/workloads.ts reads it). Where the paper's step-1,000 value repeats step 870's
 * (RN, 1,536 processes: a misprint, published.json notes it) the mean over 870 steps instead.
 */
function meanStep(kernel: 'rn' | 'stock', procs: number, times: readonly number[]): PublishedValue {
  const k = table1Reading(times);
  const misprint = k === 1;
  const machine: PublishedMachine = kernel === 'rn' ? 'jaguar-xt5-rn' : 'jaguar-xt5-stock';
  const steps = TABLE1_STEPS[k];
  return {
    id: `table1-${kernel}-${procs}`,
    chart: 'cycle-time',
    kind: 'mean-iteration',
    unit: 'µs',
    value: (times[k] / steps) * 1e6,
    bound: 'exact',
    printed: `${times[k]} s at step ${steps.toLocaleString('en-US')}`,
    label: `POP, ${kernel === 'rn' ? 'Reduced Noise' : 'stock'} kernel, ${procs.toLocaleString('en-US')} processes`,
    config: {
      machines: [machine],
      workload: 'pop',
      nodes: procs / 6,
      ranksPerNode: 6,
      reservedCores: [0, 1],
    },
    cite: '003 Table 1',
    note: misprint
      ? 'mean over 870 steps: the paper’s step-1,000 time repeats step 870’s'
      : 'mean over 1,000 steps',
  };
}

export const JAGUAR_PUBLISHED: readonly PublishedValue[] = TABLE1.flatMap((row) => [
  meanStep('stock', row.procs, row.stock),
  meanStep('rn', row.procs, row.rn),
]);
