// A part of a split run on a node:worker_threads Worker (split-run.ts): the part worker's
// handler (workers/part-handler.ts) wired to the parent port.
import { parentPort } from 'node:worker_threads';
import type { PartRequest } from '../protocol.ts';
import { createPartHandler } from '../../workers/part-handler.ts';

const port = parentPort;
if (!port) throw new Error('part-thread.ts runs as a worker thread of split-run.ts');
const handler = createPartHandler((reply, transfer) => port.postMessage(reply, transfer));
port.on('message', (data: PartRequest) => handler({ data }));
