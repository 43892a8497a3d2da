// The lesson's steps as data: 13 of them in the order, each addressable by a URL-safe
// id, each state a valid scenario of a shipped preset, each question answerable, each published
// figure cited.
import { describe, expect, it } from 'vitest';
import { planSweep } from '../../src/engine/sweep.ts';
import { applyEdits } from '../../src/edits/apply.ts';
import { findStep, STEPS } from '../../src/lesson/steps.ts';
import { PRESETS } from '../../src/state/presets.ts';
import { preset } from './presets.ts';
import type { RunResult } from '../../src/engine/result.ts';

const ORDER = [
  'expectation',
  'processes-per-node',
  'allreduce',
  'small-noise',
  'per-node',
  'barrier-amplifies',
  'fine-noise',
  'january-2003',
  'resonance',
  'co-scheduling',
  'jaguar-xt5',
  'bgp',
  'open-questions',
];

describe('the lesson steps', () => {
  it('are the 13 steps of the issue, numbered 1 to 13 in order', () => {
    expect(STEPS.map((s) => s.id)).toEqual(ORDER);
    expect(STEPS.map((s) => s.number)).toEqual(ORDER.map((_, i) => i + 1));
  });

  it('have ids that are URL-safe slugs', () => {
    for (const step of STEPS) expect(step.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('are found by number or by id, and nothing else is', () => {
    expect(findStep('9')?.id).toBe('resonance');
    expect(findStep('resonance')?.number).toBe(9);
    expect(findStep('1')?.id).toBe('expectation');
    for (const bad of ['0', '14', '', 'Resonance', '9x', 'constructor']) {
      expect(findStep(bad)).toBeUndefined();
    }
  });

  for (const step of STEPS) {
    describe(`step ${step.number} (${step.id})`, () => {
      it('sets a shipped preset with edits the validator accepts', () => {
        expect(PRESETS.map((p) => p.id)).toContain(step.state.preset);
        expect(() => applyEdits(preset(step.state.preset), step.state.edits)).not.toThrow();
        if (step.compare) {
          expect(PRESETS.map((p) => p.id)).toContain(step.compare.state.preset);
          expect(() =>
            applyEdits(preset(step.compare!.state.preset), step.compare!.state.edits),
          ).not.toThrow();
        }
        if (step.sweep) {
          // every point of the sweep a valid scenario, and not too many for a browser
          const scenario = applyEdits(preset(step.state.preset), step.state.edits);
          const { varies, total } = step.sweep.plan(scenario);
          expect(planSweep(scenario, varies)).toHaveLength(total);
          expect(total).toBeLessThanOrEqual(12);
        }
      });

      it('asks one question the paper answers', () => {
        const q = step.question;
        expect(q.prompt.length).toBeGreaterThan(10);
        if (q.kind === 'choice') {
          expect(q.options.length).toBeGreaterThanOrEqual(3);
          expect(new Set(q.options.map((o) => o.id)).size).toBe(q.options.length);
          for (const o of q.options) expect(o.id).toMatch(/^[a-z]$/);
          expect(q.options.map((o) => o.id)).toContain(q.answer);
          for (const o of q.options.filter((option) => option.curve)) {
            expect(o.curve!.length).toBeGreaterThanOrEqual(2);
            expect(o.curve!.every((y) => y >= 0 && y <= 1)).toBe(true);
            expect(o.axes).toMatch(/against/);
          }
        } else if (q.kind === 'sketch') {
          expect(q.xs.length).toBeGreaterThanOrEqual(4);
          if (q.answer) expect(q.answer.length).toBe(q.xs.length);
          expect(q.x.min).toBeLessThan(q.x.max);
          const onAxis = (x: number) =>
            (x >= q.x.min || (q.x.zeroAtMin === true && x === 0)) && x <= q.x.max;
          for (const x of q.xs) expect(onAxis(x)).toBe(true);
          for (const x of q.x.ticks ?? []) expect(onAxis(x)).toBe(true);
          for (const n of q.notes ?? []) {
            expect(q.xs).toContain(n.x);
            expect(n.cite).toMatch(/^00[0-4] /);
          }
          for (const p of q.published) expect(p.y >= q.y.min && p.y <= q.y.max).toBe(true);
        } else if (q.kind === 'marker') {
          for (const v of [q.initial, q.answer, ...q.guides.map((g) => g.value)]) {
            expect(v).toBeGreaterThanOrEqual(q.axis.min);
            expect(v).toBeLessThanOrEqual(q.axis.max);
          }
        } else {
          expect(q.min).toBeLessThan(q.max);
          for (const v of [q.initial, q.answer]) {
            expect(v).toBeGreaterThanOrEqual(q.min);
            expect(v).toBeLessThanOrEqual(q.max);
          }
        }
      });

      it('cites a seed paper for its published figure and its explanation', () => {
        expect(step.published.cite).toMatch(/\b00[0-4]\b/);
        expect(step.published.value).not.toBe('');
        expect(step.explanation).toMatch(/\(00[0-4] /);
        expect(step.runNote).toMatch(/s\b/); // says how long its run takes
      });
    });
  }
});

describe('applyEdits', () => {
  it('aligns only the periodic sources, and leaves the preset itself unchanged', () => {
    const base = preset('asci-q-2002');
    const aligned = applyEdits(base, [{ kind: 'sources', arrival: 'periodic', phase: 'aligned' }]);
    for (const s of aligned.noise) {
      expect(s.phase).toBe(s.arrival === 'periodic' ? 'aligned' : 'random');
    }
    expect(base.noise.every((s) => s.phase === 'random')).toBe(true);
  });

  it('disables sources by id and by category', () => {
    const off = applyEdits(preset('asci-q-2002'), [
      { kind: 'sources', categories: ['kernel'], enabled: false },
      { kind: 'sources', ids: ['quorum-node'], enabled: false },
    ]);
    const disabled = off.noise.filter((s) => !s.enabled).map((s) => s.id);
    expect(disabled).toContain('quorum-node');
    expect(disabled).toContain('kernel-heartbeat-125ms');
    expect(disabled).not.toContain('rms-15ms');
  });

  it('refuses an edit that names no source, and one the validator refuses', () => {
    const base = preset('asci-q-2002');
    expect(() => applyEdits(base, [{ kind: 'sources', ids: ['nope'], enabled: false }])).toThrow(
      /no noise source/,
    );
    expect(() => applyEdits(base, [{ kind: 'set', path: 'job.nodes', value: 99999 }])).toThrow();
  });
});

describe('an added noise source', () => {
  const source = {
    id: 'extra',
    label: 'An extra stop',
    category: 'daemon',
    enabled: true,
    periodUs: 1_000_000,
    arrival: 'periodic',
    phase: 'random',
    phaseOffsetUs: 0,
    duration: { dist: 'fixed', valueUs: 100 },
    placement: { kind: 'all' },
    cpu: 'any',
  };

  it('comes after the preset’s own sources, validated', () => {
    const base = preset('asci-q-2002');
    const added = applyEdits(base, [{ kind: 'add-source', source }]);
    expect(added.noise).toHaveLength(base.noise.length + 1);
    expect(added.noise.at(-1)).toMatchObject({ id: 'extra', periodUs: 1_000_000 });
  });

  it('is refused with an id already taken, or when the validator refuses it', () => {
    const base = preset('asci-q-2002');
    expect(() =>
      applyEdits(base, [{ kind: 'add-source', source: { ...source, id: 'rms-15ms' } }]),
    ).toThrow(/"rms-15ms" is there already/);
    expect(() =>
      applyEdits(base, [{ kind: 'add-source', source: { ...source, periodUs: -1 } }]),
    ).toThrow();
  });
});

describe('step 5’s simulated figure and the map beside it', () => {
  /** A run whose job nodes 0..63 (two 32-node clusters) were delayed `byOffset[o]` µs each. */
  const runWith = (byOffset: (o: number) => number) =>
    ({
      summary: { iterations: 100 },
      attribution: {
        nodeIds: Array.from({ length: 64 }, (_, x) => x),
        nodeDelayUs: Array.from({ length: 64 }, (_, x) => byOffset(x % 32)),
      },
    }) as unknown as RunResult;
  const scenario = preset('asci-q-2002');
  const figure = (byOffset: (o: number) => number) =>
    findStep('per-node')!.simulate({
      scenario,
      run: runWith(byOffset),
      compare: null,
      sweep: null,
    });

  it('names the three positions with the most delay, those the map marks first', () => {
    // offsets 1 and 31 at 3× and 2× the rest, offset 0 at 1.1×: the map marks 1 and 31 only
    const f = figure((o) => (o === 1 ? 300 : o === 31 ? 200 : o === 0 ? 110 : 100));
    expect(f).toMatchObject({ ok: true, value: 'nodes 1, 31, then 0' });
    expect(f.ok && f.detail).toContain(
      'the map marks only those over 1.25× the median position’s delay (1, 31), and node 0 at 1.1× is not among them',
    );
  });

  it('says when none of them stands out on the map', () => {
    const f = figure((o) => (o === 1 ? 120 : o === 31 ? 115 : o === 0 ? 110 : 100));
    expect(f).toMatchObject({ ok: true, value: 'no position stands out; most: 0, 1, 31' });
  });

  it('says nothing more when all three stand out', () => {
    const f = figure((o) => (o === 1 ? 300 : o === 31 ? 200 : o === 0 ? 150 : 100));
    expect(f).toMatchObject({ ok: true, value: 'nodes 0, 1, 31' });
    expect(f.ok && f.detail).not.toContain('the map marks');
  });
});
