// `noiselab validate`: checks a scenario file (with any --set/--seed applied) without running
// it, for editors, CI and hand-written files. Problems are thrown as the validator's
// ScenarioError, which main.ts prints one issue per line on stderr with exit status 2.
import type { Invocation } from '../args.ts';
import { loadScenario } from '../io.ts';

export function validateCommand(inv: Invocation): string {
  return `ok: ${loadScenario(inv.file, inv).title}`;
}
