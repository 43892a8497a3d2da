// Preloaded (--import) into each sweep worker so that it can run src/cli/sweep-worker.ts and
// the TypeScript it imports. tsx's own --import, which the workers inherit from this process,
// registers its loader in the main thread only on Node < 22.22 (tsx issue #354), and a worker
// does not inherit the main thread's loader; so the loader is registered here. Where tsx has
// already registered it, a second registration is harmless. Plain JavaScript: it runs before
// TypeScript can.
import { isMainThread } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (!isMainThread) register();
