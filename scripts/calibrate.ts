// `npm run calibrate`: fits the preset values whose provenance is "calibrated" against the
// published results named in their `against`, jointly, over fixed seeds (src/calibration/), and
// writes the fitted values to the presets and the fit to docs/calibration.md. Reproducible: the
// same presets and options give the same values (the search and the engine are deterministic;
// only the times in the report differ).
//
//   npm run calibrate                 fit every problem; write scenarios/ and docs/calibration.md
//   npm run calibrate -- --problem P  fit one (asci-q, jaguar-xt5); its section of the page only
//   npm run calibrate -- --dry-run    evaluate the presets as they are; write nothing
//   npm run calibrate -- --at A,B,…   evaluate these values (µs, in the parameters' order, as
//                                     docs/calibration.md lists them; one problem); write nothing
//   options: --budget N (evaluations, default 64) --seeds A-B (default: the problem's: 11-20 for
//            asci-q, 11-15 for jaguar-xt5) --threads N (default 2); asci-q only:
//            --iterations N (per run and seed, default 600) --fwq-quanta N (default 100000)
//   (--dry-run evaluates the presets' current values; the fit always starts from the values
//   fixed in src/calibration/, so that a rerun gives the same presets)
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { format } from 'prettier';
import { asciQProblem } from '../src/calibration/asci-q.ts';
import { jaguarXt5Problem } from '../src/calibration/jaguar-xt5.ts';
import { presetsWith, valuesAt } from '../src/calibration/evaluate-point.ts';
import { evaluate, type Evaluation } from '../src/calibration/objective.ts';
import { calibrationPage, calibrationSection, showValue } from '../src/calibration/report.ts';
import { compassSearch, toUnit } from '../src/calibration/search.ts';
import type { Measures, Presets, Problem, SeedMeasure } from '../src/calibration/types.ts';
import { runPoints } from '../src/cli/sweep-pool.ts';
import { loadPreset } from '../src/validation/presets.ts';
import { lostBySize } from '../src/validation/table2-classes.ts';

function fail(message: string): never {
  console.error(`npm run calibrate: ${message}`);
  process.exit(2);
}

function intOption(
  args: string[],
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const text = args[i + 1];
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < min || n > max) {
    fail(
      `${name} takes a whole number from ${min} to ${max}; got ${text === undefined ? 'nothing' : JSON.stringify(text)}`,
    );
  }
  return n;
}

const KNOWN = [
  '--problem',
  '--dry-run',
  '--at',
  '--budget',
  '--iterations',
  '--seeds',
  '--threads',
  '--fwq-quanta',
];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (!KNOWN.includes(args[i]))
    fail(`unknown option ${JSON.stringify(args[i])} (options: ${KNOWN.join(', ')})`);
  if (args[i] !== '--dry-run') i++;
}
// Defaults: the fit docs/calibration.md records (a rerun with them reproduces its values).
const dryRun = args.includes('--dry-run');
const budget = intOption(args, '--budget', 64, 1, 1000);
const iterations = intOption(args, '--iterations', 600, 100, 5000);
const threads = intOption(args, '--threads', Math.min(2, availableParallelism()), 1, 64);
const fwqQuanta = intOption(args, '--fwq-quanta', 100_000, 1000, 1_000_000);
let seedsOption: number[] | null = null;
{
  const i = args.indexOf('--seeds');
  if (i >= 0) {
    const m = /^(\d+)-(\d+)$/.exec(args[i + 1] ?? '');
    if (!m || Number(m[1]) < 1 || Number(m[2]) < Number(m[1]) || Number(m[2]) - Number(m[1]) > 99) {
      fail(
        `--seeds takes a range like 11-13 (at most 100 seeds, from 1); got ${JSON.stringify(args[i + 1] ?? '')}`,
      );
    }
    seedsOption = [];
    for (let s = Number(m[1]); s <= Number(m[2]); s++) seedsOption.push(s);
  }
}
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

const allreduces = 200;
/** Every problem, in the page's order, each with its own seeds unless --seeds names others. */
const PROBLEMS: Record<string, () => Problem> = {
  'asci-q': () =>
    asciQProblem({ iterations, fwqQuanta, allreduces, seeds: seedsOption ?? range(11, 20) }),
  'jaguar-xt5': () => jaguarXt5Problem(seedsOption ?? range(11, 15)),
};
const names = Object.keys(PROBLEMS);
let chosen = names;
{
  const i = args.indexOf('--problem');
  if (i >= 0) {
    const name = args[i + 1] ?? '';
    if (!names.includes(name))
      fail(`--problem takes one of ${names.join(', ')}; got ${JSON.stringify(name)}`);
    chosen = [name];
  }
}
if (args.includes('--at') && chosen.length !== 1)
  fail(`--at evaluates one problem: add --problem (${names.join(', ')})`);

const pageFile = new URL('../docs/calibration.md', import.meta.url);
const sections: Record<string, string> = {};
for (const name of chosen) {
  const section = await fitProblem(PROBLEMS[name]());
  if (section !== null) sections[name] = section;
}
if (Object.keys(sections).length > 0) {
  const titles = names.map((id) => ({ id, title: PROBLEMS[id]().title }));
  const page = calibrationPage(titles, sections, readFileSync(pageFile, 'utf8'));
  writeFileSync(pageFile, await format(page, { parser: 'markdown', proseWrap: 'preserve' }));
  console.log('docs/calibration.md written; now run npm run scenarios and npm run presets:archive');
}

/** Fits `problem` (or, with --dry-run or --at, evaluates it) and writes its presets; returns its
 * section of docs/calibration.md, or null when nothing was fitted. */
async function fitProblem(problem: Problem): Promise<string | null> {
  const seeds = problem.seeds;
  const base: Presets = {};
  for (const name of problem.presets) base[name] = loadPreset(name);
  const params = problem.parameters;
  // From the fixed start values, not the presets' current ones: a rerun reproduces the fit.
  const start = params.map((p) => toUnit(p.start, p.lo, p.hi, p.scale));
  const startValues = params.map((p) => p.start);

  async function measure(p: Presets): Promise<Measures> {
    const specs = problem.runs(p);
    const points = specs.flatMap((r) =>
      problem.seeds.map((seed) => ({ scenario: { ...r.scenario, seed }, assignments: [] })),
    );
    const results = await runPoints(points, threads);
    const runs: Record<string, SeedMeasure[]> = {};
    specs.forEach((r, i) => {
      runs[r.key] = problem.seeds.map((seed, k) => {
        const res = results[i * problem.seeds.length + k].result;
        const m: SeedMeasure = {
          seed,
          latencyUs: res.summary.meanLatencyUs,
          iterationUs: res.summary.meanIterationUs,
          rootCollectiveUs: res.tree?.rootCollectiveUs ?? NaN,
          lostByCategory: {},
          lostBySource: {},
          totalLostUs: res.attribution?.totalLostUs ?? 0,
          lostByLength: {},
          lengthTotalUs: 0,
        };
        // Each iteration's time over the noiseless one, g + L: the lost time a benchmark measures.
        const w = r.scenario.workload;
        const noiseless = (w.kind === 'barrier' ? w.granularityUs : 0) + res.summary.collectiveUs;
        const { byClass, total } = lostBySize(res.iterationsUs.map((t) => t - noiseless));
        m.lostByLength = byClass;
        m.lengthTotalUs = total;
        for (const c of res.attribution?.byCategory ?? []) m.lostByCategory[c.category] = c.lostUs;
        for (const c of res.attribution?.bySource ?? []) m.lostBySource[c.id] = c.lostUs;
        return m;
      });
    });
    return { runs, extra: problem.extra(p) };
  }

  const t0 = performance.now();
  const evaluations = new Map<string, { values: number[]; evaluation: Evaluation }>();
  async function at(values: number[]): Promise<Evaluation> {
    const key = values.join(',');
    const known = evaluations.get(key);
    if (known) return known.evaluation;
    const evaluation = evaluate(problem, await measure(presetsWith(base, params, values)));
    evaluations.set(key, { values, evaluation });
    const secs = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `${String(evaluations.size).padStart(3)}  J = ${evaluation.objective.toFixed(2).padStart(8)}  ` +
        `[${values.join(', ')}]  ${secs} s`,
    );
    return evaluation;
  }

  /** The values of a unit point; the start point is the presets' own values, unrounded. */
  function valuesOf(u: readonly number[]): number[] {
    return u.every((x, k) => x === start[k]) ? startValues : valuesAt(params, u);
  }

  console.log(
    `${problem.title}: ${params.length} values, ${problem.terms.length} results, seeds ${seeds.join(', ')}`,
  );
  const atText = args.includes('--at') ? (args[args.indexOf('--at') + 1] ?? '') : null;
  let atValues: number[] | null = null;
  if (atText !== null) {
    atValues = atText.split(',').map(Number);
    if (atValues.length !== params.length || atValues.some((v) => !(Number.isFinite(v) && v > 0))) {
      fail(
        `--at takes ${params.length} positive numbers separated by commas, in µs, in this order: ` +
          `${params.map((p) => p.id).join(', ')}; got ${JSON.stringify(atText)}`,
      );
    }
    atValues.forEach((v, k) => {
      const p = params[k];
      if (v < p.lo || v > p.hi) fail(`--at: ${p.id} = ${v} is outside its bounds ${p.lo}–${p.hi}`);
    });
  }
  if (dryRun || atValues) {
    // The presets as they are (each parameter's value read back from the files), or --at's values.
    const e = await at(atValues ?? params.map((p) => p.read(base)));
    for (const t of e.terms)
      console.log(`  ${t.id.padEnd(32)} ${t.text.padEnd(44)} r = ${t.residual.toFixed(2)}`);
    return null;
  }

  const result = await compassSearch(start, async (u) => (await at(valuesOf(u))).objective, {
    budget,
  });
  const bestValues = valuesOf(result.best);
  const seconds = (performance.now() - t0) / 1000;
  const before = await at(startValues);
  const after = await at(bestValues);

  // Write the presets: the raw files, edited at the fitted fields only (and their provenance).
  for (const name of problem.presets) {
    const file = new URL(`../scenarios/${name}.json`, import.meta.url);
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    params.forEach((p, k) => {
      // Each parameter writes every preset of the problem; give it just this one.
      const all: Presets = Object.fromEntries(
        problem.presets.map((n) => [n, n === name ? raw : structuredClone(base[n])]),
      );
      p.write(all, bestValues[k]);
      for (const id of p.provenance.sources) {
        // a parameter's sources need not all be in every preset (the RN kernels have one queue)
        const n = raw.noise.find((x: { id: string }) => x.id === id);
        if (!n) continue;
        n.provenance ??= {};
        n.provenance[p.provenance.key] = {
          basis: 'calibrated',
          cite: p.cite,
          against: p.against,
          note:
            `fitted by npm run calibrate (docs/calibration.md): ${p.label}, ` +
            `${showValue(p, bestValues[k])} within ${p.bounds}` +
            (p.hereNote?.(name, id, bestValues[k]) ?? ''),
        };
      }
    });
    // Expanded as the presets are written by hand: prettier keeps an object that starts on its own line.
    writeFileSync(file, await format(JSON.stringify(raw, null, 2), { parser: 'json' }));
    console.log(`scenarios/${name}.json written`);
  }
  return calibrationSection({
    problem,
    iterations,
    fwqQuanta,
    threads,
    budget,
    seconds,
    search: result,
    startValues,
    bestValues,
    before,
    after,
    evaluations: evaluations.size,
    date: new Date().toISOString().slice(0, 10),
  });
}
