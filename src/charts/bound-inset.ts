// Room for the arrows of published bounds (PublishedMark.svelte): an "under 300 µs" mark near
// the bottom of a linear axis from 0 would point its arrow through the x axis into its labels.
// The chart insets its y range by just enough that every arrow ends inside the plot, the way
// Observable Plot's `insetBottom` does: the axis line stays where it was, the data move up.

/** Units an arrow reaches beyond its mark's centre: the diamond (7), the arrow (14) and a gap
 * of 3 before the axis line (PublishedMark's size and ARROW). */
export const BOUND_REACH = 24;

/** A published mark as the inset sees it: `t`, its place on the y axis as a fraction of the
 * plot's height from the bottom (0 at the axis, 1 at the top), and its bound. */
export interface BoundAt {
  t: number;
  bound: 'exact' | 'under' | 'over';
}

/**
 * The insets (units) of a y range `plot` units tall that keep every bound's arrow inside it.
 * An inset `pad` moves a mark at t to pad + (plot − pad)·t from the bottom; that must be at least
 * `reach`, so pad ≥ (reach − plot·t) / (1 − t). Over-bounds likewise from the top.
 */
export function boundInsets(
  marks: readonly BoundAt[],
  plot: number,
  reach = BOUND_REACH,
): { bottom: number; top: number } {
  const need = (t: number) => {
    const s = Math.min(Math.max(t, 0), 1);
    return s >= 1 ? 0 : Math.max(0, (reach - plot * s) / (1 - s));
  };
  let bottom = 0;
  let top = 0;
  for (const m of marks) {
    if (m.bound === 'under') bottom = Math.max(bottom, need(m.t));
    if (m.bound === 'over') top = Math.max(top, need(1 - m.t));
  }
  // Never more than a third of the plot: a mark at the very edge still leaves the data room.
  return { bottom: Math.min(Math.ceil(bottom), plot / 3), top: Math.min(Math.ceil(top), plot / 3) };
}
