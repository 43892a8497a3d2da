// A number a paper published, in the shape the charts draw it: the value, its unit, whether the
// paper gives it exactly or only as a bound, the configuration it was measured on and where in
// the paper it is (seeds.ts). Copied from ../shared/reference/published.json.

/** The machines of the papers, as a scenario can be recognised to be one (machine.ts). */
export type PublishedMachine = 'asci-q-2002' | 'asci-q-2003' | 'jaguar-xt5-stock' | 'jaguar-xt5-rn';

/** The chart a number belongs on (src/charts/). */
export type PublishedChart = 'cycle-time' | 'loss-by-duration' | 'iteration-times';

/** What the number is, against the chart's axes. */
export type PublishedKind =
  /** a mean cycle, step or iteration, µs: the cycle-time view's y at nodes × ranks per node */
  | 'mean-iteration'
  /** a mean cycle as a multiple of the performance model's (the paper gives the ratio, not the
   * time): the cycle-time view draws it at that multiple of its model line */
  | 'model-ratio'
  /** a category's share of the lost time (0–1): the loss-by-duration view's stack */
  | 'loss-share'
  /** the shortest or the longest iteration of a run, µs: the iteration-times view */
  | 'shortest-iteration'
  | 'longest-iteration';

export interface PublishedConfig {
  /** every machine the number holds for (the model of SAGE: both ASCI Q years) */
  machines: readonly PublishedMachine[];
  /** the workload the chart must be drawing: its kind (barrier, sage, allreduce, pop) */
  workload: 'barrier' | 'sage' | 'allreduce' | 'pop';
  nodes: number;
  /** undefined: the paper does not say */
  ranksPerNode?: number;
  /** cluster offsets left out of the job ([] = none); undefined: the paper does not say */
  excludeOffsets?: readonly number[];
  /** cores kept from the application ([0, 1] for aprun -cc 2-7); undefined: any */
  reservedCores?: readonly number[];
  /** µs of compute between collectives; undefined: the workload's own */
  granularityUs?: number;
  /** how ranks wait; undefined: any */
  waitMode?: 'poll' | 'block';
  /** the source category a share is of (loss-share only) */
  category?: string;
}

export interface PublishedValue {
  /** stable id, e.g. 'table3-unoptimized' */
  id: string;
  chart: PublishedChart;
  kind: PublishedKind;
  /** in the unit below: µs for times, a fraction (0–1) for shares, a multiple for ratios */
  value: number;
  unit: 'µs' | 'share' | 'ratio';
  /** 'exact', or the paper gives only a bound: the measurement is under / over the value */
  bound: 'exact' | 'under' | 'over';
  /** the row, curve or claim in the paper's words, short: 'Unoptimized system' */
  label: string;
  /** the number as printed, with its unit: '1.60 s', '> 3 ms', '66%' */
  printed: string;
  config: PublishedConfig;
  /** seed number and figure or table: '000 Table 3', '003 Table 1' */
  cite: string;
  /** a caveat the paper gives, '' when none */
  note: string;
}
