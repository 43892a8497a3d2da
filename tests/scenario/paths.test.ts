// Dotted-path edits of scenario objects (CLI --set, sweeps): reading, copying with a change,
// the errors that name what exists, and parsing `path=value`.

import { describe, expect, it } from 'vitest';
import { getPath, parseAssignment, parsePath, setPath } from '../../src/scenario/index.ts';

const scenario = () => ({
  title: 'T',
  machine: { nodes: 16, collective: { kind: 'hardware', baseUs: 4 } },
  job: { nodes: 8, ranksPerNode: 2, reservedCores: [] as number[] },
  noise: [{ id: 'a', enabled: true }, { id: 'b' }, { id: 'c' }],
});

describe('getPath', () => {
  it('reads fields and array entries by dotted path', () => {
    expect(getPath(scenario(), 'machine.collective.baseUs')).toBe(4);
    expect(getPath(scenario(), 'noise.1.id')).toBe('b');
    expect(getPath(scenario(), 'noise.1')).toEqual({ id: 'b' });
  });

  it('gives undefined for an absent last field, which a default would fill', () => {
    expect(getPath(scenario(), 'job.wakeupUs')).toBeUndefined();
  });

  it('names what exists when an intermediate field is missing, and how to give it', () => {
    expect(() => getPath(scenario(), 'machine.network.baseUs')).toThrow(
      'machine.network: not found; machine has: nodes, collective. A field left out is set ' +
        'whole: machine.network={…}',
    );
  });
});

describe('setPath', () => {
  it('returns a deep copy with the value set, leaving the original untouched', () => {
    const original = scenario();
    const copy = setPath(original, 'noise.2.enabled', false) as ReturnType<typeof scenario>;
    expect(copy.noise[2]).toEqual({ id: 'c', enabled: false });
    expect(original.noise[2]).toEqual({ id: 'c' });
    expect(copy).not.toBe(original);
    expect(copy.noise[0]).not.toBe(original.noise[0]);
    expect(copy.machine.collective).not.toBe(original.machine.collective);
  });

  it('sets nested fields and adds a last field that was absent', () => {
    expect(
      getPath(setPath(scenario(), 'machine.collective.baseUs', 2.5), 'machine.collective.baseUs'),
    ).toBe(2.5);
    expect(getPath(setPath(scenario(), 'job.ranksPerNode', 4), 'job.ranksPerNode')).toBe(4);
    expect(getPath(setPath(scenario(), 'job.wakeupUs', 30), 'job.wakeupUs')).toBe(30);
  });

  it('copies the value it sets, so later edits of that value do not leak in', () => {
    const placement = { kind: 'nodes', ids: [1] };
    const copy = setPath(scenario(), 'noise.0.placement', placement);
    placement.ids.push(2);
    expect(getPath(copy, 'noise.0.placement.ids')).toEqual([1]);
  });

  it('refuses an index past the end of an array, naming the valid indexes', () => {
    expect(() => setPath(scenario(), 'noise.7.enabled', false)).toThrow(
      'noise.7: there are only 3 noise sources (0..2)',
    );
    expect(() => setPath(scenario(), 'noise.3', {})).toThrow(
      'noise.3: there are only 3 noise sources (0..2)',
    );
    const one = { noise: [{}] };
    expect(() => setPath(one, 'noise.1.id', 'x')).toThrow(
      'noise.1: there is only 1 noise source (0)',
    );
    expect(() => setPath(scenario(), 'job.reservedCores.0', 1)).toThrow(
      'job.reservedCores.0: there are no reserved cores',
    );
  });

  it('refuses a name where an array needs an index', () => {
    expect(() => setPath(scenario(), 'noise.first.enabled', false)).toThrow(
      'noise.first: noise is a list of noise sources; use an index (0..2)',
    );
    expect(() => setPath(scenario(), 'noise.-1', {})).toThrow(/use an index/);
  });

  it('refuses a missing intermediate object, naming the fields that exist', () => {
    expect(() => setPath(scenario(), 'workload.iterations', 10)).toThrow(
      'workload: not found; (root) has: title, machine, job, noise',
    );
    expect(() => setPath({ machine: {} }, 'machine.collective.baseUs', 1)).toThrow(
      'machine.collective: not found; machine has no fields',
    );
  });

  it('refuses to descend into a value that is not an object', () => {
    expect(() => setPath(scenario(), 'job.nodes.max', 1)).toThrow(
      'job.nodes.max: job.nodes is a number, not an object',
    );
    expect(() => setPath(null, 'title', 'x')).toThrow('title: (root) is null, not an object');
  });

  it('treats numeric segments as keys on objects', () => {
    expect(setPath({ a: {} }, 'a.0', 1)).toEqual({ a: { 0: 1 } });
  });
});

describe('parsePath', () => {
  it('splits on dots', () => {
    expect(parsePath('noise.2.duration.minUs')).toEqual(['noise', '2', 'duration', 'minUs']);
  });

  it('refuses empty paths and empty segments', () => {
    expect(() => parsePath('')).toThrow('empty path: expected e.g. job.ranksPerNode');
    expect(() => parsePath('job..nodes')).toThrow('job.: empty segment in path "job..nodes"');
    expect(() => parsePath('job.')).toThrow('empty segment');
  });

  it('refuses segments that would reach the object prototype', () => {
    expect(() => setPath({}, '__proto__.polluted', 1)).toThrow(
      '__proto__: "__proto__" cannot be a path segment',
    );
    expect(() => setPath({}, 'a.constructor.prototype', 1)).toThrow(/cannot be a path segment/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseAssignment', () => {
  it('reads the right side as JSON', () => {
    expect(parseAssignment('job.nodes=512')).toEqual({ path: 'job.nodes', value: 512 });
    expect(parseAssignment('noise.0.enabled=false')).toEqual({
      path: 'noise.0.enabled',
      value: false,
    });
    expect(parseAssignment('noise.0.cpu=0')).toEqual({ path: 'noise.0.cpu', value: 0 });
    expect(parseAssignment('title="a=b"')).toEqual({ path: 'title', value: 'a=b' });
    expect(parseAssignment('job.reservedCores=[0]')).toEqual({
      path: 'job.reservedCores',
      value: [0],
    });
    expect(parseAssignment('noise.0.duration={"dist":"fixed","valueUs":5}').value).toEqual({
      dist: 'fixed',
      valueUs: 5,
    });
  });

  it('falls back to the bare text when the right side is not JSON', () => {
    expect(parseAssignment('noise.0.cpu=any')).toEqual({ path: 'noise.0.cpu', value: 'any' });
    expect(parseAssignment('job.waitMode=block')).toEqual({ path: 'job.waitMode', value: 'block' });
    expect(parseAssignment('title=ASCI Q, 2002')).toEqual({ path: 'title', value: 'ASCI Q, 2002' });
    expect(parseAssignment('description=')).toEqual({ path: 'description', value: '' });
  });

  it('trims spaces around the path only', () => {
    expect(parseAssignment(' job.nodes =12')).toEqual({ path: 'job.nodes', value: 12 });
  });

  it('refuses text without "=" or with an empty path', () => {
    expect(() => parseAssignment('job.nodes')).toThrow(
      '"job.nodes": expected path=value, e.g. job.nodes=512',
    );
    expect(() => parseAssignment('=5')).toThrow('"=5": the path before "=" is empty');
    expect(() => parseAssignment('job..nodes=5')).toThrow('empty segment');
  });
});
