// A challenge check's runs in the page: each in a Simulation (a worker) of its own, in parallel,
// never in the run on show. Results are kept per scenario, so checking again after a change
// re-runs only what changed (the start's run is made once).
import type { CheckRun } from '../../challenges/types.ts';
import type { RunResult } from '../../engine/result.ts';
import { Simulation } from '../../state/simulation.svelte.ts';

/** Resolves with the simulation's result once it is done; rejects if it errs or is stopped. */
function finished(simulation: Simulation): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const stop = $effect.root(() => {
      $effect(() => {
        const { status, result, error } = simulation;
        if (status === 'running' || status === 'idle') return;
        queueMicrotask(stop);
        if (status === 'done' && result) resolve(result);
        else reject(new Error(error ?? 'the check’s run was stopped'));
      });
    });
  });
}

export class CheckRunner {
  #simulations: Simulation[] = [];
  /** JSON of a scenario → its result; the last few only (a cache: nothing renders it) */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #cache = new Map<string, RunResult>();

  /** Makes `runs` in parallel; a newer call supersedes the runs of an older one. */
  run = async (runs: readonly CheckRun[]): Promise<readonly RunResult[]> => {
    while (this.#simulations.length < runs.length) this.#simulations.push(new Simulation());
    return Promise.all(
      runs.map(async ({ scenario }, i) => {
        const key = JSON.stringify(scenario);
        const cached = this.#cache.get(key);
        if (cached) return cached;
        const simulation = this.#simulations[i];
        // Asked for by "Check my solution": a long check runs rather than waiting for a Run
        // button the checker does not have.
        simulation.run(scenario, true);
        const result = await finished(simulation);
        this.#cache.set(key, result);
        if (this.#cache.size > 6) this.#cache.delete(this.#cache.keys().next().value!);
        return result;
      }),
    );
  };

  dispose(): void {
    for (const simulation of this.#simulations) simulation.dispose();
  }
}
