// The views' settings in a link: written only when not the defaults, read back exactly, and
// every bad or unknown entry reported while the rest still applies.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LATENCY_GRANULARITIES_US,
  formatGranularities,
  parseGranularities,
  ViewSettings,
} from '../../src/state/view-settings.svelte.ts';

describe('parseGranularities', () => {
  it('reads units, spaces and repeats, and sorts', () => {
    expect(parseGranularities('5 ms, 0, 1ms, 1000us; 250')).toEqual({
      ok: true,
      values: [0, 250, 1000, 5000],
    });
    expect(formatGranularities([0, 250, 1000, 5000, 1_000_000])).toBe('0, 250us, 1ms, 5ms, 1s');
    const round = parseGranularities(formatGranularities([0, 1500, 20]));
    expect(round).toEqual({ ok: true, values: [0, 20, 1500] });
  });

  it('names the problem', () => {
    expect(parseGranularities('')).toMatchObject({ ok: false, message: /at least one/ });
    expect(parseGranularities('1ms, fast')).toMatchObject({
      ok: false,
      message: /^"fast" is not a duration/,
    });
    expect(parseGranularities('2s')).toMatchObject({ ok: false, message: /longer than 1 s/ });
    expect(parseGranularities('1,2,3,4,5,6,7')).toMatchObject({
      ok: false,
      message: /^7 granularities; allowed: at most 6/,
    });
    expect(parseGranularities('-1ms').ok).toBe(false);
  });
});

describe('ViewSettings', () => {
  it('writes nothing for the defaults and round-trips the rest', () => {
    const v = new ViewSettings();
    expect(v.toView()).toEqual({});
    v.latencyGranularitiesUs = [0, 100, 10_000];
    v.timelineFirst = 40;
    const view = v.toView();
    expect(view).toEqual({ 'latency.g': '0, 100us, 10ms', 'timeline.first': 40 });
    const w = new ViewSettings();
    expect(w.apply(view)).toEqual([]);
    expect(w.latencyGranularitiesUs).toEqual([0, 100, 10_000]);
    expect(w.timelineFirst).toBe(40);
  });

  it('reports unknown keys and bad values, keeps the defaults for them and applies the rest', () => {
    const v = new ViewSettings();
    v.timelineFirst = 9;
    const problems = v.apply({ 'latency.g': 'soon', 'timeline.first': 12, 'future.knob': true });
    expect(problems).toEqual([
      'latency.g: "soon" is not a duration; allowed: a number with us, µs, ms or s (a bare number means µs), e.g. 0, 1ms, 5ms.',
      'future.knob: not a setting of this version of NoiseLab (ignored)',
    ]);
    expect(v.latencyGranularitiesUs).toEqual([...DEFAULT_LATENCY_GRANULARITIES_US]);
    expect(v.timelineFirst).toBe(12);
    expect(v.apply({ 'timeline.first': -3 })).toEqual([
      'timeline.first: expected a whole number ≥ 0 (an iteration)',
    ]);
    expect(v.timelineFirst).toBeNull();
    v.timelineFirst = 0; // iteration 0 shown on purpose: written, unlike the default
    expect(v.toView()).toEqual({ 'timeline.first': 0 });
  });

  it('keeps the co-scheduled comparison of the timeline in the link when it is on', () => {
    const v = new ViewSettings();
    expect(v.timelineAligned).toBe(false);
    v.timelineAligned = true;
    expect(v.toView()).toEqual({ 'timeline.aligned': true });
    const w = new ViewSettings();
    expect(w.apply({ 'timeline.aligned': true })).toEqual([]);
    expect(w.timelineAligned).toBe(true);
    expect(w.apply({ 'timeline.aligned': 'yes' })).toEqual([
      'timeline.aligned: expected true (show the co-scheduled timeline) or false',
    ]);
    expect(w.timelineAligned).toBe(false);
  });

  it('keeps the run-to-run view’s number of runs in the link when it is not the default', () => {
    const v = new ViewSettings();
    expect(v.variabilityRuns).toBe(20);
    expect(v.toView()).toEqual({});
    v.variabilityRuns = 100;
    expect(v.toView()).toEqual({ 'runs.n': 100 });
    const w = new ViewSettings();
    expect(w.apply({ 'runs.n': 50 })).toEqual([]);
    expect(w.variabilityRuns).toBe(50);
    // a count the view does not offer is named, and the default kept
    expect(w.apply({ 'runs.n': 7 })).toEqual([
      'runs.n: expected one of 10, 20, 50, 100, 200, 500 (runs)',
    ]);
    expect(w.variabilityRuns).toBe(20);
  });

  it('keeps the run-to-run view’s picture against processes in the link, and names a bad one', () => {
    const v = new ViewSettings();
    expect(v.variabilityBy).toBe('histogram');
    v.variabilityBy = 'processes';
    expect(v.toView()).toEqual({ 'runs.by': 'processes' });
    const w = new ViewSettings();
    expect(w.apply({ 'runs.by': 'processes', 'runs.n': 50 })).toEqual([]);
    expect(w.variabilityBy).toBe('processes');
    expect(w.apply({ 'runs.by': 'nodes' })).toEqual([
      'runs.by: expected one of histogram, processes (what the runs show)',
    ]);
    expect(w.variabilityBy).toBe('histogram');
  });
});
