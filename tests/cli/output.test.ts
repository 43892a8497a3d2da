// The pure output builders of the CLI: the JSON layout, the object `run` prints, the rows of a
// sweep, and the fwq cost guard, checked on small in-memory scenarios. (The CSV writer, shared
// with the page: tests/format/csv.test.ts.)
import { describe, expect, it } from 'vitest';
import { formatJson } from '../../src/cli/json.ts';
import { runReport, SUMMARY_KEYS, timedRun } from '../../src/cli/commands/run.ts';
import { sweepColumns, sweepRow } from '../../src/cli/commands/sweep.ts';
import { planSweep, runScenario } from '../../src/engine/index.ts';
import { scenario, source } from '../helpers/scenario.ts';

const noisy = () =>
  scenario({
    nodes: 8,
    cores: 2,
    iterations: 60,
    warmup: 10,
    collective: { kind: 'hardware', baseUs: 4, perLevelUs: 0.5 },
    noise: [
      source({ id: 'tick', category: 'kernel', periodUs: 10_000 }),
      source({ id: 'daemon', category: 'daemon', periodUs: 50_000, cpu: 1 }),
    ],
  });

describe('formatJson', () => {
  it('is JSON that parses back to the same value, with NaN as null like JSON.stringify', () => {
    const value = {
      a: [1, 2.5, null],
      b: { c: 'x"y', d: [] },
      e: [{ f: true }],
      g: NaN,
      u: undefined,
    };
    expect(JSON.parse(formatJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('indents objects and keeps arrays of plain values on one line', () => {
    expect(formatJson({ a: [1, 2], b: { c: 'x' } })).toBe(
      '{\n  "a": [1, 2],\n  "b": {\n    "c": "x"\n  }\n}',
    );
  });
});

describe('runReport', () => {
  const result = runScenario(noisy());

  it('has the documented keys in the documented order', () => {
    const r = runReport(result, 12.3, false);
    expect(Object.keys(r)).toEqual(['title', 'seed', 'summary', 'attribution', 'engine']);
    expect(Object.keys(r.summary)).toEqual([...SUMMARY_KEYS, 'warmup']);
    expect(Object.keys(r.attribution!)).toEqual([
      'bySource',
      'byCategory',
      'totalLostUs',
      'wakeupUs',
      'slowNodesUs',
    ]);
    for (const s of r.attribution!.bySource) {
      expect(Object.keys(s)).toEqual(['id', 'label', 'category', 'enabled', 'lostUs', 'share']);
    }
    expect(r.engine).toEqual({
      wallMs: 12.3,
      noiseEvents: result.engine.noiseEvents,
      iterationsRun: 60,
      mode: result.engine.mode,
      counted: result.engine.counted,
      threads: 1,
    });
  });

  it('copies the summary and attribution figures from the result unchanged', () => {
    const r = runReport(result, 0, false);
    for (const k of SUMMARY_KEYS) expect(r.summary[k]).toBe(result.summary[k]);
    expect(r.summary.iterations).toBe(50);
    expect(r.attribution!.bySource.map((s) => [s.id, s.lostUs])).toEqual(
      result.attribution!.bySource.map((s) => [s.id, s.lostUs]),
    );
    expect(r.attribution!.totalLostUs).toBeGreaterThan(0);
  });

  it('adds the per-duration and per-node arrays only with --detail', () => {
    const r = runReport(result, 0, true);
    expect(Object.keys(r.attribution!)).toEqual([
      'bySource',
      'byCategory',
      'totalLostUs',
      'wakeupUs',
      'slowNodesUs',
      'durationBinEdgesUs',
      'nodeDelayUs',
      'nodeCriticalUs',
      'nodeIds',
    ]);
    expect(r.attribution!.bySource[0].byDurationUs).toEqual(
      result.attribution!.bySource[0].byDurationUs,
    );
    expect(r.attribution!.nodeIds).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('timedRun', () => {
  it('gives the same result as runScenario and a wall time rounded to 0.1 ms', () => {
    const { result, wallMs } = timedRun(noisy());
    expect(result).toEqual(runScenario(noisy()));
    expect(wallMs).toBeGreaterThanOrEqual(0);
    expect(Math.round(wallMs * 10) / 10).toBe(wallMs);
  });
});

describe('sweep rows', () => {
  it('name the varied paths first, then the seed, the summary and the engine cost', () => {
    expect(sweepColumns(['job.nodes'])).toEqual([
      'job.nodes',
      'seed',
      ...SUMMARY_KEYS,
      'noiseEvents',
    ]);
    // the wall time only when asked (--timings): it differs from run to run
    expect(sweepColumns(['job.nodes'], true)).toEqual([
      'job.nodes',
      'seed',
      ...SUMMARY_KEYS,
      'noiseEvents',
      'wallMs',
    ]);
  });

  it('show a varied seed once, as the point seed it is', () => {
    expect(sweepColumns(['seed', 'job.nodes']).filter((c) => c === 'seed')).toHaveLength(1);
  });

  it("carry each point's values and its child seed", () => {
    const [point] = planSweep(noisy(), [{ path: 'job.nodes', values: [4] }]);
    const row = sweepRow(point, runScenario(point.scenario), 1.2);
    expect(Object.keys(row)).toEqual(sweepColumns(['job.nodes'], true));
    expect(row['job.nodes']).toBe(4);
    expect(row.seed).toBe(point.scenario.seed);
    expect(row.seed).not.toBe(noisy().seed);
    expect(row.wallMs).toBe(1.2);
  });
});
