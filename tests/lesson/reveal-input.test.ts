// What the lesson panel reads from the runs (src/ui/lesson/reveal-input.ts): the reveal waits
// for every run a step needs (the run on show, its comparison run, its sweep), says why when one
// failed, and the panel's note says where the step's sweep is.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { applyEdits } from '../../src/edits/apply.ts';
import { findStep } from '../../src/lesson/steps.ts';
import {
  announcement,
  revealInput,
  runsNote,
  type SweepState,
} from '../../src/ui/lesson/reveal-input.ts';
import { preset } from './presets.ts';

const step9 = findStep('resonance')!;
const step6 = findStep('barrier-amplifies')!;
const small = applyEdits(preset('asci-q-2003'), [
  { kind: 'set', path: 'job.nodes', value: 8 },
  { kind: 'set', path: 'workload.iterations', value: 60 },
]);
const run = runScenario(small);
const done = { status: 'done' as const, result: run };
const idle = { status: 'idle' as const, result: null };
const noSweep: SweepState = { results: null, error: null, progress: null };

describe('the reveal’s input', () => {
  it('waits for the run on show, and says why when it did not finish', () => {
    expect(revealInput(step6, small, { status: 'running', result: null }, idle, noSweep)).toBe(
      null,
    );
    expect(revealInput(step6, small, { status: 'cancelled', result: null }, idle, noSweep)).toBe(
      'the simulation did not finish; press Run',
    );
  });

  it('waits for a comparison run', () => {
    expect(revealInput(step6, small, done, idle, noSweep)).toBe(null);
    expect(revealInput(step6, small, done, done, noSweep)).toEqual({
      scenario: small,
      run,
      compare: run,
      sweep: null,
    });
  });

  it('waits for a sweep, and passes its runs on', () => {
    const running: SweepState = {
      results: null,
      error: null,
      progress: { done: 3, total: 7, state: 'running' },
    };
    expect(revealInput(step9, small, done, idle, running)).toBe(null);
    const runs = [run, run];
    const finished: SweepState = {
      results: runs,
      error: null,
      progress: { done: 7, total: 7, state: 'done' },
    };
    expect(revealInput(step9, small, done, idle, finished)).toMatchObject({ sweep: runs });
    expect(
      revealInput(step9, small, done, idle, { ...running, error: 'The sweep failed: x' }),
    ).toBe('The sweep failed: x');
  });
});

describe('the panel’s words', () => {
  it('note where the sweep is', () => {
    const at = (state: 'waiting' | 'queued' | 'running' | 'done') =>
      runsNote(step9, 'idle', {
        results: null,
        error: null,
        progress: { done: 3, total: 7, state },
      });
    expect(at('waiting')).toBe('Sweep of 7 granularities: waiting for the run on show…');
    expect(at('queued')).toBe('Sweep of 7 granularities: waiting for the views’ sweeps…');
    expect(at('running')).toBe('Sweep of 7 granularities: 3 of 7 runs done…');
    const long = { done: 3, total: 7, state: 'running' as const, remaining: 'about 2 min left' };
    expect(runsNote(step9, 'idle', { results: null, error: null, progress: long })).toBe(
      'Sweep of 7 granularities: 3 of 7 runs done, about 2 min left…',
    );
    expect(at('done')).toBe('Sweep of 7 granularities: done.');
    expect(runsNote(step6, 'running', noSweep)).toBe('Comparison run: 1 node (running…).');
  });

  it('announce the step, and once revealed both figures', () => {
    expect(announcement(step9, 13, false, null)).toBe(`Step 9 of 13: ${step9.title}.`);
    expect(announcement(step9, 13, true, { ok: true, value: 'v', detail: 'd' })).toBe(
      `Revealed. Simulated: v. Published: ${step9.published.value}, Petrini, Kerbyson and Pakin 2003, sec. 6, Fig 18.`,
    );
  });
});
