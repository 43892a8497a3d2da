// A barrier run split by nodes over node:worker_threads, as the page's engine worker splits a
// whole machine over part workers (src/engine/partitioned-run.ts, workers/worker-part.ts): the
// same classes and messages, with Node's threads in place of the browser's workers.
import { Worker } from 'node:worker_threads';
import { BarrierRun } from '../src/engine/barrier-run.ts';
import { LocalPart, PartitionedRun, splitNodes, type Part } from '../src/engine/partitioned-run.ts';
import { resultOf, type BarrierResult } from '../src/engine/result.ts';
import type { PartReply } from '../src/protocol.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { WorkerPart, type PartPort } from '../workers/worker-part.ts';

const PART = new URL('./part-thread.ts', import.meta.url);
// The workers run TypeScript: the sweep pool's preload registers tsx's loader in them.
const TSX_PRELOAD = new URL('../src/cli/sweep-worker-tsx.mjs', import.meta.url).href;

function threadPort(): PartPort {
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

/** Run `scenario` (a barrier workload) over `threads` threads, this one included. */
export async function runSplit(scenario: Scenario, threads: number): Promise<BarrierResult> {
  const first = new BarrierRun(scenario);
  const ranges = splitNodes(first.layout.nodes, threads);
  const parts: Part[] = [new LocalPart(scenario, ranges[0][0], ranges[0][1], first)];
  for (const [lo, hi] of ranges.slice(1))
    parts.push(new WorkerPart(threadPort(), scenario, lo, hi));
  const run = new PartitionedRun(first, parts);
  try {
    while (!run.done) await run.step(64);
    return resultOf(run);
  } finally {
    run.close();
  }
}
