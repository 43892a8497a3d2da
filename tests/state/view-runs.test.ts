// The views' small runs (src/state/view-worker.ts, trace.svelte.ts, ripple.svelte.ts) as the page
// gets them from its runs (Sweeps): the timeline and the ripple view share one worker the page
// starts and ends, the latest request of a view wins, and a worker that dies is reported to
// every view waiting on it and replaced at the next request. The fake worker answers with the
// real handlers (workers/trace-handler.ts, ripple-handler.ts); nothing waits on a clock.
import { describe, expect, it } from 'vitest';
import type { PageMessage, WorkerMessage } from '../../src/protocol.ts';
import { RIPPLE_DEFAULTS } from '../../src/engine/ripple.ts';
import { Sweeps } from '../../src/state/sweeps.svelte.ts';
import { handleRipple } from '../../workers/ripple-handler.ts';
import { handleTrace } from '../../workers/trace-handler.ts';
import { scenario, source } from '../helpers/scenario.ts';

class FakeWorker {
  sent: PageMessage[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerMessage }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  /** requests received and not yet answered, oldest first */
  #inbox: PageMessage[] = [];
  postMessage(m: PageMessage) {
    this.sent.push(m);
    this.#inbox.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** answers the oldest request not yet answered, as the engine worker does */
  async answerNext() {
    const post = (data: WorkerMessage) => this.onmessage?.({ data });
    const m = this.#inbox.shift();
    if (m?.type === 'trace') await handleTrace(m, post, () => 0);
    else if (m?.type === 'ripple') await handleRipple(m, post, () => 0);
  }
  /** answers every request received so far, in order */
  async answerAll() {
    while (this.#inbox.length > 0) await this.answerNext();
  }
  die(message: string) {
    this.onerror?.({ message, preventDefault() {} });
  }
}

/** The page's runs over fake workers; `later` gets what the page would run in a task of its
 * own (dropped unless a test runs it). */
function setUp(later: (f: () => void) => void = () => {}) {
  const workers: FakeWorker[] = [];
  const sweeps = new Sweeps({
    poolSize: 1,
    spawn: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    later,
  });
  return { sweeps, workers };
}

/** four nodes of two cores, a rank on each core, a 100 µs event on every node every 1 ms */
const noisy = scenario({
  nodes: 4,
  cores: 2,
  ranksPerNode: 2,
  g: 1000,
  iterations: 10,
  noise: [source({ id: 'tick', periodUs: 1000, duration: { dist: 'fixed', valueUs: 100 } })],
});
const traceOptions = { firstIteration: 0, iterations: 3, autoNodes: 2 };

describe("the views' small runs", () => {
  it('share one worker between the timeline and the ripple view, started at the first request', async () => {
    const { sweeps, workers } = setUp();
    const traces = sweeps.traces();
    const ripples = sweeps.ripples();
    expect(workers).toHaveLength(0);
    traces.run([noisy], traceOptions);
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    expect(workers).toHaveLength(1);
    await workers[0].answerAll();
    expect(traces.status).toBe('done');
    expect(traces.traces).toHaveLength(1);
    expect(traces.traces[0].iterations).toBe(3);
    expect(ripples.status).toBe('done');
    expect(ripples.ripple?.ranks).toBe(4);
    // one run id per request, whichever view asked
    const ids = workers[0].sent.map((m) => ('runId' in m ? m.runId : null));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('trace the later scenarios of a request on the nodes the first one chose', async () => {
    const { sweeps, workers } = setUp();
    const traces = sweeps.traces();
    traces.run([noisy, { ...noisy, seed: 2 }], traceOptions);
    await workers[0].answerAll();
    await workers[0].answerAll();
    expect(traces.traces).toHaveLength(2);
    const second = workers[0].sent[1];
    expect(second.type === 'trace' && second.options.nodes).toEqual(
      traces.traces[0].nodes.map((n) => n.node),
    );
    expect(traces.traces[1].nodes.map((n) => n.node)).toEqual(
      traces.traces[0].nodes.map((n) => n.node),
    );
  });

  it("keep a view's latest request only: an answer to an older one is dropped", async () => {
    const { sweeps, workers } = setUp();
    const ripples = sweeps.ripples();
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 5 });
    await workers[0].answerNext();
    expect(ripples.ripple).toBeNull();
    expect(ripples.status).toBe('running');
    await workers[0].answerNext();
    expect(ripples.ripple?.iterations).toBe(5);
    expect(ripples.status).toBe('done');
  });

  it('drop a closed view’s request and leave the page’s worker running for the others', async () => {
    const { sweeps, workers } = setUp();
    const traces = sweeps.traces();
    const ripples = sweeps.ripples();
    traces.run([noisy], traceOptions);
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    traces.dispose();
    await workers[0].answerAll();
    expect(workers[0].terminated).toBe(false);
    expect(traces.traces).toHaveLength(0);
    expect(ripples.status).toBe('done');
  });

  it('tell every waiting view when the worker dies, and start a new one at the next request', async () => {
    const { sweeps, workers } = setUp();
    const traces = sweeps.traces();
    const ripples = sweeps.ripples();
    traces.run([noisy], traceOptions);
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    workers[0].die('out of memory');
    expect(workers[0].terminated).toBe(true);
    expect(traces.status).toBe('error');
    expect(traces.error).toContain('out of memory');
    expect(ripples.status).toBe('error');
    expect(ripples.error).toContain('out of memory');
    traces.run([noisy], traceOptions);
    expect(workers).toHaveLength(2);
    await workers[1].answerAll();
    expect(traces.status).toBe('done');
    expect(traces.error).toBeNull();
  });

  it('report an engine error to the view that asked, not the others', async () => {
    const { sweeps, workers } = setUp();
    const traces = sweeps.traces();
    const ripples = sweeps.ripples();
    // the timeline traces barrier workloads only: the worker answers with an error
    traces.run(
      [{ ...noisy, workload: { ...noisy.workload, kind: 'halo' } as never }],
      traceOptions,
    );
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    await workers[0].answerAll();
    expect(traces.status).toBe('error');
    expect(traces.error).toContain('barrier');
    expect(ripples.status).toBe('done');
  });

  it('keep the requests asked while held, post them in order once let go, and never post one replaced meanwhile', async () => {
    const tasks: (() => void)[] = [];
    const { sweeps, workers } = setUp((f) => tasks.push(f));
    const traces = sweeps.traces();
    const ripples = sweeps.ripples();
    // the page before its link is open: the views ask for the default scenario's runs
    sweeps.views.hold(true);
    traces.run([noisy], traceOptions);
    ripples.run(noisy, { ...RIPPLE_DEFAULTS, ranks: 4, iterations: 6 });
    expect(workers).toHaveLength(0);
    sweeps.views.hold(false);
    // the change that lets them go also gives the timeline its new scenario, in the same task
    traces.run([{ ...noisy, seed: 5 }], traceOptions);
    expect(workers).toHaveLength(0);
    for (const f of tasks.splice(0)) f();
    expect(workers).toHaveLength(1);
    expect(workers[0].sent.map((m) => [m.type, 'scenario' in m ? m.scenario.seed : null])).toEqual([
      ['ripple', noisy.seed],
      ['trace', 5],
    ]);
    await workers[0].answerAll();
    expect(traces.status).toBe('done');
    expect(traces.scenarios[0].seed).toBe(5);
    expect(ripples.status).toBe('done');
    // held again before the task that posts them runs: nothing goes until let go once more
    sweeps.views.hold(true);
    traces.run([noisy], traceOptions);
    sweeps.views.hold(false);
    sweeps.views.hold(true);
    for (const f of tasks.splice(0)) f();
    expect(workers[0].sent).toHaveLength(2);
    sweeps.views.hold(false);
    for (const f of tasks.splice(0)) f();
    expect(workers[0].sent).toHaveLength(3);
  });

  it('end the worker with the page', async () => {
    const { sweeps, workers } = setUp();
    sweeps.traces().run([noisy], traceOptions);
    sweeps.dispose();
    expect(workers[0].terminated).toBe(true);
  });
});
