// Margins that make room for the axes' text (projector mode's large type) and insets that keep
// the arrows of published bounds inside the plot.
import { describe, expect, it } from 'vitest';
import { boundInsets, BOUND_REACH } from '../../src/charts/bound-inset.ts';
import {
  EDGE_GAP,
  fitMargin,
  TITLE_GAP,
  yTitlePlace,
  yTitleX,
} from '../../src/charts/fit-margin.ts';

const base = { top: 16, right: 16, bottom: 44, left: 64 };

describe('fitMargin(base, axes)', () => {
  it('keeps the base margins when the text fits in them (the page at its usual size)', () => {
    const small = {
      yAxis: { width: 40, height: 280 },
      yTitle: { width: 150, height: 14 },
      xAxis: { width: 560, height: 20 },
      xTitle: { width: 120, height: 14 },
    };
    expect(fitMargin(base, small)).toEqual(base);
    expect(fitMargin(base, {})).toEqual(base);
  });

  it('widens the left margin by what 18-unit tick labels and title need, and no more', () => {
    const large = { yAxis: { width: 70, height: 280 }, yTitle: { width: 240, height: 22 } };
    expect(fitMargin(base, large).left).toBe(EDGE_GAP + 22 + TITLE_GAP + 70);
    expect(fitMargin(base, large).right).toBe(16);
  });

  it('deepens the bottom margin for tall x tick labels and title', () => {
    const large = { xAxis: { width: 560, height: 30 }, xTitle: { width: 200, height: 22 } };
    expect(fitMargin(base, large).bottom).toBe(30 + TITLE_GAP + 22 + EDGE_GAP);
  });

  it('puts the rotated title’s baseline its ascent from the edge (14 before it is measured)', () => {
    expect(yTitleX({ width: 100, height: 20 })).toBeCloseTo(EDGE_GAP + 16, 9);
    expect(yTitleX({ width: 0, height: 0 })).toBe(14);
  });
});

describe('boundInsets(marks, plot)', () => {
  it('needs no inset for exact marks, nor for bounds with room for their arrows', () => {
    expect(boundInsets([{ t: 0, bound: 'exact' }], 280)).toEqual({ bottom: 0, top: 0 });
    expect(
      boundInsets(
        [
          { t: 0.5, bound: 'under' },
          { t: 0.5, bound: 'over' },
        ],
        280,
      ),
    ).toEqual({
      bottom: 0,
      top: 0,
    });
  });

  it('lifts an "under" mark near the axis until its arrow ends above it', () => {
    // 000 Fig 6: under 300 µs on a 0–10 ms axis, t = 0.03 of a 280-unit plot.
    const t = 0.03;
    const { bottom, top } = boundInsets([{ t, bound: 'under' }], 280);
    expect(top).toBe(0);
    // the mark's new place, from the bottom, leaves the arrow's whole reach
    expect(bottom + (280 - bottom) * t).toBeGreaterThanOrEqual(BOUND_REACH);
    expect(bottom + (280 - bottom) * t).toBeLessThan(BOUND_REACH + 1);
  });

  it('insets the top for an "over" mark near it, and never by more than a third of the plot', () => {
    expect(boundInsets([{ t: 0.99, bound: 'over' }], 280).top).toBeGreaterThan(0);
    expect(boundInsets([{ t: 0, bound: 'under' }], 30)).toEqual({ bottom: 10, top: 0 });
  });
});

describe('yTitlePlace(yTitle, height, margin): the rotated y title inside its box', () => {
  const margin = { top: 16, bottom: 60 };
  it('centres a title that fits on the plot, at full size', () => {
    expect(yTitlePlace({ width: 100, height: 14 }, 320, margin)).toEqual({ y: 138, scale: 1 });
  });
  it('moves a title that would run past the box top back inside it', () => {
    // plot centre 118 (16 … 220); a title of 240 would reach from −2 to 238
    const { y, scale } = yTitlePlace({ width: 240, height: 14 }, 280, margin);
    expect(scale).toBe(1);
    expect(y - 120).toBe(EDGE_GAP);
    expect(y + 120).toBeLessThanOrEqual(280 - EDGE_GAP);
  });
  it('shrinks a title longer than the box is high to fit it, end to end', () => {
    const { y, scale } = yTitlePlace({ width: 400, height: 20 }, 300, margin);
    expect(scale).toBeCloseTo((300 - 2 * EDGE_GAP) / 400, 12);
    expect(y).toBeCloseTo(150, 12);
  });
  it('leaves a title not measured yet where the plot centre is', () => {
    expect(yTitlePlace({ width: 0, height: 0 }, 320, margin)).toEqual({ y: 138, scale: 1 });
  });
});
