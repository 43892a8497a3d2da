// The shipped presets, read from scenarios/ and validated, for the lesson's tests (the page
// fetches the same files through src/state/presets.ts).
import { readFileSync } from 'node:fs';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';

const cache = new Map<string, Scenario>();

export function preset(id: string): Scenario {
  let scenario = cache.get(id);
  if (!scenario) {
    const text = readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8');
    scenario = validateScenario(JSON.parse(text));
    cache.set(id, scenario);
  }
  return scenario;
}

export const loadPreset = async (id: string) => preset(id);
