// The page's kept sweep points (src/state/point-cache.ts): a point's key names what it runs, so
// equal keys are the same run, and the points kept stay within their byte budget, the least
// recently used dropped first.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/result.ts';
import { rawPoint, sweepAssignments } from '../../src/engine/sweep.ts';
import { PointCache, pointBytes, pointKeys } from '../../src/state/point-cache.ts';
import { scenario } from '../helpers/scenario.ts';

const base = scenario({ jobNodes: 1, nodes: 4, iterations: 10 });
const seeds = { path: 'seed', values: [1, 2, 3] };

const point = (seed: number, iterations = 100) => ({
  assignments: [],
  result: {
    seed,
    iterationsUs: new Float64Array(iterations),
    attribution: null,
  } as unknown as RunResult,
});

describe('kept sweep points', () => {
  it('key a point by the scenario it runs: an assignment that changes nothing is no part of it', () => {
    const view = pointKeys(base, [seeds]);
    const lesson = pointKeys(base, [{ path: 'job.nodes', values: [1, 2] }, seeds]);
    expect(lesson.slice(0, 3)).toEqual(view);
    expect(new Set(lesson).size).toBe(6);
    // the keys agree with the scenarios the worker runs
    const raws = sweepAssignments([{ path: 'job.nodes', values: [1, 2] }, seeds]).map((a) =>
      JSON.stringify(rawPoint(base, a)),
    );
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) expect(lesson[i] === lesson[j]).toBe(raws[i] === raws[j]);
  });

  it('tell apart another base, another child seed, another run length', () => {
    const [k] = pointKeys(base, [seeds]);
    expect(pointKeys({ ...base, title: 'other' }, [seeds])[0]).not.toBe(k);
    expect(pointKeys(base, [seeds], { precision: 0.02, maxEvents: 1e6 })[0]).not.toBe(k);
    // no seed varied: each point gets a child of the base's seed, so the base's seed counts
    const nodes = [{ path: 'job.nodes', values: [2] }];
    expect(pointKeys({ ...base, seed: 5 }, nodes)).not.toEqual(pointKeys(base, nodes));
    expect(pointKeys({ ...base, seed: 5 }, [seeds])).toEqual(pointKeys(base, [seeds]));
  });

  it('keep points within the byte budget, the least recently used dropped first', () => {
    const one = pointBytes(point(1));
    const cache = new PointCache(3 * one);
    cache.set('a', point(1));
    cache.set('b', point(2));
    cache.set('c', point(3));
    expect(cache.get('a')?.result.seed).toBe(1); // a now the most recent
    cache.set('d', point(4));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.result.seed)).toEqual([1, 3, 4]);
    // a point larger than the whole budget is not kept, and drops nothing
    cache.set('e', point(5, 10_000));
    expect(cache.get('e')).toBeUndefined();
    expect(cache.size).toBe(3);
  });
});
