// The data of the per-node noise map (Figures 11 and 12), from small runs.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import {
  cellIndex,
  clustersPerRowFor,
  levelDelayUs,
  levelPaths,
  MAP_LEVELS,
  MAX_CELLS,
  nodeMap,
  nodeMapCsv,
  nodeMapSummary,
  offsetLabels,
  rowStarts,
  slowCells,
  worstOffsets,
} from '../../src/charts/node-map.ts';
import { slowNodeIds } from '../../src/engine/slow-nodes.ts';
import type { AttributionSnapshot } from '../../src/engine/attribution.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

// 64 nodes in clusters of 8, the job on the last 48 of them (offsets 0 of every cluster
// excluded), a small noise everywhere and a big one on node 13 only (cluster 1, offset 5).
const s = scenario({
  nodes: 64,
  clusterSize: 8,
  jobNodes: 48,
  excludeOffsets: [0],
  iterations: 200,
  noise: [
    source({ id: 'everywhere', periodUs: 3_000, duration: { dist: 'fixed', valueUs: 15 } }),
    eventAt('hot', 50_000, 5_000, 0, { placement: { kind: 'nodes', ids: [13] } }),
  ],
});
const a = runScenario(s).attribution!;

describe('nodeMap', () => {
  const m = nodeMap(a, 8);

  it('has one cell per job node, at its cluster row and offset column', () => {
    expect(m.cells).toHaveLength(48);
    expect(new Set(m.cells.map((c) => c.nodeId)).size).toBe(48);
    expect(m.columns).toBe(8);
    for (const c of m.cells) {
      expect(c.col).toBe(c.nodeId % 8);
      expect(c.offset).toBe(c.nodeId % 8);
      expect(c.offset).not.toBe(0);
    }
    expect(m.rows).toBe(new Set(m.cells.map((c) => c.cluster)).size);
    expect(rowStarts(m).map((c) => c.row)).toEqual([...Array(m.rows).keys()]);
  });

  it('puts whole clusters side by side when asked, the same delays and offsets', () => {
    const two = nodeMap(a, 8, 2);
    expect(two.columns).toBe(16);
    expect(two.clustersPerRow).toBe(2);
    expect(m.clustersPerRow).toBe(1);
    expect(two.clusters).toBe(m.clusters);
    expect(m.clusters).toBe(m.rows); // one a row
    for (const c of two.cells) {
      expect(c.col).toBe(c.nodeId % 16);
      expect(c.row).toBe(Math.floor(c.nodeId / 16) - Math.floor(two.cells[0].nodeId / 16));
      expect(c.offset).toBe(c.nodeId % 8);
    }
    expect(two.rows).toBe(new Set(two.cells.map((c) => Math.floor(c.nodeId / 16))).size);
    expect(two.rows).toBeLessThan(m.rows);
    expect(two.byOffsetUs).toEqual(m.byOffsetUs);
    expect(two.hottest).toEqual({ ...m.hottest!, row: 0, col: 13 });
  });

  it('folds clusters two or four a row only when the cells come out clearly larger', () => {
    // 32 clusters of 32 nodes: rows 32, 16, 8 for k = 1, 2, 4
    const rowsOf = (k: number) => 32 / k;
    // a wide, short plot (the stage at 1366 × 768): 2 a row gives cells 13.4 against 9.4
    expect(clustersPerRowFor(32, rowsOf, 858, 300)).toBe(2);
    // wider still: 4 a row
    expect(clustersPerRowFor(32, rowsOf, 2000, 150)).toBe(4);
    // a square plot: one a row
    expect(clustersPerRowFor(32, rowsOf, 400, 400)).toBe(1);
    // too few rows to fold
    expect(clustersPerRowFor(32, () => 1, 858, 300)).toBe(1);
    // a cluster of 128 nodes: 256 columns would be too many
    expect(clustersPerRowFor(128, rowsOf, 5000, 100)).toBe(1);
  });

  it('finds the node with the injected event the hottest', () => {
    expect(m.hottest?.nodeId).toBe(13);
    expect(m.hottest?.cluster).toBe(1);
    expect(m.hottest?.offset).toBe(5);
    expect(worstOffsets(m)[0]).toBe(5);
    expect(nodeMapSummary(m, formatTimeUs)).toMatch(/most delayed is node 13 \(offset 5\)/);
  });

  it("says a node's offset only where clusters mean something: not on a machine of one cluster", () => {
    expect(m.clustered).toBe(true);
    // the same nodes on a machine whose one cluster is wider than a row (Jaguar XT5's 18,688)
    const flat = nodeMap(a, 18_688);
    expect(flat.byOffsetUs).toEqual([]);
    expect(flat.clustered).toBe(false);
    const text = nodeMapSummary(flat, formatTimeUs);
    expect(text).toMatch(/most delayed is node 13 with /);
    expect(text).not.toMatch(/offset/i);
    // clusters of 16: the rows are clusters still, and the offsets stay
    expect(nodeMap(a, 16).clustered).toBe(true);
  });

  it('names neighbouring worst offsets by one label when theirs would overprint', () => {
    const fake = { ...m, byOffsetUs: [90, 80, 1, 1, 1, 1, 1, 70] };
    const at = (o: number) => 10 + o * 7; // 7 units a column
    // small type: a label every 7 units is enough
    expect(offsetLabels(fake, [0, 7, 1], at, () => 7).map((l) => l.text)).toEqual(['0', '1', '7']);
    // large type (labels 30 units apart at least): 0 and 1 share one, centred between them
    const big = offsetLabels(fake, [0, 7, 1], at, () => 30);
    expect(big.map((l) => l.text)).toEqual(['0, 1', '7']);
    expect(big[0].x).toBe(13.5);
    expect(big[0].topUs).toBe(90);
    expect(big[1]).toEqual({ offsets: [7], text: '7', x: 59, topUs: 70 });
    expect(offsetLabels(fake, [], at, () => 30)).toEqual([]);
    // the gap asked for is the pair's: wide enough for 0 and 1, too narrow for 1 and 10
    const wide = { ...fake, byOffsetUs: [...fake.byOffsetUs, 1, 1, 60] };
    const gap = (a: number, b: number) => 3 * (String(a).length + String(b).length);
    expect(offsetLabels(wide, [0, 1], at, gap).map((l) => l.text)).toEqual(['0', '1']);
    expect(
      offsetLabels(wide, [1, 10, 0], (o) => (o === 10 ? 15 : at(o)), gap).map((l) => l.text),
    ).toEqual(['0', '1, 10']);
  });

  it("takes each cell's delay from the attribution", () => {
    for (const c of m.cells) {
      const j = a.nodeIds.indexOf(c.nodeId);
      expect(c.delayUs).toBe(a.nodeDelayUs[j]);
    }
    const rows = nodeMapCsv(m).trim().split('\n');
    expect(rows[0]).toBe('node_id,last_node_id,cluster,offset,delay_us');
    expect(rows).toHaveLength(49);
  });

  it('draws a very large job in blocks of nodes, keeping the mean delay', () => {
    const n = MAX_CELLS * 2 + 3;
    const big: AttributionSnapshot = {
      ...a,
      nodeIds: Array.from({ length: n }, (_, k) => k),
      nodeDelayUs: Array.from({ length: n }, (_, k) => (k === 77 ? 1000 : 1)),
    };
    const bm = nodeMap(big, n);
    expect(bm.perCell).toBe(3);
    expect(bm.cells.length).toBeLessThanOrEqual(MAX_CELLS);
    expect(bm.hottest?.nodeId).toBe(75);
    expect(bm.hottest?.delayUs).toBeCloseTo((1000 + 2) / 3, 9);
    const mean = bm.cells.reduce((acc, c) => acc + c.delayUs, 0) / bm.cells.length;
    expect(mean).toBeGreaterThan(1);
    // the summary names the block, not its first node, and says its value is a node's mean
    expect(nodeMapSummary(bm, formatTimeUs)).toMatch(
      /^\d[\d,]* blocks of 3 nodes: the most delayed is the block of nodes 75–77 with 334 µs a node /,
    );
  });
});

describe('levelPaths and cellIndex', () => {
  const m = nodeMap(a, 8);

  it('draws every cell once, in the level of its delay', () => {
    const paths = levelPaths(m, 10, 20, 12, 11);
    expect(paths.reduce((n, p) => n + p.cells, 0)).toBe(48);
    expect(paths.reduce((n, p) => n + (p.d.match(/M/g) ?? []).length, 0)).toBe(48);
    // The hottest cell is alone at the top level, drawn where its column and row say.
    const top = paths.at(-1)!;
    expect(top.level).toBe(MAP_LEVELS - 1);
    const h = m.hottest!;
    expect(top.d).toContain(`M${10 + h.col * 12} ${20 + h.row * 12}h11v11h-11z`);
    expect(levelDelayUs(m, MAP_LEVELS - 1)).toBeCloseTo(m.maxDelayUs, 9);
    expect(levelDelayUs(m, 0)).toBe(0);
    for (const p of paths) expect(p.level).toBeLessThan(MAP_LEVELS);
  });

  it('puts a quiet machine in level 0', () => {
    const quiet = { ...m, maxDelayUs: 0, cells: m.cells.map((c) => ({ ...c, delayUs: 0 })) };
    const paths = levelPaths(quiet, 0, 0, 10, 9);
    expect(paths.map((p) => [p.level, p.cells])).toEqual([[0, 48]]);
  });

  it('finds the cell under a grid position, and nothing off the grid', () => {
    const at = cellIndex(m);
    for (const c of m.cells) expect(at(c.col, c.row)).toBe(c);
    expect(at(-1, 0)).toBeNull();
    expect(at(m.columns, 0)).toBeNull();
    expect(at(0, m.rows + 3)).toBeNull();
  });
});

describe('slow nodes on the map', () => {
  // the job of the map above (offsets 0 excluded): job node x is machine node 1 + x + ⌊x / 7⌋
  it('names the machine ids of the job’s slow nodes, none without slow nodes', () => {
    expect(slowNodeIds(s)).toEqual([]);
    const slow = (placement: Scenario['noise'][number]['placement'], f = 2): Scenario => ({
      ...s,
      machine: { ...s.machine, slowNodes: { placement, computeFactor: f } },
    });
    expect(slowNodeIds(slow({ kind: 'nodes', ids: [13, 9, 8] }))).toEqual([9, 13]); // 8: offset 0
    expect(slowNodeIds(slow({ kind: 'nodes', ids: [13] }, 1))).toEqual([]); // f = 1: not slow
    expect(slowNodeIds(slow({ kind: 'clusterOffsets', offsets: [5] }))).toEqual([
      5, 13, 21, 29, 37, 45, 53,
    ]);
    // a fraction: the run's own draw, the same for the same seed
    const drawn = slowNodeIds(slow({ kind: 'fraction', p: 0.25 }));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((id) => id % 8 !== 0)).toBe(true);
    expect(slowNodeIds(slow({ kind: 'fraction', p: 0.25 }))).toEqual(drawn);
  });

  it('outlines the cell of each slow node, or the block that holds it', () => {
    const m = nodeMap(a, 8);
    expect(slowCells(m, [13, 45]).map((c) => c.nodeId)).toEqual([13, 45]);
    expect(slowCells(m, [])).toEqual([]);
    expect(slowCells(m, [8])).toEqual([]); // not a job node: no cell
    // blocks: 10,000 job nodes in blocks of 3 (ids 0..9999, the block of 5 is 3–5)
    const big: AttributionSnapshot = {
      ...a,
      nodeIds: Array.from({ length: 10_000 }, (_, i) => i),
      nodeDelayUs: new Array(10_000).fill(0),
    };
    const blocks = nodeMap(big, 8);
    expect(blocks.perCell).toBe(3);
    const cells = slowCells(blocks, [5, 9999]);
    expect(cells.map((c) => [c.nodeId, c.lastNodeId])).toEqual([
      [3, 5],
      [9999, 9999],
    ]);
  });
});

describe('worstOffsets', () => {
  const withOffsets = (byOffsetUs: number[]) => ({ ...nodeMap(a, 8), byOffsetUs });

  it('names the offsets that stand out, worst first, and not one barely above the rest', () => {
    // offsets 0 and 5 stand out; 3 is 10% above the others, which a teacher would not call special
    const m = withOffsets([300, 100, 100, 110, 100, 500, 100, 100]);
    expect(worstOffsets(m)).toEqual([5, 0]);
    expect(worstOffsets(withOffsets([100, 100, 100, 100]))).toEqual([]);
  });
});
