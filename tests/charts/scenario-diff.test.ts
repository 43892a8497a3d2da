// What tells two scenarios apart in the side-by-side table (Compare runs).
import { describe, expect, it } from 'vitest';
import { same, scenarioDiff } from '../../src/charts/scenario-diff.ts';
import { scenario, source } from '../helpers/scenario.ts';

const rms = source({ id: 'rms', label: 'RMS daemon (18 ms every 30 s)', periodUs: 30e6 });
const tick = source({ id: 'tick', label: 'kernel tick', periodUs: 1000 });
const base = scenario({ nodes: 64, cores: 4, g: 1000, noise: [tick, rms] });
const texts = (a = base, b = base) => scenarioDiff(a, b).map((d) => d.text);

describe('scenarioDiff(pinned, live)', () => {
  it('finds nothing between a scenario and itself, nor a copy with its keys reordered', () => {
    expect(texts()).toEqual([]);
    const reverse = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverse)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverse(x)]),
            )
          : v;
    expect(texts(base, reverse(base) as typeof base)).toEqual([]);
  });

  it('names a daemon switched off, and on again', () => {
    const off = { ...base, noise: [tick, { ...rms, enabled: false }] };
    expect(texts(base, off)).toEqual(['RMS daemon (18 ms every 30 s): off']);
    expect(texts(off, base)).toEqual(['RMS daemon (18 ms every 30 s): on']);
  });

  it('names a source edited, added or removed, in the live scenario order', () => {
    const edited = { ...base, noise: [{ ...tick, periodUs: 2000 }] };
    expect(texts(base, edited)).toEqual([
      'kernel tick: edited',
      'RMS daemon (18 ms every 30 s): removed',
    ]);
    expect(texts(edited, base)).toEqual([
      'kernel tick: edited',
      'RMS daemon (18 ms every 30 s): added',
    ]);
  });

  it('gives nodes, PPN, g, wait mode and reserved cores as before → after', () => {
    const live = scenario({
      nodes: 64,
      jobNodes: 32,
      cores: 4,
      ranksPerNode: 3,
      reservedCores: [0],
      waitMode: 'block',
      g: 5000,
      noise: [tick, rms],
    });
    expect(texts(base, live)).toEqual([
      'nodes: 64 → 32',
      'PPN: 4 → 3',
      'reserved cores: none → 0',
      'wait mode: poll → block',
      'g: 1 ms → 5 ms',
    ]);
    expect(scenarioDiff(base, live).map((d) => d.about)).toEqual([
      'job',
      'job',
      'job',
      'job',
      'workload',
    ]);
  });

  it('says so when the seed, the iterations or the machine differ', () => {
    const live = { ...base, seed: 7, workload: { ...base.workload, iterations: 50 } };
    expect(texts(base, live)).toEqual(['iterations: 1,000 → 50', 'seed: 1 → 7']);
    const machine = { ...base, machine: { ...base.machine, name: 'other' } };
    expect(texts(base, machine)).toEqual(['machine: test → other']);
    const collective = {
      ...base,
      machine: {
        ...base.machine,
        collective: { kind: 'hardware' as const, baseUs: 9, perLevelUs: 0 },
      },
    };
    expect(texts(base, collective)).toEqual(['machine: edited']);
  });

  it('calls another workload by its kind, not field by field', () => {
    const live = scenario({
      nodes: 64,
      cores: 4,
      noise: [tick, rms],
      workload: {
        kind: 'allreduce',
        granularityUs: 1000,
        iterations: 1000,
        warmup: 0,
        hopUs: null,
      },
    });
    expect(texts(base, live)).toEqual(['workload: barrier → allreduce']);
  });
});

describe('same(a, b)', () => {
  it('compares plain data deeply, key order aside, undefined keys as absent', () => {
    expect(same({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(same({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(same([1, 2], [2, 1])).toBe(false);
    expect(same([], {})).toBe(false);
    expect(same({ a: null }, { a: 0 })).toBe(false);
  });
});
