// `npm run bench:sameness`: counted lanes (src/engine/bulk-lanes.ts) against visiting every
// rank, on whole machines, over seeds 1–20 (src/engine/sameness.ts: mean within 2 standard
// errors, KS at 1 %, sources' shares within 2 standard errors as a family). Prints a table and
// writes it into docs/benchmarks.md between its markers. Takes a few minutes: the exact side
// visits every rank of 130,000–150,000 every iteration.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { compareRuns, type Sameness } from '../src/engine/sameness.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { loadPreset } from '../src/validation/presets.ts';
import { CASES } from './cases.ts';

const SEEDS = Array.from({ length: 20 }, (_, k) => k + 1);
const ITERATIONS = 300;

/** A preset on its whole machine, `ITERATIONS` iterations, at `seed`. */
const whole = (id: string) => (seed: number) => {
  const s = loadPreset(id);
  s.seed = seed;
  s.job.nodes = s.machine.nodes;
  s.workload.iterations = ITERATIONS;
  return s;
};

const cases: { about: string; make: (seed: number) => Scenario }[] = [
  {
    about: `Jaguar XT5 RN preset, whole machine (18,688 × 7), ${ITERATIONS} iterations`,
    make: whole('jaguar-xt5-rn'),
  },
  {
    about: `Jaguar XT5 RN prototype preset, whole machine, ${ITERATIONS} iterations`,
    make: whole('jaguar-xt5-rn-prototype'),
  },
  {
    about: `dense: every rank of 149,504 hit by 25 µs at 1 kHz, ${ITERATIONS} iterations`,
    make: (seed) => {
      const s = CASES.find((c) => c.name === 'jaguar-dense')!.scenarios()[0];
      s.seed = seed;
      s.workload.iterations = ITERATIONS;
      return s;
    },
  },
];

const f = (x: number, d: number) => x.toFixed(d);
const shareText = (r: Sameness) => {
  const worst = [...r.shares].sort((a, b) => b.diff / b.bound - a.diff / a.bound)[0];
  return worst ? `${worst.id}: ${f(worst.diff, 4)} ≤ ${f(worst.bound, 4)}` : '–';
};

const lines = [
  '| scenario | seeds | mean Δ, every rank (µs ± SE) | mean Δ, counted | difference ≤ 2 SE | KS D ≤ critical (1 %) | largest share difference ≤ its bound | same |',
  '|---|---:|---:|---:|---|---|---|---|',
];
for (const c of cases) {
  const t0 = performance.now();
  const r = compareRuns(c.make, SEEDS);
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  console.error(`${c.about}: ${r.pass ? 'same' : 'DIFFERENT'} (${s} s)`);
  lines.push(
    `| ${c.about} | ${r.seeds} | ${f(r.exactMean, 3)} ± ${f(r.exactSe, 3)} | ${f(r.countedMean, 3)} ± ${f(r.countedSe, 3)} | ${f(r.meanDiff, 3)} ≤ ${f(r.meanBound, 3)} | ${f(r.ks, 4)} ≤ ${f(r.ksCritical, 4)} | ${shareText(r)} | ${r.pass ? 'yes' : 'no'} |`,
  );
}
const table = lines.join('\n');
console.log(table);

const file = new URL('../docs/benchmarks.md', import.meta.url);
const open = '<!-- sameness: written by npm run bench:sameness -->';
const close = '<!-- /sameness -->';
const section = [
  open,
  '',
  '## Counted lanes against every rank, on whole machines (npm run bench:sameness)',
  '',
  table,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)}; seeds 1–20, fixed before the first run. The`,
  'criteria are those of `src/engine/sameness.ts` (and of `tests/engine/counted-lanes.test.ts`, which',
  'checks the same on small machines, the presets and random scenarios of the class, in CI).',
  '',
  close,
].join('\n');
const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
const next = old.includes(open)
  ? old.slice(0, old.indexOf(open)) + section + old.slice(old.indexOf(close) + close.length)
  : `${old.trimEnd()}\n\n${section}\n`;
writeFileSync(file, next);
