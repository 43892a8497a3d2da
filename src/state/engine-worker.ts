// The engine worker as the page starts it. One function, because the bundler recognises a
// worker only in the literal form `new Worker(new URL('…', import.meta.url), …)`.

/** A fresh engine worker (workers/engine.worker.ts), as a module worker. */
export function startEngineWorker(): Worker {
  return new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
  });
}
