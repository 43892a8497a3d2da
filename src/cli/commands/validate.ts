// `noiselab validate`: checks a scenario file (with any --set/--seed applied) without running
// it, for editors, CI and hand-written files. Problems are thrown as the validator's
// ScenarioError, which main.ts prints one issue per line on stderr with exit status 2.
// A valid scenario that may not mean what it says (a source whose events outlast the time between
// them: src/scenario/notices.ts) gets a `note:` line after `ok:` per such thing; it is still ok.
import type { Invocation } from '../args.ts';
import { loadScenario } from '../io.ts';
import { scenarioNotices } from '../../state/notices.ts';

export function validateCommand(inv: Invocation): string {
  const s = loadScenario(inv.file, inv);
  return [`ok: ${s.title}`, ...scenarioNotices(s).map((n) => `note: ${n}`)].join('\n');
}
