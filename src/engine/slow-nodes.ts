// Which of the job's nodes compute slower in this run, and by how much (docs/slow-nodes.md):
// a placement over the machine's nodes, a `fraction` drawn once per run from the seed on a
// stream of its own, so that the noise's draws do not move.
import type { Scenario } from '../scenario/types.ts';
import { buildLayout, type Layout } from './layout.ts';
import { placementNodes } from './noise-table.ts';
import { deriveSeed, hashString } from './random.ts';

const SLOW_KEY = hashString('machine.slowNodes');

/**
 * Per job node, how many times longer its computes take (1 on a normal node); null when no
 * node of the job is slow in this run, so that every path can keep its one-g arithmetic.
 */
export function computeFactors(scenario: Scenario, layout: Layout): Float64Array | null {
  const slow = scenario.machine.slowNodes;
  if (slow === undefined || !(slow.computeFactor > 1)) return null;
  const nodes = placementNodes(slow.placement, layout, deriveSeed(scenario.seed, SLOW_KEY));
  if (nodes.length === 0) return null;
  const factors = new Float64Array(layout.nodes).fill(1);
  for (const x of nodes) factors[x] = slow.computeFactor;
  return factors;
}

/** Whether the scenario can have a slow node in a run (a run-independent question). */
export function mayHaveSlowNodes(scenario: Scenario): boolean {
  const slow = scenario.machine.slowNodes;
  return slow !== undefined && slow.computeFactor > 1;
}

/**
 * The machine node ids of the job's slow nodes in this run (the draws of computeFactors), in
 * increasing order; [] when none is slow. For views that mark them (the per-node map).
 */
export function slowNodeIds(scenario: Scenario): number[] {
  if (!mayHaveSlowNodes(scenario)) return [];
  const layout = buildLayout(scenario);
  const factors = computeFactors(scenario, layout);
  if (factors === null) return [];
  const ids: number[] = [];
  for (let x = 0; x < layout.nodes; x++) if (factors[x] > 1) ids.push(layout.nodeIds[x]);
  return ids.sort((a, b) => a - b);
}
