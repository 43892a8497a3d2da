// Applies a lesson step's or a challenge's edits to a preset scenario and validates the result:
// the one way they change the simulator, so each passes the same validator as a file or a link.
import { setPath, setSourcePhase, validateScenario } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import type { Edit } from './types.ts';

function picks(edit: Extract<Edit, { kind: 'sources' }>, source: Scenario['noise'][number]) {
  const named =
    (edit.ids?.includes(source.id) ?? false) ||
    (edit.categories?.includes(source.category) ?? false);
  const all = edit.ids === undefined && edit.categories === undefined;
  return (named || all) && (edit.arrival === undefined || edit.arrival === source.arrival);
}

/** `base` with `edits` applied in order, validated; throws ScenarioError when invalid. */
export function applyEdits(base: Scenario, edits: readonly Edit[]): Scenario {
  let edited: unknown = base;
  for (const edit of edits) {
    if (edit.kind === 'set') {
      edited = setPath(edited, edit.path, edit.value);
      continue;
    }
    if (edit.kind === 'add-source') {
      const scenario = edited as Scenario;
      if (scenario.noise.some((s) => s.id === edit.source.id))
        throw new Error(`a noise source "${String(edit.source.id)}" is there already`);
      edited = { ...scenario, noise: [...scenario.noise, edit.source] };
      continue;
    }
    const scenario = edited as Scenario;
    const matched = scenario.noise.filter((s) => picks(edit, s));
    if (matched.length === 0) throw new Error(`no noise source matches ${JSON.stringify(edit)}`);
    edited = {
      ...scenario,
      noise: scenario.noise.map((s) => {
        if (!picks(edit, s)) return s;
        const out = { ...s, ...(edit.enabled === undefined ? {} : { enabled: edit.enabled }) };
        // the phase as the source editor sets it: aligned drops a window and a group
        if (edit.phase !== undefined) setSourcePhase(out, edit.phase);
        return out;
      }),
    };
  }
  return validateScenario(edited);
}
