// The worker's answer to a 'trace' request (the timeline view): a trace of a few iterations
// on a handful of nodes (src/engine/trace.ts). It is computed in one go — the limits in
// trace.ts keep it to well under a second on the presets — so it needs no slices and no
// cancellation: the page ignores an answer to a request that is no longer its latest.
import { traceIterations } from '../src/engine/trace.ts';
import type { TraceRequest, WorkerMessage } from '../src/protocol.ts';

export function handleTrace(
  { runId, scenario, options }: TraceRequest,
  post: (message: WorkerMessage) => void,
  now: () => number = () => performance.now(),
): Promise<void> {
  const start = now();
  try {
    const trace = traceIterations(scenario, options);
    post({ type: 'trace', runId, trace, wallMs: now() - start });
  } catch (error) {
    post({
      type: 'error',
      runId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  return Promise.resolve();
}
