// A part worker: runs one range of a whole machine's nodes for the engine worker that spawned
// it (src/engine/partitioned-run.ts). A thin adapter wiring the handler to the worker global.
import { createPartHandler } from './part-handler.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = createPartHandler((reply, transfer) => scope.postMessage(reply, transfer));
