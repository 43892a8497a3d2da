// The recent pace behind a long run's time left (src/state/pace.ts, remainingText).
import { describe, expect, it } from 'vitest';
import { remainingText } from '../../src/format/numbers.ts';
import { Pace, PACE_WINDOW_MS } from '../../src/state/pace.ts';

describe('the recent pace', () => {
  it('is the stretch since the start while the run is younger than a window', () => {
    const pace = new Pace();
    pace.reset(1000);
    expect(pace.note(2000, 0.1)).toEqual({ ms: 1000, done: 0.1 });
    expect(pace.note(4000, 0.3)).toEqual({ ms: 3000, done: 0.3 });
  });

  it('forgets a slow start: a run at 1 % a second for 10 s, then 5 % a second', () => {
    const pace = new Pace();
    pace.reset(0);
    let done = 0;
    let recent = { ms: 0, done: 0 };
    for (let t = 250; t <= 20_000; t += 250) {
      done += t <= 10_000 ? 0.0025 : 0.0125;
      recent = pace.note(t, done);
    }
    // at 20 s, 60 % done: the window (a third of 20 s, at least PACE_WINDOW_MS) is all fast
    expect(recent.ms).toBeGreaterThanOrEqual(PACE_WINDOW_MS);
    expect(recent.done / recent.ms).toBeCloseTo(0.05 / 1000, 9);
    // 40 % left at 5 % a second: 8 s; the pace since the start would say 13.3 s
    expect(remainingText(20_000, done, recent)).toBe('about 10 s left');
    expect(remainingText(20_000, done)).toBe('about 15 s left');
  });

  it('gives the same as the pace since the start for a run at an even pace', () => {
    const pace = new Pace();
    pace.reset(0);
    let recent = { ms: 0, done: 0 };
    for (let t = 500; t <= 30_000; t += 500) recent = pace.note(t, t / 100_000);
    expect(remainingText(30_000, 0.3, recent)).toBe(remainingText(30_000, 0.3));
    expect(remainingText(30_000, 0.3, recent)).toBe('about 1 min left'); // 70 s
  });
});
