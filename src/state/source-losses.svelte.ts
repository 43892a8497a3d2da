// What the daemons' rows show of each source's part in the lost time: its share in the run on
// show, and its share at every granularity of the resonance sweep (the row's sparkline). The
// views fill it; the controls read it. Shared through a Svelte context, so the data does not
// travel through every component between the page and a row.
import { getContext, setContext } from 'svelte';
import type { RunResult } from '../engine/result.ts';

export class SourceLosses {
  /** per source id: share of the lost time at each resonance granularity (null: no point yet) */
  // Replaced whole by the resonance view, never mutated: a plain map in raw state.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  byGranularity = $state.raw<ReadonlyMap<string, (number | null)[]>>(new Map());
  /** the run on show (its attribution gives each source's share); null before the first */
  result = $state.raw<RunResult | null>(null);

  /** The source's share of the lost time in the run on show; null when it has none. */
  shareInRun(id: string): number | null {
    const a = this.result?.attribution;
    if (!a || !(a.totalLostUs > 0)) return null;
    return a.bySource.find((s) => s.id === id)?.share ?? null;
  }
}

const KEY = Symbol('noiselab.source-losses');

/** The page makes one and hands it down (call during component set-up). */
export function provideSourceLosses(losses: SourceLosses): SourceLosses {
  return setContext(KEY, losses);
}

/** The page's SourceLosses, or null outside the page (a component tested alone). */
export function sourceLosses(): SourceLosses | null {
  return getContext<SourceLosses | undefined>(KEY) ?? null;
}
