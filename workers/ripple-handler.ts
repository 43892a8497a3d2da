// The worker's answer to a 'ripple' request (the ripple view): a halo exchange and a barrier
// on a grid of a few hundred ranks (src/engine/ripple.ts), a few tens of milliseconds on the
// presets, so computed in one go like a trace; the page ignores an answer it no longer wants.
import { rippleOf } from '../src/engine/ripple.ts';
import type { RippleRequest, WorkerMessage } from '../src/protocol.ts';

export function handleRipple(
  { runId, scenario, options }: RippleRequest,
  post: (message: WorkerMessage) => void,
  now: () => number = () => performance.now(),
): Promise<void> {
  const start = now();
  try {
    const ripple = rippleOf(scenario, options);
    post({ type: 'ripple', runId, ripple, wallMs: now() - start });
  } catch (error) {
    post({
      type: 'error',
      runId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  return Promise.resolve();
}
