// Machine and job layout (model.md §1): which node ids run the job, and which
// core of a node each rank is bound to. Built once per run, O(machine nodes).
import type { Scenario } from '../scenario/types.ts';

export interface Layout {
  /** n: job nodes */
  nodes: number;
  /** K: nodes per cluster (offset = node id mod K) */
  clusterSize: number;
  /** C: cores per node */
  cores: number;
  /** P: ranks per node */
  ranksPerNode: number;
  /** n·P */
  ranks: number;
  /** job node index → machine node id (the first n ids not excluded) */
  nodeIds: Int32Array;
  /** core index → rank slot on its node (0..P-1), or -1 for an idle core */
  coreSlot: Int32Array;
  /** rank slot → core index: ranks take the lowest non-reserved cores */
  slotCore: Int32Array;
}

export function buildLayout(s: Scenario): Layout {
  const { machine, job } = s;
  const K = machine.clusterSize;
  const excluded = new Set(job.excludeOffsets);
  const nodeIds = new Int32Array(job.nodes);
  let n = 0;
  for (let id = 0; id < machine.nodes && n < job.nodes; id++) {
    if (!excluded.has(id % K)) nodeIds[n++] = id;
  }
  if (n < job.nodes) {
    // The validator refuses this; kept as a guard for callers that skip it.
    throw new Error(`job.nodes ${job.nodes} exceeds the ${n} nodes left after exclusion`);
  }
  const C = machine.coresPerNode;
  const P = job.ranksPerNode;
  const reserved = new Set(job.reservedCores);
  const coreSlot = new Int32Array(C).fill(-1);
  const slotCore = new Int32Array(P);
  let slot = 0;
  for (let c = 0; c < C && slot < P; c++) {
    if (reserved.has(c)) continue;
    coreSlot[c] = slot;
    slotCore[slot++] = c;
  }
  if (slot < P) throw new Error(`ranksPerNode ${P} exceeds the ${slot} non-reserved cores`);
  return {
    nodes: n,
    clusterSize: K,
    cores: C,
    ranksPerNode: P,
    ranks: n * P,
    nodeIds,
    coreSlot,
    slotCore,
  };
}
