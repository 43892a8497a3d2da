// The EP presets of 001's machines whose noise was not published (scripts/solve-ep.ts): Lemieux
// keeps ASCI Q 2002's sources as they are today, and each fitted value is the one
// docs/ep-fit.md reports the solve reached (a hand edit of either shows here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../../src/validation/presets.ts';

const raw = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8')) as {
    noise: { id: string }[];
  };

describe('the node activity fitted to EP', () => {
  it('on Lemieux comes on top of ASCI Q 2002’s sources as asci-q-2002.json has them', () => {
    const lemieux = raw('lemieux-ep').noise;
    expect(lemieux.at(-1)!.id).toBe('node-hiccup');
    expect(lemieux.slice(0, -1)).toEqual(raw('asci-q-2002').noise);
  });

  it('has the median and the compute docs/ep-fit.md says were solved', () => {
    const page = readFileSync(new URL('../../docs/ep-fit.md', import.meta.url), 'utf8');
    for (const [file, source] of [
      ['lemieux-ep', 'node-hiccup'],
      ['seaborg-ep', 'node-activity'],
      ['alvarez-ep', 'node-activity'],
    ]) {
      const row = page.split('\n').find((l) => l.startsWith(`| ${file} `));
      expect(row, file).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      const s = loadPreset(file);
      const src = s.noise.find((n) => n.id === source)!;
      expect(src.duration.dist).toBe('lognormal');
      const median = src.duration.dist === 'lognormal' ? src.duration.medianUs : NaN;
      expect(cells[4], file).toBe(`${(median / 1000).toPrecision(3)} ms`);
      const compute = s.workload.kind === 'allreduce' ? s.workload.granularityUs : NaN;
      expect(cells[5], file).toBe(`${(compute / 1e6).toFixed(3)} s`);
    }
  });
});
