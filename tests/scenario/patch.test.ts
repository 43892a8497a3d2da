// The structural diff of two scenarios and its application (src/scenario/patch.ts): sources are
// named by id, so an edit does not depend on a source's place; what the ops cannot say by id
// (a new order) sets the whole list; applying never changes the base.
import { describe, expect, it } from 'vitest';
import { applyPatch, diffScenario, PatchError } from '../../src/scenario/patch.ts';

const base = {
  title: 'T',
  job: { nodes: 4, reservedCores: [] as number[] },
  noise: [
    { id: 'a', enabled: true, duration: { dist: 'fixed', valueUs: 5 } },
    { id: 'b', enabled: true, duration: { dist: 'fixed', valueUs: 7 } },
    { id: '7', enabled: false, duration: { dist: 'fixed', valueUs: 9 } },
  ],
};
type Base = typeof base;
const edit = (f: (s: Base) => void): Base => {
  const s = structuredClone(base);
  f(s);
  return s;
};

describe('diffScenario and applyPatch', () => {
  it.each([
    ['a field', (s: Base) => void (s.job.nodes = 8), [['job.nodes', 8]]],
    ['a list, whole', (s: Base) => void (s.job.reservedCores = [0]), [['job.reservedCores', [0]]]],
    ['a source by id', (s: Base) => void (s.noise[2].enabled = true), [['noise.7.enabled', true]]],
    [
      'a nested field of a source',
      (s: Base) => void (s.noise[1].duration.valueUs = 8),
      [['noise.b.duration.valueUs', 8]],
    ],
    ['a source removed', (s: Base) => void s.noise.splice(1, 1), [['noise.b']]],
    [
      'a source appended, as a copy of the one it differs least from',
      (s: Base) => void s.noise.push({ id: 'c', enabled: true, duration: base.noise[0].duration }),
      [['noise.+', { $copy: 'a', id: 'c' }]],
    ],
    [
      'a source duplicated in the middle of the list',
      (s: Base) => void s.noise.splice(2, 0, { ...structuredClone(s.noise[1]), id: 'b-copy' }),
      [['noise.+b', { $copy: 'b', id: 'b-copy' }]],
    ],
    [
      'a new source first (a copy of the kept source it differs least from)',
      (s: Base) =>
        void s.noise.unshift({
          id: 'z',
          enabled: false,
          duration: { dist: 'exponential', meanUs: 3 },
        } as never),
      [['noise.+^', { $copy: '7', id: 'z', duration: { dist: 'exponential', meanUs: 3 } }]],
    ],
    [
      'a duration of another distribution, whole',
      (s: Base) => void (s.noise[0].duration = { dist: 'exponential', meanUs: 5 } as never),
      [['noise.a.duration', { dist: 'exponential', meanUs: 5 }]],
    ],
    ['a field removed', (s: Base) => void delete (s as Partial<Base>).title, [['title']]],
  ])('%s', (_what, change, ops) => {
    const next = edit(change);
    expect(diffScenario(base, next)).toEqual(ops);
    expect(applyPatch(base, diffScenario(base, next))).toEqual(next);
  });

  it('sets the whole list when the sources change order', () => {
    const next = edit((s) => s.noise.reverse());
    expect(diffScenario(base, next)).toEqual([['noise', next.noise]]);
    expect(applyPatch(base, diffScenario(base, next))).toEqual(next);
  });

  it('never changes the base', () => {
    const before = structuredClone(base);
    applyPatch(base, [['noise.a.enabled', false], ['noise.b'], ['job.nodes', 1]]);
    expect(base).toEqual(before);
  });

  it.each([
    [['noise.z.enabled', false], 'noise.z: there is no noise source "z"; the sources: a, b, 7'],
    [['job.cores.x', 1], 'job.cores.x: job.cores does not exist'],
    [['__proto__.x', 1], '"__proto__.x" is not a path into a scenario'],
    [['job.reservedCores.0', 1], 'only noise sources are edited by id'],
    [['nope'], 'nope: there is nothing to remove'],
    ['title', '"title" is not an edit: expected [path] or [path, value]'],
  ])('refuses %j', (op, message) => {
    const run = () => applyPatch(base, [op as never]);
    expect(run).toThrow(PatchError);
    expect(run).toThrow(message);
  });
});
