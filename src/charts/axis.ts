// A Svelte action for every chart's axes: draws a d3-axis generator into its <g> and again
// whenever the generator (its scale, its ticks) changes. Usage: use:axis={axisBottom(x)}.
import type { Selection } from 'd3-selection';
import { select } from 'd3-selection';

type AxisGenerator = (g: Selection<SVGGElement, unknown, null, undefined>) => void;

export function axis(node: SVGGElement, generator: AxisGenerator) {
  const draw = (a: AxisGenerator) => void select(node).call(a);
  draw(generator);
  return { update: draw };
}
