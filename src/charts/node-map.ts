// The data of the per-node noise map (ASCI Q paper, Figures 11 and 12): the delay each job node
// caused (attribution.nodeDelayUs), laid out by machine node id and folded by cluster, so that
// the special nodes of every cluster (0, 1 and 31 on ASCI Q) line up in columns.
import { standingOut, type AttributionSnapshot } from '../engine/attribution.ts';
import { csvLines } from '../format/csv.ts';
import { roundUs } from '../format/round-us.ts';

/** Cells drawn at most: bigger jobs are drawn in blocks of consecutive job nodes. */
export const MAX_CELLS = 4096;
/** Widest row: a cluster wider than this (or a machine with no clusters) is folded at this. */
export const MAX_COLUMNS = 64;

export interface NodeCell {
  /** row and column in the grid */
  row: number;
  col: number;
  /** machine node id of the (first) node of the cell */
  nodeId: number;
  /** last machine node id of the cell (= nodeId unless cells are blocks) */
  lastNodeId: number;
  /** offset of nodeId within its cluster */
  offset: number;
  cluster: number;
  /** µs: the node's delay (a block's mean) */
  delayUs: number;
}

export interface NodeMap {
  cells: NodeCell[];
  rows: number;
  columns: number;
  /** job nodes per cell (1 unless the job is larger than MAX_CELLS) */
  perCell: number;
  clusterSize: number;
  /** whole clusters side by side in a row (1: a row per cluster); 0 when rows are not clusters */
  clustersPerRow: number;
  /** clusters that hold job nodes */
  clusters: number;
  /** whether a node's cluster and offset mean something to say: its rows are clusters (the
   * per-offset bars are drawn), or the job spans several clusters. Not so on a machine of one
   * cluster (Jaguar XT5: 18,688 nodes), where a node's offset is its id. */
  clustered: boolean;
  /** µs */
  maxDelayUs: number;
  meanDelayUs: number;
  /** the cell with the largest delay, null with no nodes */
  hottest: NodeCell | null;
  /** mean delay per cluster offset (index = offset), when rows are whole clusters; else [] */
  byOffsetUs: number[];
}

/**
 * The map of a run's node delays: a row per cluster, or `clustersPerRow` whole clusters side by
 * side in a row (a wide, short chart: the special offsets still line up, once per cluster in the
 * row), when the rows are clusters at all (a cluster of at most 2·MAX_COLUMNS nodes, one node a
 * cell).
 */
export function nodeMap(a: AttributionSnapshot, clusterSize: number, clustersPerRow = 1): NodeMap {
  const n = a.nodeIds.length;
  const byCluster = clusterSize <= MAX_COLUMNS * 2;
  const columns = byCluster ? clusterSize * Math.max(1, Math.floor(clustersPerRow)) : MAX_COLUMNS;
  const perCell = Math.max(1, Math.ceil(n / MAX_CELLS));
  // Rows: the folded rows that hold job nodes, in machine order, without gaps between them.
  const order = [...a.nodeIds.keys()].sort((x, y) => a.nodeIds[x] - a.nodeIds[y]);
  const cells: NodeCell[] = [];
  const rowOf = new Map<number, number>();
  if (perCell === 1) {
    for (const j of order) {
      const id = a.nodeIds[j];
      const band = Math.floor(id / columns);
      if (!rowOf.has(band)) rowOf.set(band, rowOf.size);
      cells.push({
        row: rowOf.get(band)!,
        col: id % columns,
        nodeId: id,
        lastNodeId: id,
        offset: id % clusterSize,
        cluster: Math.floor(id / clusterSize),
        delayUs: a.nodeDelayUs[j] ?? 0,
      });
    }
  } else {
    for (let b = 0; b * perCell < n; b++) {
      const members = order.slice(b * perCell, (b + 1) * perCell);
      const id = a.nodeIds[members[0]];
      const sum = members.reduce((s, j) => s + (a.nodeDelayUs[j] ?? 0), 0);
      cells.push({
        row: Math.floor(b / MAX_COLUMNS),
        col: b % MAX_COLUMNS,
        nodeId: id,
        lastNodeId: a.nodeIds[members[members.length - 1]],
        offset: id % clusterSize,
        cluster: Math.floor(id / clusterSize),
        delayUs: sum / members.length,
      });
    }
  }
  const cols = perCell === 1 ? columns : Math.min(MAX_COLUMNS, cells.length);
  let hottest: NodeCell | null = null;
  let sum = 0;
  for (const c of cells) {
    sum += c.delayUs;
    if (!hottest || c.delayUs > hottest.delayUs) hottest = c;
  }
  const byOffsetUs: number[] = [];
  const wholeClusters = perCell === 1 && byCluster;
  if (wholeClusters) {
    const count = new Array<number>(clusterSize).fill(0);
    const total = new Array<number>(clusterSize).fill(0);
    for (const c of cells) {
      count[c.offset]++;
      total[c.offset] += c.delayUs;
    }
    for (let o = 0; o < clusterSize; o++) byOffsetUs.push(count[o] ? total[o] / count[o] : 0);
  }
  const clusters = new Set(cells.map((c) => c.cluster)).size;
  return {
    cells,
    rows: cells.length ? Math.max(...cells.map((c) => c.row)) + 1 : 0,
    columns: Math.max(1, cols),
    perCell,
    clusterSize,
    clustersPerRow: wholeClusters ? columns / clusterSize : 0,
    clusters,
    clustered: wholeClusters || clusters > 1,
    maxDelayUs: hottest?.delayUs ?? 0,
    meanDelayUs: cells.length ? sum / cells.length : 0,
    hottest,
    byOffsetUs,
  };
}

/**
 * How many whole clusters to put side by side in a row so that the cells come out largest in a
 * plot of `width` × `height` (px, the grid's room): 1, 2 or 4, the fewest when a wider fold
 * gains less than 15 %. `rowsOf(k)`: the rows the map has with k a row.
 */
export function clustersPerRowFor(
  clusterSize: number,
  rowsOf: (k: number) => number,
  width: number,
  height: number,
): number {
  const cellOf = (k: number) =>
    Math.min(width / (clusterSize * k), height / Math.max(1, rowsOf(k)));
  let best = 1;
  for (const k of [2, 4]) {
    if (clusterSize * k > MAX_COLUMNS * 2 || rowsOf(k) < 2) break;
    if (cellOf(k) > 1.15 * cellOf(best)) best = k;
  }
  return best;
}

/** The first cell of every row, in row order: where the row labels go. */
export function rowStarts(m: NodeMap): NodeCell[] {
  const first: NodeCell[] = [];
  for (const c of m.cells) if (!first[c.row]) first[c.row] = c;
  return first.filter(Boolean);
}

/** One row per cell: node id(s), cluster, offset, delay. */
export function nodeMapCsv(m: NodeMap): string {
  return csvLines([
    ['node_id', 'last_node_id', 'cluster', 'offset', 'delay_us'],
    ...m.cells.map((c) => [c.nodeId, c.lastNodeId, c.cluster, c.offset, roundUs(c.delayUs)]),
  ]);
}

/** The cluster offsets with the largest mean delay that stand out from the rest, worst first
 * (attribution.ts standingOut: a third "worst" offset barely above the rest read as a special
 * node). */
export function worstOffsets(m: NodeMap, count = 3): number[] {
  return standingOut(m.byOffsetUs, count);
}

/** One label over the per-offset bars: the offsets it names, where it is centred (x, the
 * caller's units) and the tallest of their bars (the label sits above it). */
export interface OffsetLabel {
  offsets: number[];
  text: string;
  x: number;
  /** the largest mean delay among its offsets, µs */
  topUs: number;
}

/**
 * The labels of the worst offsets, with offsets whose labels would overprint one another (centres
 * closer than `minGap` of the two: neighbouring offsets in large type) named by one label,
 * "0, 1", centred over them. Offsets in order.
 */
export function offsetLabels(
  m: NodeMap,
  offsets: readonly number[],
  xOf: (offset: number) => number,
  minGap: (a: number, b: number) => number,
): OffsetLabel[] {
  const sorted = [...offsets].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const o of sorted) {
    const last = groups.at(-1);
    if (last && xOf(o) - xOf(last.at(-1)!) < minGap(last.at(-1)!, o)) last.push(o);
    else groups.push([o]);
  }
  return groups.map((g) => ({
    offsets: g,
    text: g.join(', '),
    x: (xOf(g[0]) + xOf(g.at(-1)!)) / 2,
    topUs: Math.max(...g.map((o) => m.byOffsetUs[o])),
  }));
}

export function nodeMapSummary(m: NodeMap, formatUs: (us: number) => string): string {
  if (m.cells.length === 0 || !m.hottest) return 'No nodes yet.';
  if (m.maxDelayUs <= 0) return `${m.cells.length.toLocaleString('en-US')} nodes, none delayed.`;
  const h = m.hottest;
  const cellText =
    m.perCell === 1
      ? `${m.cells.length.toLocaleString('en-US')} nodes`
      : `${m.cells.length.toLocaleString('en-US')} blocks of ${m.perCell} nodes`;
  const worst = worstOffsets(m);
  const offsets =
    worst.length > 0 ? ` Offsets in the cluster with the most delay: ${worst.join(', ')}.` : '';
  // A cell of several nodes is a block: named by its first and last node, its value their mean
  // (a block is not a node; "node 3470" among "blocks of 10 nodes" named one node of ten).
  const which =
    m.perCell === 1 || h.lastNodeId === h.nodeId
      ? `node ${h.nodeId}${m.clustered ? ` (offset ${h.offset})` : ''} with ${formatUs(h.delayUs)}`
      : `the block of nodes ${h.nodeId}–${h.lastNodeId} with ${formatUs(h.delayUs)} a node`;
  return (
    `${cellText}: the most delayed is ${which} over its ranks and the run's iterations, the mean ` +
    `${formatUs(m.meanDelayUs)}.${offsets}`
  );
}

/** Colour levels of the drawn map: the delay scale cut into this many steps (viridis is
 * smooth, so 64 steps look continuous). */
export const MAP_LEVELS = 64;

export interface LevelPath {
  /** 0 … MAP_LEVELS − 1: the cells' delay as a fraction of the largest, rounded */
  level: number;
  /** SVG path data: one square `M x y h s v s h -s z` per cell of this level */
  d: string;
  cells: number;
}

/**
 * The cells as one SVG path per colour level: a few dozen elements instead of one rect per
 * node (up to MAX_CELLS), which kept the main thread busy for a hundred ms and more. Cells are
 * squares of `sizePx` at (originX + col·pitchPx, originY + row·pitchPx).
 */
export function levelPaths(
  m: NodeMap,
  originX: number,
  originY: number,
  pitchPx: number,
  sizePx: number,
): LevelPath[] {
  const parts: string[][] = Array.from({ length: MAP_LEVELS }, () => []);
  const max = m.maxDelayUs;
  const s = +sizePx.toFixed(2);
  for (const c of m.cells) {
    const level = max > 0 ? Math.round((c.delayUs / max) * (MAP_LEVELS - 1)) : 0;
    const x = +(originX + c.col * pitchPx).toFixed(2);
    const y = +(originY + c.row * pitchPx).toFixed(2);
    parts[level].push(`M${x} ${y}h${s}v${s}h-${s}z`);
  }
  const out: LevelPath[] = [];
  parts.forEach((p, level) => {
    if (p.length > 0) out.push({ level, d: p.join(''), cells: p.length });
  });
  return out;
}

/** The delay, µs, a level is drawn with (its colour): the level's share of the largest. */
export function levelDelayUs(m: NodeMap, level: number): number {
  return (m.maxDelayUs * level) / (MAP_LEVELS - 1);
}

/** The cell at grid column `col`, row `row`; null where there is none. */
export function cellIndex(m: NodeMap): (col: number, row: number) => NodeCell | null {
  const at = new Map<number, NodeCell>();
  for (const c of m.cells) at.set(c.row * m.columns + c.col, c);
  return (col, row) =>
    col < 0 || row < 0 || col >= m.columns ? null : (at.get(row * m.columns + col) ?? null);
}

/**
 * The cells that hold a slow node (machine ids `slowIds`, job nodes; docs/slow-nodes.md): a
 * node's cell, or the block whose ids run over it. In map order.
 */
export function slowCells(map: NodeMap, slowIds: readonly number[]): NodeCell[] {
  if (slowIds.length === 0) return [];
  const sorted = [...slowIds].sort((a, b) => a - b);
  return map.cells.filter((c) => {
    // the first slow id at or after the cell's first node
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < c.nodeId) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo] <= c.lastNodeId;
  });
}
