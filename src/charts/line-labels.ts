// Where the names of the iteration series' two rules (the mean and the model, the noiseless
// iteration) go at the right end of panel (a): each just above its rule when the series leaves
// that room, else both under the lower rule, where the series never goes (an iteration is never
// shorter than the noiseless one), else nowhere: the legend under the chart names both rules with
// their values, and a name printed over the series hid both. Pure: screen coordinates in,
// baselines out.

/** A rule's name: its screen y (viewBox units, down) and how it is keyed. */
export interface RuleLabel {
  key: 'mean' | 'model';
  /** y of the rule */
  at: number;
}

/**
 * Baselines (y, viewBox units) of the rules' names, in the order given; null when neither place
 * is clear of the series (the names are then left to the legend).
 * - `band`: top and bottom y of the series where the names go (the columns under them), or null
 *   when there is none;
 * - `plot`: the plot's top and bottom y;
 * - `line`: a line of the names' text (its height, plus the gap between two lines).
 */
export function placeRuleLabels(
  rules: readonly RuleLabel[],
  band: { top: number; bottom: number } | null,
  plot: { top: number; bottom: number },
  line: number,
): number[] | null {
  const clear = (bases: number[]) =>
    bases.every(
      (b) =>
        b - line >= plot.top &&
        b <= plot.bottom &&
        (band === null || b <= band.top || b - line >= band.bottom),
    );
  // Above its rule, the upper one moved up when the two are less than a line apart.
  const above = rules.map((r) => r.at - 5);
  const order = rules.map((_, i) => i).sort((i, j) => rules[j].at - rules[i].at); // lowest first
  for (let k = 1; k < order.length; k++) {
    const lower = above[order[k - 1]];
    above[order[k]] = Math.min(above[order[k]], lower - line);
  }
  if (clear(above)) return above;
  // Under the lowest rule, its own name first.
  const below = rules.map(() => 0);
  let base = rules[order[0]].at + 3;
  for (const i of order) {
    base += line;
    below[i] = base;
  }
  if (clear(below)) return below;
  return null;
}
