// `npm run solve:ep`: solves the node activity fitted to NPB EP on the machines of seed 001
// (Kramer & Ryan, Table 2) whose noise was not published: the Compaq SC Lemieux, the IBM SP
// Seaborg and the Intel cluster Alvarez. Each EP preset carries one node activity, once a minute
// per node (Poisson), lognormal lengths of sigma 1.25 (assumed, see the presets); its median
// length and EP's compute are solved so that over seeds 1001–2000 (fixed up front; the checks
// of docs/validation.md run seeds 1 onwards) EP's mean run time and CoV are Table 2's:
//
// - the CoV grows with the median (longer events spread the runs more), so the median is found
//   by bisection on its logarithm;
// - for each median, the compute is moved by the gap between the mean and Table 2's until the
//   mean is within 0.1% (the noise adds about the same whatever the compute).
//
// Lemieux keeps ASCI Q 2002's published and calibrated sources as they are in
// scenarios/asci-q-2002.json (the same ES45 nodes, Tru64 and Quadrics): they are copied from it
// here, so that a recalibration of ASCI Q reaches Lemieux with its fit solved again.
//
// Writes the EP presets and docs/ep-fit.md (what each fit reached). Then run
// `npm run scenarios -- --solve` (LU and FT on these machines have their computes solved on
// this noise) and `npm run presets:archive`.
//
//   npm run solve:ep                 solve all three; write the presets and docs/ep-fit.md
//   npm run solve:ep -- --dry-run    print what the presets give as they are; write nothing
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { format } from 'prettier';
import { runTimeUs, spreadOf } from '../src/engine/run-spread.ts';
import { planSweep } from '../src/engine/sweep.ts';
import { runPoints } from '../src/cli/sweep-pool.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { validateScenario } from '../src/scenario/validate.ts';
import { loadPreset } from '../src/validation/presets.ts';

/** The seeds of the fit: 1,000 runs, fixed before any solve. */
const FIRST_SEED = 1001;
const RUNS = 1000;
/** Relative gap of the mean and of the CoV to Table 2's at which a solve stops. */
const MEAN_TOLERANCE = 0.001;
const COV_TOLERANCE = 0.01;
const MAX_BISECTIONS = 14;
const MAX_MEAN_STEPS = 6;

interface Fit {
  file: string;
  /** the id of the fitted source in the preset */
  source: string;
  /** 001 Table 2's EP row: mean run time (s) and CoV */
  meanS: number;
  cov: number;
  /** the preset whose sources this one keeps besides the fitted one */
  keeps?: string;
  /** a bracket of the median, µs */
  lo: number;
  hi: number;
}

const FITS: Fit[] = [
  {
    file: 'lemieux-ep',
    source: 'node-hiccup',
    meanS: 5.03,
    cov: 0.0691,
    keeps: 'asci-q-2002',
    lo: 1000,
    hi: 400_000,
  },
  { file: 'seaborg-ep', source: 'node-activity', meanS: 17.4, cov: 0.0052, lo: 100, hi: 200_000 },
  { file: 'alvarez-ep', source: 'node-activity', meanS: 17.6, cov: 0.0017, lo: 20, hi: 100_000 },
];

const threads = Math.max(1, Math.min(2, availableParallelism()));
const seeds = Array.from({ length: RUNS }, (_, k) => FIRST_SEED + k);

function fileOf(name: string): URL {
  return new URL(`../scenarios/${name}.json`, import.meta.url);
}

/** EP's mean run time (µs) and CoV over the fit's seeds. */
async function measure(s: Scenario): Promise<{ meanUs: number; cov: number }> {
  const points = planSweep(s, [{ path: 'seed', values: seeds }]);
  const results = await runPoints(points, threads);
  const spread = spreadOf(results.map(({ result }) => runTimeUs(result)));
  return { meanUs: spread.meanUs, cov: spread.cov };
}

/** For median m: the compute that gives Table 2's mean, and the CoV there. */
async function atMedian(
  raw: Raw,
  fit: Fit,
  m: number,
  w0: number,
): Promise<{ w: number; meanUs: number; cov: number }> {
  const target = fit.meanS * 1e6;
  let w = w0;
  let r = await measure(validateScenario(solvedFile(raw, fit, m, w)));
  for (let k = 0; k < MAX_MEAN_STEPS && Math.abs(r.meanUs / target - 1) > MEAN_TOLERANCE; k++) {
    w = Math.round(w + (target - r.meanUs));
    r = await measure(validateScenario(solvedFile(raw, fit, m, w)));
  }
  return { w, ...r };
}

interface Solved {
  fit: Fit;
  medianUs: number;
  computeUs: number;
  meanUs: number;
  cov: number;
  steps: number;
  seconds: number;
}

async function solve(fit: Fit, raw: Raw): Promise<Solved> {
  const started = performance.now();
  const w0 = raw.workload.granularityUs ?? fit.meanS * 1e6;
  // Bisection on ln(median): the CoV grows with the median.
  let lo = Math.log(fit.lo);
  let hi = Math.log(fit.hi);
  let best = { m: 0, w: w0, meanUs: 0, cov: Infinity };
  let steps = 0;
  for (; steps < MAX_BISECTIONS; steps++) {
    // the median to 3 significant figures: what the preset prints
    const m = Number(Math.exp((lo + hi) / 2).toPrecision(3));
    const r = await atMedian(raw, fit, m, best.w);
    if (Math.abs(r.cov / fit.cov - 1) < Math.abs(best.cov / fit.cov - 1)) best = { m, ...r };
    console.error(
      `  ${fit.file}: median ${m} µs, compute ${(r.w / 1e6).toFixed(3)} s → mean ` +
        `${(r.meanUs / 1e6).toFixed(3)} s, CoV ${(100 * r.cov).toFixed(3)}%`,
    );
    if (Math.abs(r.cov / fit.cov - 1) <= COV_TOLERANCE) break;
    if (r.cov < fit.cov) lo = Math.log(m);
    else hi = Math.log(m);
  }
  return {
    fit,
    medianUs: best.m,
    computeUs: best.w,
    meanUs: best.meanUs,
    cov: best.cov,
    steps: steps + 1,
    seconds: (performance.now() - started) / 1000,
  };
}

type Raw = {
  noise: { id: string; duration: { medianUs?: number } }[];
  workload: { granularityUs?: number };
};

function readRaw(name: string): Raw {
  return JSON.parse(readFileSync(fileOf(name), 'utf8')) as Raw;
}

/** The preset's file as it should be before the solve: Lemieux with ASCI Q's sources of today. */
function startingFile(fit: Fit): Raw {
  const raw = readRaw(fit.file);
  if (fit.keeps === undefined) return raw;
  const fitted = raw.noise.find((n) => n.id === fit.source);
  if (!fitted) throw new Error(`${fit.file}: no source ${fit.source}`);
  return { ...raw, noise: [...readRaw(fit.keeps).noise, fitted] };
}

/** The file with median `m` and compute `w` (µs): what each trial runs (validated) and what the
 * solve writes. */
function solvedFile(raw: Raw, fit: Fit, m: number, w: number): Raw {
  const out = structuredClone(raw);
  out.noise.find((n) => n.id === fit.source)!.duration.medianUs = m;
  out.workload.granularityUs = w;
  return out;
}

/** As npm run calibrate writes a preset: every object on its own lines. */
async function write(file: URL, value: unknown): Promise<void> {
  writeFileSync(file, await format(JSON.stringify(value, null, 2), { parser: 'json' }));
}

function report(solved: Solved[]): string {
  const rows = solved.map(
    (r) =>
      `| ${r.fit.file} | ${r.fit.source} | ${(r.fit.cov * 100).toFixed(2)}%, ${r.fit.meanS} s | ` +
      `${(r.medianUs / 1000).toPrecision(3)} ms | ${(r.computeUs / 1e6).toFixed(3)} s | ` +
      `${(r.cov * 100).toFixed(3)}%, ${(r.meanUs / 1e6).toFixed(3)} s | ${r.steps} | ${r.seconds.toFixed(0)} s |`,
  );
  return [
    '# The node activity fitted to NPB EP (001 Table 2)',
    '',
    'Written by `npm run solve:ep` (scripts/solve-ep.ts); do not edit by hand. The noise of the',
    'Compaq SC Lemieux, the IBM SP Seaborg and the Intel cluster Alvarez was not published; each',
    'EP preset carries one node activity (once a minute per node, Poisson; lognormal lengths of',
    'sigma 1.25, assumed) whose median length, with EP’s compute, is solved so that EP’s mean',
    `run time and CoV over seeds ${FIRST_SEED}–${FIRST_SEED + RUNS - 1} (${RUNS.toLocaleString('en-US')} runs,`,
    'fixed before the solve) are Table 2’s. Lemieux keeps ASCI Q 2002’s sources as',
    'scenarios/asci-q-2002.json has them. The checks of docs/validation.md (targets 14 and 17) run',
    'other seeds, 1 onwards: with lognormal lengths a CoV over a hundred runs depends on how many',
    'long events those runs meet, so it differs from the fit’s.',
    '',
    '| preset | source | Table 2 (CoV, mean) | median | EP compute | reached (CoV, mean) | CoVs tried | time |',
    '|---|---|---|---:|---:|---|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}

const args = process.argv.slice(2);
if (args.some((a) => a !== '--dry-run')) {
  console.error(
    `npm run solve:ep: unknown argument(s) ${args.join(' ')}; the only one is --dry-run`,
  );
  process.exit(2);
}
if (args.includes('--dry-run')) {
  for (const fit of FITS) {
    const r = await measure(loadPreset(fit.file));
    console.log(
      `${fit.file}: mean ${(r.meanUs / 1e6).toFixed(3)} s, CoV ${(100 * r.cov).toFixed(3)}% ` +
        `(Table 2: ${fit.meanS} s, ${(100 * fit.cov).toFixed(2)}%)`,
    );
  }
} else {
  const solved: Solved[] = [];
  for (const fit of FITS) {
    const raw = startingFile(fit);
    const r = await solve(fit, raw);
    solved.push(r);
    await write(fileOf(fit.file), solvedFile(raw, fit, r.medianUs, r.computeUs));
  }
  const page = await format(report(solved), { parser: 'markdown', proseWrap: 'preserve' });
  writeFileSync(new URL('../docs/ep-fit.md', import.meta.url), page);
  console.log(report(solved));
}
