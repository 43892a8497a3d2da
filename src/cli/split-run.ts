// A barrier run split by nodes over node:worker_threads (`noiselab run --threads`, and
// `npm run bench`), as the page's engine worker splits a whole machine over part workers
// (src/engine/partitioned-run.ts, workers/worker-part.ts): the same classes and messages, with
// Node's threads in place of the browser's workers. The numbers are one thread's, to the bit.
import { Worker } from 'node:worker_threads';
import { createRun, resultOf, type RunResult } from '../engine/index.ts';
import { PartitionedRun } from '../engine/partitioned-run.ts';
import type { PartReply } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';
import { PartFailure, startPartitioned, type PartPort } from '../../workers/worker-part.ts';

const PART = new URL('./part-thread.ts', import.meta.url);
// The threads run TypeScript: the sweep pool's preload registers tsx's loader in them.
const TSX_PRELOAD = new URL('./sweep-worker-tsx.mjs', import.meta.url).href;

export function threadPort(): PartPort {
  const worker = new Worker(PART, { execArgv: [...process.execArgv, '--import', TSX_PRELOAD] });
  const port: PartPort = {
    postMessage: (m) => worker.postMessage(m),
    onmessage: null,
    onerror: null,
    terminate: () => void worker.terminate(),
  };
  worker.on('message', (data: PartReply) => port.onmessage?.({ data } as MessageEvent<PartReply>));
  worker.on('error', (err) => port.onerror?.({ message: String(err) } as ErrorEvent));
  return port;
}

export interface SplitOutcome {
  result: RunResult;
  /** ms from starting the threads to the result (their start and set-up included) */
  wallMs: number;
  /** threads the run went over: `parts`, or 1 when it stayed on this one */
  threads: number;
}

/**
 * Run a validated scenario over `parts` threads, this one included. A tree workload, fewer than
 * 2 parts, or sparse noise (the run visits only the nodes with events, and one thread is fast:
 * partsFor) run here alone.
 */
export async function runSplit(
  scenario: Scenario,
  parts: number,
  exact = false,
): Promise<SplitOutcome> {
  const t0 = performance.now();
  const alone = (): SplitOutcome => {
    const result = resultOf(createRun(scenario, { exact }).run());
    return { result, wallMs: performance.now() - t0, threads: 1 };
  };
  if (scenario.workload.kind !== 'barrier' || parts < 2) return alone();
  const started = startPartitioned(scenario, parts, threadPort, undefined, exact);
  if (!(started instanceof PartitionedRun)) {
    // It stays on one thread (startPartitioned says when): the run it built.
    return { result: resultOf(started.run()), wallMs: performance.now() - t0, threads: 1 };
  }
  const run = started;
  try {
    while (!run.done) await run.step(64);
    return { result: resultOf(run), wallMs: performance.now() - t0, threads: run.parts.length };
  } catch (error) {
    // A thread that could not start or died: the run again on this one (the same numbers).
    if (!(error instanceof PartFailure)) throw error;
  } finally {
    run.close();
  }
  return alone();
}
