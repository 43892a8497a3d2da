// The pinned run's hot spots on the live node map (Compare runs).
import { describe, expect, it } from 'vitest';
import { ghostCells } from '../../src/charts/node-map-ghost.ts';
import { nodeMap } from '../../src/charts/node-map.ts';
import type { AttributionSnapshot } from '../../src/engine/attribution.ts';

/** A snapshot holding only what the map reads: the job's machine node ids and their delays. */
const snapshot = (ids: number[], delay: (id: number) => number) =>
  ({ nodeIds: ids, nodeDelayUs: ids.map(delay) }) as unknown as AttributionSnapshot;

// 32 nodes in clusters of 8; the pinned run has hot nodes 0, 8 and 16 (offset 0 of clusters
// 0–2) and node 13 a little; the live job excludes offset 0, so those nodes are not in it.
const all = Array.from({ length: 32 }, (_, i) => i);
const pinned = nodeMap(
  snapshot(all, (id) => (id % 8 === 0 && id < 24 ? 900 - id : id === 13 ? 50 : 0)),
  8,
);
const live = nodeMap(
  snapshot(
    all.filter((id) => id % 8 !== 0),
    () => 1,
  ),
  8,
);

describe('ghostCells(live, pinned)', () => {
  it('outlines the pinned run’s most delayed nodes, worst first, at their place on the live grid', () => {
    expect(ghostCells(live, pinned)).toEqual([
      { row: 0, col: 0, nodeId: 0, lastNodeId: 0, delayUs: 900 },
      { row: 1, col: 0, nodeId: 8, lastNodeId: 8, delayUs: 892 },
      { row: 2, col: 0, nodeId: 16, lastNodeId: 16, delayUs: 884 },
      { row: 1, col: 5, nodeId: 13, lastNodeId: 13, delayUs: 50 },
    ]);
  });

  it('keeps at most `count` and never a node without delay', () => {
    expect(ghostCells(live, pinned, 2).map((c) => c.nodeId)).toEqual([0, 8]);
    expect(
      ghostCells(
        live,
        nodeMap(
          snapshot(all, () => 0),
          8,
        ),
      ),
    ).toEqual([]);
  });

  it('leaves out a node whose band the live job does not reach, and another folding', () => {
    const small = nodeMap(
      snapshot([1, 2, 3], () => 1),
      8,
    );
    expect(ghostCells(small, pinned).map((c) => c.nodeId)).toEqual([0]);
    expect(
      ghostCells(
        nodeMap(
          snapshot(all, () => 1),
          16,
        ),
        pinned,
      ),
    ).toEqual([]);
  });
});
