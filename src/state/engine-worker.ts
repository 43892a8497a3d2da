// The engine worker as the page starts it. One function, because the bundler recognises a
// worker only in the literal form `new Worker(new URL('…', import.meta.url), …)`.

/** A fresh engine worker (workers/engine.worker.ts), as a module worker. */
export function startEngineWorker(): Worker {
  return new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
  });
}

/** The worker started before the page asked for one, and whether it failed to load meanwhile. */
let early: { worker: Worker; failed: boolean } | null = null;

/**
 * Start the engine worker before the app is mounted (main.ts): it loads and compiles its code
 * on another core while this thread builds the page, instead of after the page posts its first
 * run. The first run takes it (takeEngineWorker).
 */
export function prestartEngineWorker(): void {
  if (early !== null || typeof Worker === 'undefined') return;
  const slot = { worker: startEngineWorker(), failed: false };
  // An error before anyone listens (a script that did not load): the taker starts a fresh one.
  slot.worker.onerror = (event) => {
    event.preventDefault();
    slot.failed = true;
  };
  early = slot;
}

/** The worker prestartEngineWorker started, once (unless it failed); else a fresh one. */
export function takeEngineWorker(): Worker {
  const slot = early;
  early = null;
  if (slot !== null && !slot.failed) {
    slot.worker.onerror = null;
    return slot.worker;
  }
  slot?.worker.terminate();
  return startEngineWorker();
}
