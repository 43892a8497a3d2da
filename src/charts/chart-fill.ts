// Whether the charts under a component fill the box they are given (the stage of the page: the
// plot takes the height left by the view's text) or keep an aspect ratio (a printed handout, an
// embed with the page scrolling). The stage provides it; PlotBox reads it.
import { getContext, setContext } from 'svelte';

const KEY = Symbol('chart-fill');

/** Call in the component whose charts fill their box (during its initialisation). */
export function provideChartFill(): void {
  setContext(KEY, true);
}

/** Whether the charts here fill their box; false when no component provided it. */
export function chartFills(): boolean {
  return getContext<boolean | undefined>(KEY) ?? false;
}
