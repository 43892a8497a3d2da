// The layers are enforced by lint (eslint.config.js): an import across a layer's boundary is an
// error of `npm run lint`, named with the layers it may use. Checked here on a few imports a
// careless change would add, linted as if they were in the file named.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers', () => {
  it.each([
    ['src/engine/x.ts', "import type { Scenario } from '../state/presets.ts';"],
    ['src/engine/x.ts', "export { x } from '../ui/App.svelte';"],
    ['src/scenario/x.ts', "import { run } from '../engine/run.ts';"],
    ['src/state/x.ts', "import { palette } from '../charts/palette.ts';"],
    ['src/state/x.ts', "import { STEPS } from '../lesson/steps.ts';"],
    ['src/challenges/x.ts', "import { STEPS } from '../lesson/steps.ts';"],
    ['src/charts/x.ts', "import { format } from '../ui/page-problems.ts';"],
    ['workers/x.ts', "import { Simulation } from '../src/state/simulation.svelte.ts';"],
  ])('%s may not: %s', async (file, code) => {
    const found = await problems(file, `${code}\nexport const used = 1;\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/may import only from/);
  });

  it.each([
    ['src/engine/x.ts', "import type { Scenario } from '../scenario/types.ts';"],
    ['src/charts/x.ts', "import { PRESETS } from '../state/presets.ts';"],
    ['src/ui/x.ts', "import { STEPS } from '../lesson/steps.ts';"],
    ['src/lesson/x.ts', "import { applyEdits } from '../edits/apply.ts';"],
  ])('%s may: %s', async (file, code) => {
    expect(await problems(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
