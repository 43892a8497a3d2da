// `npm run scenarios`: (re)writes the workload scenario files derived from the machine presets
// (src/validation/derived.ts), validated and formatted like every file of the repository.
//
// `npm run scenarios -- --solve` first solves, for each NPB LU and FT scenario, the run without
// noise whose mean run time over NPB_SOLVE_SEEDS, noise included, is 001 Table 2's mean (a
// fixed point: scale the noiseless run by Table 2's mean over the simulated one until they agree
// within SOLVE_TOLERANCE), writes src/validation/npb-noiseless.ts, then the scenario files.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { validateScenario } from '../src/scenario/index.ts';
import { derive, derivations, type Derivation } from '../src/validation/derived.ts';
import { NPB_SOLVE_SEEDS } from '../src/validation/npb-noiseless.ts';
import { timesForSeeds } from '../src/validation/targets/variability.ts';

/** Relative gap between the simulated mean and Table 2's at which a solve stops. */
const SOLVE_TOLERANCE = 0.001;
const MAX_STEPS = 8;

/** The mean run time (µs) of `d` with a noiseless run of `runUs`, over the solve's seeds. */
function meanRunUs(d: Derivation, runUs: number): number {
  const base = validateScenario(derive({ ...d, workload: (s) => d.solve!.workload(s, runUs) }));
  const times = timesForSeeds(base, NPB_SOLVE_SEEDS);
  return times.reduce((a, t) => a + t, 0) / times.length;
}

async function solve(): Promise<void> {
  const solved: Record<string, number> = {};
  for (const d of derivations) {
    if (!d.solve) continue;
    const target = d.solve.meanS * 1e6;
    let runUs = target;
    let mean = meanRunUs(d, runUs);
    for (let k = 0; k < MAX_STEPS && Math.abs(mean / target - 1) > SOLVE_TOLERANCE; k++) {
      runUs *= target / mean;
      mean = meanRunUs(d, runUs);
    }
    if (Math.abs(mean / target - 1) > SOLVE_TOLERANCE) {
      throw new Error(`${d.file}: no noiseless run within ${MAX_STEPS} steps gives ${target} µs`);
    }
    // to 10 ms: finer than Table 2 prints its means, and the workload rounds its compute to 1 µs
    solved[d.file] = Math.round(runUs / 1e4) / 100;
    console.log(
      `${d.file}: without noise ${(runUs / 1e6).toFixed(2)} s gives a mean of ` +
        `${(mean / 1e6).toFixed(3)} s over seeds ${NPB_SOLVE_SEEDS.join(', ')} ` +
        `(Table 2: ${d.solve.meanS} s)`,
    );
  }
  const file = new URL('../src/validation/npb-noiseless.ts', import.meta.url);
  const text = [
    '// Written by `npm run scenarios -- --solve` (scripts/derive-scenarios.ts); do not edit by hand.',
    '// The run without noise of each NPB LU and FT scenario, s: solved so that the mean run time over',
    "// NPB_SOLVE_SEEDS, noise included, is 001 Table 2's mean for its machine. A scenario missing",
    "// here runs Table 2's mean without noise (its noise then adds to the mean).",
    `export const NPB_SOLVE_SEEDS: readonly number[] = ${JSON.stringify(NPB_SOLVE_SEEDS)};`,
    `export const NPB_NOISELESS_S: Readonly<Record<string, number>> = ${JSON.stringify(solved)};`,
  ].join('\n');
  const options = await resolveConfig(file.pathname);
  writeFileSync(file, await format(text, { ...options, filepath: file.pathname }));
  console.log('Wrote src/validation/npb-noiseless.ts; run `npm run scenarios` to write the files.');
}

const args = process.argv.slice(2);
if (args.some((a) => a !== '--solve')) {
  console.error(
    `npm run scenarios: unknown argument(s) ${args.join(' ')}; the only one is --solve`,
  );
  process.exit(2);
}
if (args.includes('--solve')) {
  // The derivations read the solved values when their module loads: the files are written by a
  // second run, on the new values.
  await solve();
} else {
  for (const d of derivations) {
    const s = validateScenario(derive(d));
    const file = new URL(`../scenarios/${d.file}.json`, import.meta.url);
    const text = await format(JSON.stringify(s), { parser: 'json', printWidth: 100 });
    writeFileSync(file, text);
    console.log(`scenarios/${d.file}.json  (${d.parent} + ${s.workload.kind})`);
  }
}
