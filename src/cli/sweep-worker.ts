// A worker thread of the sweep pool (sweep-pool.ts): runs each point it is sent and posts back
// its result and wall time, or the error's message. The pool sends the next point only once
// this one has answered, and terminates the worker when the sweep is over.
import { parentPort } from 'node:worker_threads';
import { messageOf } from './errors.ts';
import { timePoint, type PointReply, type PointRequest } from './sweep-pool.ts';

const port = parentPort;
if (!port) throw new Error('sweep-worker.ts runs as a worker thread of sweep-pool.ts');

port.on('message', ({ index, scenario, precision }: PointRequest) => {
  let reply: PointReply;
  try {
    reply = { index, ...timePoint(scenario, precision) };
  } catch (err) {
    reply = { index, error: messageOf(err).split('\n')[0] };
  }
  port.postMessage(reply);
});
