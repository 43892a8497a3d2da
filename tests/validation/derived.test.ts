// The workload files of scenarios/ must be what their derivation from the presets gives
// (regenerate with `npm run scenarios`), and must load.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
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

describe('the Franklin allreduce jitter preset', () => {
  it('runs, without noise, every allreduce in 2·hop·⌈log₂ 1,024⌉ with the 8-byte hop (5 + 8/1,600 µs)', () => {
    const url = new URL('../../scenarios/allreduce-franklin-xt4.json', import.meta.url);
    const s = validateScenario(JSON.parse(readFileSync(url, 'utf8')));
    expect(s.job.nodes * s.job.ranksPerNode).toBe(1024);
    const hop = 5 + 8 / 1600;
    const r = runScenario({ ...s, noise: [] });
    expect(r.summary.collectiveUs).toBeCloseTo(2 * hop * 10, 9);
    for (const d of r.iterationsUs) expect(d).toBeCloseTo(2 * hop * 10, 9);
  });
});
