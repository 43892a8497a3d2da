// Where the loss-by-duration view puts a published share (000 Fig 18) and the curve a pinned
// run leaves behind as a ghost.
import { describe, expect, it } from 'vitest';
import {
  layerCue,
  shareMark,
  totalCurve,
  type LossByDuration,
} from '../../src/charts/loss-by-duration.ts';
import { categoryColour } from '../../src/charts/category-colour.ts';
import { categoryShare } from '../../src/charts/resonance.ts';
import { loadPreset } from '../../src/validation/presets.ts';

const data: LossByDuration = {
  upperUs: [10, 100, 1000],
  startUs: 1,
  layers: [
    { category: 'kernel', lostUs: 60, cumulativeUs: [10, 50, 60] },
    { category: 'rms', lostUs: 40, cumulativeUs: [0, 0, 40] },
  ],
  totalLostUs: 100,
};

describe('shareMark', () => {
  it('puts a share on top of the layers below its category, of the stack total', () => {
    expect(shareMark(data, 'kernel', 0.66)).toEqual({
      belowUs: 0,
      publishedTopUs: 66,
      simulatedShare: 0.6,
    });
    const rms = shareMark(data, 'rms', 0.4)!;
    expect(rms.belowUs).toBe(60);
    expect(rms.publishedTopUs).toBeCloseTo(100, 12);
    expect(rms.simulatedShare).toBeCloseTo(0.4, 12);
  });

  it('is null for a category that lost nothing here, or an empty stack', () => {
    expect(shareMark(data, 'trucluster', 0.52)).toBeNull();
    expect(shareMark({ ...data, layers: [] }, 'kernel', 0.66)).toBeNull();
  });
});

describe('layerCue', () => {
  it('colours a layer by its category, wherever it sits in the stack', () => {
    // RMS is green in the timeline and the resonance view; so it is here, as the first layer
    // (kernel sources off) or the second
    expect(layerCue('rms', 0).colour).toBe(categoryColour('rms'));
    expect(layerCue('rms', 1).colour).toBe(categoryColour('rms'));
    expect(layerCue('rms', 0).colour).not.toBe(layerCue('kernel', 0).colour);
    expect(layerCue('rms', 0).dash).not.toBe(layerCue('rms', 1).dash);
  });
});

describe('totalCurve', () => {
  it('starts at 0 on the start edge and sums the layers at every upper edge', () => {
    expect(totalCurve(data)).toEqual([
      { x: 1, y: 0 },
      { x: 10, y: 10 },
      { x: 100, y: 50 },
      { x: 1000, y: 100 },
    ]);
  });
});

describe('categoryShare', () => {
  it("sums the shares of a category's sources at one granularity; null before any arrives", () => {
    const s = loadPreset('asci-q-2003');
    const shares = new Map([
      ['rms-15ms', [0.1, 0.2]],
      ['rms-18ms', [0.05, null]],
      ['kernel-activity', [0.6, 0.3]],
    ]);
    expect(categoryShare(shares, s, 'rms', 0)).toBeCloseTo(0.15, 12);
    expect(categoryShare(shares, s, 'rms', 1)).toBeCloseTo(0.2, 12);
    expect(categoryShare(shares, s, 'trucluster', 0)).toBeNull();
  });
});
