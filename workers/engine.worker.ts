// The engine worker: a thin adapter wiring the handler to the worker global.
// The page creates it with `new Worker(new URL(...), { type: 'module' })`.
// A whole machine's run is split over part workers this worker starts itself
// (src/engine/partitioned-run.ts), one per hardware thread, up to 8.
import { createEngineHandler } from './engine-handler.ts';
import type { PartPort } from './worker-part.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
// Workers inside workers: every current browser has them; without, runs stay on this thread.
const canSpawn = typeof Worker === 'function';
scope.onmessage = createEngineHandler((message) => scope.postMessage(message), {
  parts: canSpawn
    ? {
        threads: scope.navigator.hardwareConcurrency || 1,
        spawn: () =>
          new Worker(new URL('./part.worker.ts', import.meta.url), {
            type: 'module',
          }) as unknown as PartPort,
      }
    : undefined,
});
