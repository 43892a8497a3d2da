// Chart margins that make room for the axes' text (projector mode draws tick labels and axis
// titles at 18 screen px, up to twice their size on a laptop, so fixed margins let the tick
// labels run into the rotated y title). A chart measures its axes with `measure` (marks/Axes.svelte
// does so for a chart's two axes and their titles) and derives its margins with `fitMargin`:
// never less than its own, more when the text needs it.

/** A measured box in the chart's viewBox units. */
export interface Size {
  width: number;
  height: number;
}

export const NO_SIZE: Size = { width: 0, height: 0 };

/** Units between the rotated y title and the tick labels, and between the chart's edge and the
 * title: room enough that the two never touch. */
export const TITLE_GAP = 6;
export const EDGE_GAP = 2;

/** What a chart measured of its axes (missing: not measured yet). */
export type AxisSizes = Partial<Record<'yAxis' | 'yTitle' | 'xAxis' | 'xTitle', Size>>;

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The margins for axes of these sizes: `yAxis` (the left axis group: tick labels, ticks and
 * domain), `yTitle` (the rotated title, unrotated box: its height is its thickness across the
 * axis), `xAxis` and `xTitle` likewise at the bottom. Each side is the larger of `base` and what
 * its text needs.
 */
export function fitMargin(
  base: Margin,
  { yAxis = NO_SIZE, yTitle = NO_SIZE, xAxis = NO_SIZE, xTitle = NO_SIZE }: AxisSizes,
): Margin {
  return {
    ...base,
    left: Math.max(base.left, Math.ceil(EDGE_GAP + yTitle.height + TITLE_GAP + yAxis.width)),
    bottom: Math.max(base.bottom, Math.ceil(xAxis.height + TITLE_GAP + xTitle.height + EDGE_GAP)),
  };
}

/**
 * A Svelte action: reports the element's bounding box (in its own user units) once laid out and
 * whenever it changes size (its text redrawn, a font size changed by projector mode).
 * Usage: use:measure={(size) => (yAxis = size)}.
 */
export function measure(node: SVGGraphicsElement, report: (size: Size) => void) {
  let last = NO_SIZE;
  let onsize = report;
  // An SVG element's observed box is its bounding box, in its own user units (getBBox's).
  const check = (entries: ResizeObserverEntry[]) => {
    const box = entries[entries.length - 1].contentRect;
    // Half a unit of jitter is no change: a redraw must not feed back on itself.
    if (Math.abs(box.width - last.width) < 0.5 && Math.abs(box.height - last.height) < 0.5) return;
    last = { width: box.width, height: box.height };
    onsize(last);
  };
  const observer = new ResizeObserver(check);
  observer.observe(node);
  return {
    update(next: (size: Size) => void) {
      onsize = next;
    },
    destroy: () => observer.disconnect(),
  };
}

/** Where the rotated y title's baseline goes: its ascent (about 0.8 of its box) from the edge. */
/**
 * Where the rotated y title goes along the axis of a chart box of `height` (viewBox units) whose
 * plot is inset by `margin`: centred on the plot, moved in so that it stays inside the box, and
 * shrunk (`scale` < 1) when it is longer than the box is high. Projector mode's large type makes
 * "mean latency (log scale)" longer than a short plot: centred, it ran up over the progress bar
 * above the chart. `y` is the title's centre from the box's top.
 */
export function yTitlePlace(
  yTitle: Size,
  height: number,
  margin: Pick<Margin, 'top' | 'bottom'>,
): { y: number; scale: number } {
  const centre = (margin.top + height - margin.bottom) / 2;
  const room = Math.max(0, height - 2 * EDGE_GAP);
  const scale = yTitle.width > room ? room / yTitle.width : 1;
  const half = (yTitle.width * scale) / 2;
  const y = Math.min(Math.max(centre, EDGE_GAP + half), height - EDGE_GAP - half);
  return { y, scale };
}

export function yTitleX(yTitle: Size): number {
  return yTitle.height > 0 ? EDGE_GAP + 0.8 * yTitle.height : 14;
}
