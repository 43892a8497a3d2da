// The engine worker: a thin adapter wiring the handler to the worker global.
// The page creates it with `new Worker(new URL(...), { type: 'module' })`.
import { createEngineHandler } from './engine-handler.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = createEngineHandler((message) => scope.postMessage(message));
