// The names of the iteration series' mean and model rules (src/charts/line-labels.ts).
import { describe, expect, it } from 'vitest';
import { placeRuleLabels } from '../../src/charts/line-labels.ts';

const plot = { top: 20, bottom: 400 };
const LINE = 14;

describe('the names of the mean and model rules', () => {
  it('sit just above their rules when the series leaves room there', () => {
    // a quiet series hugging the model (y 300–296) and a mean at y 280: room above both
    const y = placeRuleLabels(
      [
        { key: 'model', at: 300 },
        { key: 'mean', at: 250 },
      ],
      { top: 296, bottom: 300 },
      plot,
      LINE,
    );
    expect(y).toEqual([295, 245]);
  });

  it('move the upper name up when the rules are closer than a line', () => {
    const y = placeRuleLabels(
      [
        { key: 'model', at: 300 },
        { key: 'mean', at: 295 },
      ],
      null,
      plot,
      LINE,
    );
    expect(y).toEqual([295, 295 - LINE]);
  });

  it('go under the model rule when the series fills the room above the rules', () => {
    // spikes from the model (y 300) up to y 40 at the right end, as an NPB LU run draws
    const y = placeRuleLabels(
      [
        { key: 'model', at: 300 },
        { key: 'mean', at: 280 },
      ],
      { top: 40, bottom: 300 },
      plot,
      LINE,
    );
    expect(y).toEqual([300 + 3 + LINE, 300 + 3 + 2 * LINE]);
    // every name's box is under the series
    for (const b of y!) expect(b - LINE).toBeGreaterThanOrEqual(300);
  });

  it('are left to the legend when the series leaves room neither above nor under', () => {
    const y = placeRuleLabels(
      [
        { key: 'model', at: 390 },
        { key: 'mean', at: 280 },
      ],
      { top: 40, bottom: 390 },
      plot,
      LINE,
    );
    expect(y).toBeNull();
  });

  it('place one name (no model run) the same way', () => {
    // the series on both sides of the mean: no room anywhere
    expect(
      placeRuleLabels([{ key: 'mean', at: 200 }], { top: 100, bottom: 260 }, plot, LINE),
    ).toBeNull();
    // the series under the mean only: above it
    expect(
      placeRuleLabels([{ key: 'mean', at: 200 }], { top: 198, bottom: 260 }, plot, LINE),
    ).toEqual([195]);
  });
});
