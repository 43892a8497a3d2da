// 001 Table 2 (Kramer & Ryan): the coefficient of variation of run times, in percent, of the
// NAS Parallel Benchmarks class C at 128 tasks, 10 to 30 (up to 424) runs each, on four machines.
// Copied from ../shared/reference/published.json ("variability"). The variability view draws a
// scenario's own CoV against these: the range a real machine spans.

export interface PublishedCov {
  machine: string;
  /** the NPB code: EP (no communication), LU (pipelines), FT (all-to-all) */
  code: 'EP' | 'LU' | 'FT';
  /** coefficient of variation of the run time, % */
  covPercent: number;
}

export const VARIABILITY_CITE = '001 Table 2';

const TABLE: Record<string, Record<PublishedCov['code'], number>> = {
  'Cray T3E': { EP: 6.11, LU: 15.58, FT: 11.33 },
  'IBM SP': { EP: 0.52, LU: 4.58, FT: 5.7 },
  'Compaq SC (ES45, Quadrics)': { EP: 6.91, LU: 4.53, FT: 3.18 },
  'Intel cluster': { EP: 0.17, LU: 2.62, FT: 1.07 },
};

export const PUBLISHED_COVS: readonly PublishedCov[] = Object.entries(TABLE).flatMap(
  ([machine, codes]) =>
    (Object.entries(codes) as [PublishedCov['code'], number][]).map(([code, covPercent]) => ({
      machine,
      code,
      covPercent,
    })),
);

/**
 * The row of Table 2 a scenario runs, if it is one: its machine by name (the 001 presets name
 * theirs: "Lemieux (Compaq SC)", "Cray T3E (mcurie, NERSC)", "Seaborg (IBM SP, NERSC)", "Alvarez
 * (Intel cluster, LBNL)") and its code by workload (EP: one compute and one allreduce; LU: a
 * wavefront; FT: all-to-all), on 128 tasks as the table's. Null for any other scenario, ASCI Q's
 * stand-ins included.
 */
export function tableRowOf(
  machineName: string,
  workload: string,
  tasks: number,
): PublishedCov | null {
  // Table 2's rows are of 128 tasks: one node's EP (sec 9) is another measurement
  if (tasks !== 128) return null;
  const machine = (
    [
      ['Compaq SC', 'Compaq SC (ES45, Quadrics)'],
      ['T3E', 'Cray T3E'],
      ['IBM SP', 'IBM SP'],
      ['Intel cluster', 'Intel cluster'],
    ] as const
  ).find(([word]) => machineName.includes(word))?.[1];
  const code = ({ allreduce: 'EP', wavefront: 'LU', alltoall: 'FT' } as const)[
    workload as 'allreduce' | 'wavefront' | 'alltoall'
  ];
  if (machine === undefined || code === undefined) return null;
  return PUBLISHED_COVS.find((p) => p.machine === machine && p.code === code) ?? null;
}
