// Which published numbers a chart draws for the scenario on show: those measured on the
// configuration the chart is drawing (machine, workload, nodes, ranks per node, granularity,
// offsets left out, cores kept), and no others.
import type { Scenario } from '../scenario/types.ts';
import { ASCI_Q_PUBLISHED } from './asci-q.ts';
import { JAGUAR_PUBLISHED } from './jaguar.ts';
import { publishedMachine } from './machine.ts';
import type { PublishedConfig, PublishedValue } from './types.ts';

/** Every published number a chart can draw. */
export const PUBLISHED: readonly PublishedValue[] = [...ASCI_Q_PUBLISHED, ...JAGUAR_PUBLISHED];

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** The configuration holds for `s` apart from nodes and ranks per node (the chart's own). */
function holds(c: PublishedConfig, s: Scenario): boolean {
  const machine = publishedMachine(s);
  if (!machine || !c.machines.includes(machine)) return false;
  const j = s.job;
  if (c.excludeOffsets && !sameSet(c.excludeOffsets, j.excludeOffsets)) return false;
  if (c.reservedCores && !sameSet(c.reservedCores, j.reservedCores)) return false;
  if (c.waitMode && c.waitMode !== j.waitMode) return false;
  if (c.granularityUs !== undefined) {
    const w = s.workload;
    const g = 'granularityUs' in w ? w.granularityUs : undefined;
    if (g !== c.granularityUs) return false;
  }
  return true;
}

/** The points a cycle-time sweep draws: its workload and its grid of nodes × ranks per node. */
export interface CycleGrid {
  kind: string;
  nodes: readonly number[];
  ppns: readonly number[];
}

/** The cycle-time view's marks: at a node count and ranks per node of its grid. */
export function cycleTimeMarks(s: Scenario, grid: CycleGrid): PublishedValue[] {
  return PUBLISHED.filter(
    (v) =>
      v.chart === 'cycle-time' &&
      v.config.workload === grid.kind &&
      grid.nodes.includes(v.config.nodes) &&
      v.config.ranksPerNode !== undefined &&
      grid.ppns.includes(v.config.ranksPerNode) &&
      holds(v.config, s),
  );
}

/** The job of the run on show is the published one. */
function runIs(v: PublishedValue, s: Scenario): boolean {
  const c = v.config;
  return (
    s.workload.kind === c.workload &&
    s.job.nodes === c.nodes &&
    (c.ranksPerNode === undefined || s.job.ranksPerNode === c.ranksPerNode) &&
    holds(c, s)
  );
}

/** The loss-by-duration view's marks (shares of the lost time), for the run of `s`. */
export function lossShareMarks(s: Scenario): PublishedValue[] {
  return PUBLISHED.filter((v) => v.chart === 'loss-by-duration' && runIs(v, s));
}

/**
 * The resonance view's published shares (000 Fig 18, Finding #4): those of the scenario's
 * configuration at any granularity in `granularitiesUs`, the ones its sweep runs.
 */
export function resonanceShareMarks(
  s: Scenario,
  granularitiesUs: readonly number[],
): PublishedValue[] {
  return PUBLISHED.filter((v) => {
    const g = v.config.granularityUs;
    if (v.chart !== 'loss-by-duration' || g === undefined || !granularitiesUs.includes(g)) {
      return false;
    }
    // The sweep runs the scenario's job at every granularity: the run is the published one at g.
    const w = s.workload.kind === 'barrier' ? { ...s.workload, granularityUs: g } : s.workload;
    return runIs(v, { ...s, workload: w });
  });
}

/** The iteration-times view's marks (shortest and longest iteration), for the run of `s`. */
export function iterationMarks(s: Scenario): PublishedValue[] {
  return PUBLISHED.filter((v) => v.chart === 'iteration-times' && runIs(v, s));
}
