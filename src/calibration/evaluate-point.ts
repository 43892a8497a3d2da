// One point of the search: the presets with the parameters set to the values of a unit point,
// validated (a fit can never write a preset the app would refuse).
import { validateScenario } from '../scenario/index.ts';
import { fromUnit } from './search.ts';
import type { Parameter, Presets } from './types.ts';

/** The values (rounded as written) of unit point `u`. */
export function valuesAt(parameters: Parameter[], u: readonly number[]): number[] {
  return parameters.map((p, k) => p.round(fromUnit(u[k], p.lo, p.hi, p.scale)));
}

/** Copies of `base` with `values` written, each validated again. */
export function presetsWith(
  base: Presets,
  parameters: Parameter[],
  values: readonly number[],
): Presets {
  const drafts = structuredClone(base);
  parameters.forEach((p, k) => p.write(drafts, values[k]));
  const out: Presets = {};
  for (const [name, s] of Object.entries(drafts)) {
    try {
      out[name] = validateScenario(s);
    } catch (err) {
      throw new Error(
        `calibration: scenarios/${name}.json would be refused: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  }
  return out;
}
