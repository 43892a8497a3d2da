// What the lesson's chart questions (SketchChart: a sketch; MarkerAxis: a marker) share: a D3
// scale for a question's axis, the keys of a slider (arrows by one step, Page Up/Down by several,
// Home/End to the ends), and a Svelte action that turns a pointer's drag on the chart (mouse,
// finger or pen, captured so that it may leave the chart) into points in the chart's viewBox.
import { scaleLinear, scaleLog } from 'd3-scale';
import type { Axis } from '../../lesson/types.ts';

/** A D3 scale for `axis` onto `range` (px of the viewBox): logarithmic when the axis is. */
export function scaleOf(axis: Axis, range: [number, number]) {
  return axis.log
    ? scaleLog().domain([axis.min, axis.max]).range(range)
    : scaleLinear().domain([axis.min, axis.max]).range(range);
}

/** What a key asks of a slider: move by some steps, or go to an end of its range. */
export type SliderMove = { by: number } | { to: 'min' | 'max' };

/**
 * The move `key` asks for: Up/Right one step up, Down/Left one down, Page Up/Down `page` steps,
 * Home/End to the bottom/top; null for any other key.
 */
export function sliderKey(key: string, page: number): SliderMove | null {
  const by: Record<string, number> = {
    ArrowUp: 1,
    ArrowRight: 1,
    ArrowDown: -1,
    ArrowLeft: -1,
    PageUp: page,
    PageDown: -page,
  };
  if (key in by) return { by: by[key] };
  if (key === 'Home') return { to: 'min' };
  if (key === 'End') return { to: 'max' };
  return null;
}

/**
 * A keydown handler for a slider: when the question is open (`locked()` false) and the key moves
 * the slider, stops the browser's own use of the key (scrolling) and calls `apply`.
 */
export function onSliderKey(
  locked: () => boolean,
  page: number,
  apply: (move: SliderMove) => void,
): (e: KeyboardEvent) => void {
  return (e) => {
    if (locked()) return;
    const move = sliderKey(e.key, page);
    if (move === null) return;
    e.preventDefault();
    apply(move);
  };
}

/** A point of the chart, in its viewBox's units. */
export interface ChartPoint {
  x: number;
  y: number;
}

export interface DragOptions {
  /** the viewBox's size: the pointer's position is scaled from the element's box to it */
  width: number;
  height: number;
  /** a locked question ignores the pointer */
  locked: boolean;
  /** the primary button (or a touch, a pen) went down on the chart */
  start: (p: ChartPoint) => void;
  /** the pointer moved while down */
  move: (p: ChartPoint) => void;
  /** the pointer went up or was cancelled */
  end?: () => void;
}

/**
 * Svelte action on an <svg>: a drag with the pointer calls `start`, `move` (while it lasts,
 * even outside the chart: the pointer is captured) and `end`, with the pointer's place in the
 * viewBox. `use:pointerDrag={{ width: W, height: H, locked, start, move, end }}`.
 */
export function pointerDrag(node: SVGSVGElement, options: DragOptions) {
  let o = options;
  let dragging = false;

  const at = (e: PointerEvent): ChartPoint => {
    const box = node.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * o.width,
      y: ((e.clientY - box.top) / box.height) * o.height,
    };
  };
  const down = (e: PointerEvent) => {
    if (o.locked || e.button !== 0) return;
    node.setPointerCapture(e.pointerId);
    dragging = true;
    o.start(at(e));
  };
  const move = (e: PointerEvent) => {
    if (dragging && node.hasPointerCapture(e.pointerId)) o.move(at(e));
  };
  const up = (e: PointerEvent) => {
    dragging = false;
    if (node.hasPointerCapture(e.pointerId)) node.releasePointerCapture(e.pointerId);
    o.end?.();
  };

  node.addEventListener('pointerdown', down);
  node.addEventListener('pointermove', move);
  node.addEventListener('pointerup', up);
  node.addEventListener('pointercancel', up);
  return {
    update(next: DragOptions) {
      o = next;
    },
    destroy() {
      node.removeEventListener('pointerdown', down);
      node.removeEventListener('pointermove', move);
      node.removeEventListener('pointerup', up);
      node.removeEventListener('pointercancel', up);
    },
  };
}
