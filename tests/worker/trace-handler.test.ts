// The worker's 'trace' message: answered with the trace traceIterations gives (so the page and
// the tests see the same numbers), or an error message for that request; through the engine
// handler's dispatcher it leaves a run under way alone.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { traceIterations } from '../../src/engine/trace.ts';
import type { WorkerMessage } from '../../src/protocol.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { createEngineHandler } from '../../workers/engine-handler.ts';
import { handleTrace } from '../../workers/trace-handler.ts';
import { scenario, source } from '../helpers/scenario.ts';

const noisy: Scenario = scenario({
  nodes: 64,
  cores: 2,
  g: 500,
  iterations: 200,
  warmup: 10,
  seed: 7,
  noise: [source({ id: 'hb', periodUs: 5_000, duration: { dist: 'fixed', valueUs: 200 } })],
});

describe('trace handler', () => {
  it('answers a trace request with the trace of traceIterations and its wall time', async () => {
    const got: WorkerMessage[] = [];
    let clock = 0;
    const options = { firstIteration: 10, iterations: 5 };
    await handleTrace(
      { type: 'trace', runId: 4, scenario: noisy, options },
      (m) => got.push(m),
      () => (clock += 7),
    );
    expect(got).toHaveLength(1);
    expect(got[0]).toEqual({
      type: 'trace',
      runId: 4,
      trace: traceIterations(noisy, options),
      wallMs: 7,
    });
  });

  it('turns a refusal into an error message for that request', async () => {
    const got: WorkerMessage[] = [];
    const sage: Scenario = {
      ...noisy,
      workload: {
        kind: 'sage',
        cellsPerPE: 13_500,
        computeUsPerCycle: 20_000,
        allreducesPerCycle: 40,
        iterations: 30,
        warmup: 2,
        hopUs: null,
      },
    };
    await handleTrace(
      { type: 'trace', runId: 5, scenario: sage, options: { firstIteration: 0, iterations: 3 } },
      (m) => got.push(m),
    );
    expect(got).toEqual([
      { type: 'error', runId: 5, message: 'the timeline traces barrier workloads, not sage' },
    ]);
  });

  it('is reached through the engine handler, and a run under way still finishes', async () => {
    const got: WorkerMessage[] = [];
    let t = 0;
    const handler = createEngineHandler((m) => got.push(m), {
      batch: 10,
      sliceMs: 30,
      progressMs: 1e9,
      now: () => (t += 10),
      pause: async () => {},
    });
    const run = handler({ data: { type: 'run', runId: 1, scenario: noisy } });
    const trace = handler({
      data: {
        type: 'trace',
        runId: 2,
        scenario: noisy,
        options: { firstIteration: 0, iterations: 2 },
      },
    });
    await Promise.all([run, trace]);
    const answer = got.find((m) => m.type === 'trace');
    expect(answer?.runId).toBe(2);
    expect(got.at(-1)).toMatchObject({ type: 'done', runId: 1, result: runScenario(noisy) });
  });
});
