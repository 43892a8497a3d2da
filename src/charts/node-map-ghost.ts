// The pinned run on the per-node noise map (Compare runs): its most delayed nodes,
// outlined where they sit on the live run's grid. A map has no curve to leave behind, but its
// hot spots do: after a change (nodes 0 and 31 excluded, a daemon moved to core 0) the outlines
// show where the delay used to be, and whether the bright cells moved or went.
import type { NodeCell, NodeMap } from './node-map.ts';

/** Outlines drawn at most: the pinned run's worst few, not a second map. */
export const GHOST_CELLS = 8;

/** A pinned cell placed on the live grid. */
export type GhostCell = Pick<NodeCell, 'row' | 'col' | 'nodeId' | 'lastNodeId' | 'delayUs'>;

/**
 * The pinned map's `count` most delayed cells (delay > 0), on the live map's grid: a node's
 * row is the live row of its band of `columns` node ids, so a node the live job left out still
 * has its place if its band is on show. Cells whose place is not on the live grid (another
 * folding, a band the live job does not reach) are left out.
 */
export function ghostCells(live: NodeMap, pinned: NodeMap, count = GHOST_CELLS): GhostCell[] {
  if (live.columns !== pinned.columns || live.perCell !== pinned.perCell) return [];
  const worst = pinned.cells
    .filter((c) => c.delayUs > 0)
    .sort((a, b) => b.delayUs - a.delayUs || a.nodeId - b.nodeId)
    .slice(0, count);
  const place = new Map<number, { row: number; col: number }>();
  if (live.perCell === 1) {
    for (const c of live.cells) place.set(Math.floor(c.nodeId / live.columns), c);
    return worst.flatMap((c) => {
      const band = place.get(Math.floor(c.nodeId / live.columns));
      return band ? [{ ...pick(c), row: band.row, col: c.nodeId % live.columns }] : [];
    });
  }
  // Blocks of nodes: only a block that starts at the same node id has the same place.
  for (const c of live.cells) place.set(c.nodeId, c);
  return worst.flatMap((c) => {
    const at = place.get(c.nodeId);
    return at ? [{ ...pick(c), row: at.row, col: at.col }] : [];
  });
}

const pick = (c: NodeCell): GhostCell => ({
  row: c.row,
  col: c.col,
  nodeId: c.nodeId,
  lastNodeId: c.lastNodeId,
  delayUs: c.delayUs,
});
