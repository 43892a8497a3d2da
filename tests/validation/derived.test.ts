// The workload files of scenarios/ must be what their derivation from the presets gives
// (regenerate with `npm run scenarios`), and must load.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';
import { derive, derivations } from '../../src/validation/derived.ts';

describe('derived scenario files', () => {
  for (const d of derivations) {
    it(`scenarios/${d.file}.json is ${d.parent} with its workload`, () => {
      const url = new URL(`../../scenarios/${d.file}.json`, import.meta.url);
      const onDisk = validateScenario(JSON.parse(readFileSync(url, 'utf8')));
      expect(onDisk, 'stale: run npm run scenarios').toEqual(validateScenario(derive(d)));
    });
  }
});
