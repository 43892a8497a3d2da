// Target 14: run-to-run variability (seed 001, Kramer & Ryan, Table 2 and secs 9 and 11) on the
// Compaq SC "Lemieux": NPB EP, LU and FT, class C, 128 tasks (32 nodes × 4); EP 5.03 s a run on
// average, CoV 6.91 % over 336 runs, LU 42.8 s and 4.53 %, FT 30.6 s and 3.18 %; a single-node
// (4-CPU) EP under 1.6 %; distributions "tight bell curves with long right tails". No Lemieux
// preset exists: the noise is ASCI Q 2002's published sources (000), the same platform
// (AlphaServer ES45, Tru64, Quadrics), as a stand-in. EP is one compute of the published mean
// run time followed by one allreduce ("no communication is needed until the very end", 001 sec
// 6), LU a wavefront and FT an all-to-all whose mean runs with noise take the published means
// (solved over seeds 1001–1005: scenarios/lu-asci-q-2002.json, ft-asci-q-2002.json). Each run
// is one seed, seeds 1 to RUNS, fixed before looking.
import { PhaseRun } from '../../engine/phase-run.ts';
import { spreadOf } from '../../engine/run-spread.ts';
import type { Scenario } from '../../scenario/types.ts';
import { EP_COMPAQ_MEAN_S } from '../derived.ts';
import { loadPreset, variant } from '../presets.ts';
import { fmtPct } from '../report.ts';
import { nearValue, nearValueText } from '../tolerance.ts';
import type { Check, Target } from '../types.ts';

/** 001 Table 2, Compaq SC, EP: mean run time (s) and coefficient of variation. */
const EP_MEAN_S = EP_COMPAQ_MEAN_S;
const EP_COV = 0.0691;
/** 001 sec 9: the single-node (four-CPU) EP on the Compaq, "less than 1.6%". */
const ONE_NODE_COV = 0.016;
/** The factor a simulated CoV may be off by, fixed up front: a CoV's order, not its digits. */
export const COV_FACTOR = 2;

/** 001 Table 2, Compaq SC: LU's and FT's CoVs (359 and 371 runs). */
const LU_COV = 0.0453;
const FT_COV = 0.0318;

/** The run time (µs) of `base` edited by `edit`, once per seed 1 … runs: Σ of its iterations. */
export function timesOverSeeds(
  base: Scenario,
  runs: number,
  edit: (draft: Scenario) => void = () => {},
): number[] {
  return timesForSeeds(
    base,
    Array.from({ length: runs }, (_, k) => k + 1),
    edit,
  );
}

/** The run time (µs) of `base` edited by `edit`, once per seed of `seeds`, in their order. */
export function timesForSeeds(
  base: Scenario,
  seeds: readonly number[],
  edit: (draft: Scenario) => void = () => {},
): number[] {
  const times: number[] = [];
  for (const seed of seeds) {
    const s = variant(base, (d) => {
      d.seed = seed;
      edit(d);
    });
    let total = 0;
    for (const d of new PhaseRun(s).run().durations) total += d;
    times.push(total);
  }
  return times;
}

function epTimes(base: Scenario, nodes: number, runs: number): number[] {
  return timesOverSeeds(base, runs, (d) => {
    d.job.nodes = nodes;
    d.job.ranksPerNode = 4;
    d.workload = {
      kind: 'allreduce',
      granularityUs: EP_MEAN_S * 1e6,
      iterations: 1,
      warmup: 0,
      hopUs: null,
    };
  });
}

const epVariability: Target = {
  number: 14,
  title: 'Run-to-run variability of NPB EP, LU and FT on the Compaq SC (Lemieux)',
  cite: '001 Table 2, secs 9 and 11',
  fast: true,
  run(ctx) {
    const runs = ctx.mode === 'full' ? 100 : 40;
    const base = loadPreset('ep-asci-q-2002');
    const many = spreadOf(epTimes(base, 32, runs));
    const one = spreadOf(epTimes(base, 1, runs));
    // LU's run is 80,000 stages of 128 ranks (about 6 s to simulate here): fewer runs.
    const luRuns = ctx.mode === 'full' ? 20 : 5;
    const run = (nodes: number) =>
      `scenarios/ep-asci-q-2002.json (ASCI Q 2002's noise as a stand-in for Lemieux: the same ` +
      `ES45, Tru64 and Quadrics), ${nodes} node${nodes === 1 ? '' : 's'} × 4 ranks (from node ` +
      `0), EP as one compute of ${EP_MEAN_S} s and one allreduce; ${runs} runs, seeds 1–${runs}`;
    const lo = EP_COV / COV_FACTOR;
    const hi = EP_COV * COV_FACTOR;
    const checks: Check[] = [
      {
        id: 'ep-cov-128',
        claim: 'Compaq SC, NPB EP class C on 128 tasks: run times vary with a CoV of 6.91%',
        published: '6.91% (336 runs, mean 5.03 s)',
        simulated: `CoV ${fmtPct(many.cov, 2)} (mean ${(many.meanUs / 1e6).toFixed(2)} s)`,
        tolerance: `within a factor of ${COV_FACTOR} (${fmtPct(lo, 2)}–${fmtPct(hi, 2)})`,
        pass: many.cov >= lo && many.cov <= hi,
        run: run(32),
        note:
          'Missed by a factor of five. In 5 s of EP the published ASCI Q sources hit one of 32 ' +
          'nodes rarely enough that most runs meet only the frequent short noise; about half ' +
          'of the spread comes from the few runs that meet a cluster node’s long activity ' +
          '(without the quorum daemon’s 335 ms on node 1, once a minute, the CoV is 0.68%). ' +
          'Kramer and Ryan found the nodes to blame on the Compaq (sec 9), but what on ' +
          'Lemieux’s nodes varied that much is not in the papers; ASCI Q’s sources were ' +
          'measured at the grain of a barrier loop, not of a 5 s job.',
      },
      {
        id: 'ep-cov-one-node',
        claim: 'Compaq SC, EP on one node (four CPUs): the CoV falls below 1.6%',
        published: '< 1.6%',
        simulated: `CoV ${fmtPct(one.cov, 2)} (mean ${(one.meanUs / 1e6).toFixed(2)} s)`,
        tolerance: '< 1.6%, as printed',
        pass: one.cov < ONE_NODE_COV,
        run: run(1),
        note: '',
      },
      covCheck({
        id: 'lu-cov-128',
        name: 'LU',
        cov: LU_COV,
        published: '359 runs, mean 42.8 s',
        spread: spreadOf(timesOverSeeds(loadPreset('lu-asci-q-2002'), luRuns)),
        run: standIn('lu-asci-q-2002', LU_SHAPE, luRuns),
        basis: 'illustration',
        note: () =>
          'What ASCI Q’s published noise alone gives LU; the Lemieux preset’s check below is ' +
          'the counted one. Most of this noise is short and frequent, and LU’s 80,000 stages ' +
          'meet about as much of it in every run.',
      }),
      covCheck({
        id: 'ft-cov-128',
        name: 'FT',
        cov: FT_COV,
        published: '371 runs, mean 30.6 s',
        spread: spreadOf(timesOverSeeds(loadPreset('ft-asci-q-2002'), runs)),
        run: standIn('ft-asci-q-2002', FT_SHAPE, runs),
        basis: 'illustration',
        note: () => 'What ASCI Q’s published noise alone gives FT; the Lemieux check is counted.',
      }),
      {
        id: 'ep-right-tail',
        claim: 'the run times are "tight bell curves with long right tails"',
        published: 'a long right tail (001 sec 11; no skewness printed)',
        simulated: `skewness ${many.skewness.toFixed(2)} on 32 nodes, ${one.skewness.toFixed(2)} on one`,
        tolerance: 'a right tail: skewness > 0 in both',
        pass: many.skewness > 0 && one.skewness > 0,
        basis: 'illustration',
        run: `${run(32)}; and on one node`,
        note: '',
      },
    ];
    checks.push(...lemieuxChecks(runs, luRuns));
    return checks;
  },
};

export const LU_SHAPE = 'a wavefront over the 16 × 8 grid, 250 iterations of two 160-stage sweeps';
export const FT_SHAPE = '20 computes each ending in an all-to-all';

/** EP's compute in a preset, s: its one compute before the allreduce. */
export function epComputeS(ep: Scenario): number {
  return ep.workload.kind === 'allreduce' ? ep.workload.granularityUs / 1e6 : NaN;
}

/**
 * The fitted node activity of an EP preset, in words, from the preset itself: "a median of
 * 60.1 ms and a compute of 4.718 s, solved over seeds 1001–2000 (npm run solve:ep;
 * docs/ep-fit.md)".
 */
export function epFitText(ep: Scenario, sourceId: string): string {
  const src = ep.noise.find((n) => n.id === sourceId);
  const median = src?.duration.dist === 'lognormal' ? src.duration.medianUs / 1000 : NaN;
  return (
    `a median of ${median.toPrecision(3)} ms and a compute of ${epComputeS(ep).toFixed(3)} s, ` +
    'solved over seeds 1001–2000 (npm run solve:ep; docs/ep-fit.md gives the mean and CoV ' +
    'reached there)'
  );
}

/**
 * The Lemieux preset: ASCI Q 2002's noise and one node activity fitted, with EP's compute, to
 * Table 2's EP row on seeds 1001–2000 (its provenance). EP's checks are the fit's; LU's and
 * FT's are predictions, counted.
 */
function lemieuxChecks(runs: number, luRuns: number): Check[] {
  const ep = loadPreset('lemieux-ep');
  const many = spreadOf(timesOverSeeds(ep, runs));
  const one = spreadOf(timesOverSeeds(ep, runs, (d) => (d.job.nodes = 1)));
  const epRun = (nodes: number) =>
    `scenarios/lemieux-ep.json, ${nodes} node${nodes === 1 ? '' : 's'} × 4 ranks, EP as one ` +
    `compute of ${epComputeS(ep).toFixed(2)} s and one allreduce; ${runs} runs, seeds 1–${runs}`;
  const predicted = (name: string) => (pass: boolean) =>
    `A prediction${pass ? '' : ', missed'}: the noise was fitted to EP alone. ${name}’s ` +
    'spread comes from the same node activity: a run meets some tens of its events, and a ' +
    'long one now and then. Kramer and Ryan found the network behind part of LU’s and FT’s ' +
    'variation on the Compaq (sec 10: the number of adapters changed it); the model’s ' +
    'network is contention-free, so its CoV has no share of that' +
    (name === 'LU' ? '. LU runs 80,000 pipelined stages, so only 20 runs (seeds 1–20).' : '.');
  return [
    {
      id: 'lemieux-ep-cov-128',
      claim: 'Compaq SC, NPB EP class C on 128 tasks: run times vary with a CoV of 6.91%',
      published: '6.91% (336 runs, mean 5.03 s)',
      simulated: `CoV ${fmtPct(many.cov, 2)} (mean ${(many.meanUs / 1e6).toFixed(2)} s, skewness ${many.skewness.toFixed(2)})`,
      tolerance: `within a factor of ${COV_FACTOR} (${fmtPct(EP_COV / COV_FACTOR, 2)}–${fmtPct(EP_COV * COV_FACTOR, 2)})`,
      pass: many.cov >= EP_COV / COV_FACTOR && many.cov <= EP_COV * COV_FACTOR,
      basis: 'calibrated',
      run: epRun(32),
      note:
        'A fit: the node activity’s median length and EP’s compute were solved for this mean ' +
        `and CoV (${epFitText(ep, 'node-hiccup')}); these are seeds 1–100. The lengths are ` +
        'lognormal, so a CoV over 100 runs depends on how many long events they meet.',
    },
    {
      id: 'lemieux-ep-cov-one-node',
      claim: 'Compaq SC, EP on one node (four CPUs): the CoV falls below 1.6%',
      published: '< 1.6%',
      simulated: `CoV ${fmtPct(one.cov, 2)} (mean ${(one.meanUs / 1e6).toFixed(2)} s)`,
      tolerance: '< 1.6%, as printed',
      pass: one.cov < ONE_NODE_COV,
      basis: 'calibrated',
      run: epRun(1),
      note:
        'Not counted: the activity’s period and shape were chosen, among a few tried, as ones ' +
        'under which this bound and the 32-node CoV can both hold (its provenance).',
    },
    covCheck({
      id: 'lemieux-lu-cov-128',
      name: 'LU',
      cov: LU_COV,
      published: '359 runs, mean 42.8 s',
      spread: spreadOf(timesOverSeeds(loadPreset('lemieux-lu'), luRuns)),
      run: onLemieux('lemieux-lu', LU_SHAPE, luRuns),
      note: predicted('LU'),
    }),
    covCheck({
      id: 'lemieux-ft-cov-128',
      name: 'FT',
      cov: FT_COV,
      published: '371 runs, mean 30.6 s',
      spread: spreadOf(timesOverSeeds(loadPreset('lemieux-ft'), runs)),
      run: onLemieux('lemieux-ft', FT_SHAPE, runs),
      note: predicted('FT'),
    }),
    {
      id: 'lemieux-right-tail',
      claim: 'the run times are "tight bell curves with long right tails"',
      published: 'a long right tail (001 sec 11; no skewness printed)',
      simulated: `EP skewness ${many.skewness.toFixed(2)} on 32 nodes, ${one.skewness.toFixed(2)} on one`,
      tolerance: 'a right tail: skewness > 0 in both',
      pass: many.skewness > 0 && one.skewness > 0,
      basis: 'illustration',
      run: `${epRun(32)}; and on one node`,
      note: '',
    },
  ];
}

/** A Table 2 CoV check of `name` on a machine (the Compaq SC unless said), within COV_FACTOR. */
export function covCheck(o: {
  id: string;
  name: string;
  /** the machine, for the claim (default the Compaq SC) */
  machine?: string;
  cov: number;
  published: string;
  spread: ReturnType<typeof spreadOf>;
  run: string;
  basis?: Check['basis'];
  note: (pass: boolean) => string;
}): Check {
  const lo = o.cov / COV_FACTOR;
  const hi = o.cov * COV_FACTOR;
  const pass = o.spread.cov >= lo && o.spread.cov <= hi;
  return {
    id: o.id,
    claim: `${o.machine ?? 'Compaq SC'}, NPB ${o.name} class C on 128 tasks: run times vary with a CoV of ${fmtPct(o.cov, 2)}`,
    published: `${fmtPct(o.cov, 2)} (${o.published})`,
    simulated: `CoV ${fmtPct(o.spread.cov, 2)} (mean ${(o.spread.meanUs / 1e6).toFixed(2)} s, skewness ${o.spread.skewness.toFixed(2)})`,
    tolerance: `within a factor of ${COV_FACTOR} (${fmtPct(lo, 2)}–${fmtPct(hi, 2)})`,
    pass,
    ...(o.basis ? { basis: o.basis } : {}),
    run: o.run,
    note: o.note(pass),
  };
}

/** The noise standing in for Lemieux's: its run, for the report. */
const standIn = (file: string, shape: string, runs: number) =>
  `scenarios/${file}.json (ASCI Q 2002's noise as a stand-in for Lemieux), 32 nodes × 4 ` +
  `ranks, ${shape}; ${runs} runs, seeds 1–${runs}`;
const onLemieux = (file: string, shape: string, runs: number) =>
  `scenarios/${file}.json (ASCI Q 2002's noise and the node activity fitted to EP), 32 nodes ` +
  `× 4 ranks, ${shape}; ${runs} runs, seeds 1–${runs}`;

/** 001 Table 2, Cray T3E, EP: mean run time (s) and CoV over 70 runs, as reported by NPB. */
const T3E_EP_MEAN_S = 35.5;
const T3E_EP_COV = 0.0611;
/** 001 Table 3, Cray T3E, EP: the CoV of the system accounting's time, migration left out. */
const T3E_EP_ACCOUNTING_COV = 0.008;

/** Each seed's run time with the preset as it is, and without the migration (the same draws). */
function t3eTimes(base: Scenario, runs: number): { wall: number[]; accounting: number[] } {
  return {
    wall: timesOverSeeds(base, runs),
    // The system accounting "is adjusted to compensate for the time the job is moving" (001
    // sec 11): the same run with the migration off. Every other source keeps its draws (they
    // are keyed by its id), so this is the run's time less the time it was frozen.
    accounting: timesOverSeeds(base, runs, (d) => {
      for (const src of d.noise) if (src.category === 'migration') src.enabled = false;
    }),
  };
}

/** 001 sec 9: the serial EP on the T3E, wall clock: "Variation dropped to 1.5%". */
const T3E_SERIAL_EP_COV = 0.015;
/** EP's tasks share nothing (001 sec 6): a serial EP does the work of all 128, one after another. */
const EP_TASKS = 128;

/** Each seed's wall-clock time of the serial EP: one PE, 128 tasks' compute, the migration on. */
function t3eSerialTimes(base: Scenario, runs: number): number[] {
  return timesOverSeeds(base, runs, (d) => {
    d.job.nodes = 1;
    if (d.workload.kind !== 'allreduce') throw new Error('the T3E preset runs EP as an allreduce');
    d.workload.granularityUs *= EP_TASKS;
  });
}

const t3eMigration: Target = {
  number: 15,
  title: 'Job migration on the Cray T3E: two kinds of runs, and a spread that collapses without it',
  cite: '001 Table 2, Table 3, secs 9 and 11',
  fast: true,
  run(ctx) {
    const runs = ctx.mode === 'full' ? 100 : 40;
    const base = loadPreset('t3e-mcurie-ep');
    const { wall, accounting } = t3eTimes(base, runs);
    const w = spreadOf(wall);
    const a = spreadOf(accounting);
    const serial = spreadOf(t3eSerialTimes(base, runs));
    const fastest = Math.min(...wall);
    const near = wall.filter((t) => t < fastest * 1.01).length / runs;
    const far = wall.filter((t) => t >= fastest * 1.1).length / runs;
    const run =
      `scenarios/t3e-mcurie-ep.json: NPB EP on 128 PEs, one compute and one allreduce; the GRM's ` +
      `scan every 5 s migrates the job (the whole job frozen) in some periods; ${runs} runs, ` +
      `seeds 1–${runs}`;
    const lo = T3E_EP_COV / COV_FACTOR;
    const hi = T3E_EP_COV * COV_FACTOR;
    const checks: Check[] = [
      {
        id: 't3e-ep-cov',
        claim:
          'Cray T3E, NPB EP class C on 128 tasks: wall-clock run times vary with a CoV of 6.11%',
        published: `6.11% (70 runs, mean ${T3E_EP_MEAN_S} s)`,
        simulated: `CoV ${fmtPct(w.cov, 2)} (mean ${(w.meanUs / 1e6).toFixed(2)} s)`,
        tolerance: `within a factor of ${COV_FACTOR} (${fmtPct(lo, 2)}–${fmtPct(hi, 2)})`,
        pass: w.cov >= lo && w.cov <= hi,
        basis: 'calibrated',
        run,
        note:
          'A fit: the migration’s chance per scan, its length and EP’s compute were solved for ' +
          'this mean and CoV (the preset’s provenance), reading sec 11’s “a significant portion” ' +
          'as a quarter of the runs.',
      },
      {
        id: 't3e-ep-two-kinds',
        claim:
          '“the majority of jobs experienced only a very small slowdown, while a significant ' +
          'portion suffered a far larger slowdown”',
        published: 'two kinds of runs (001 sec 11; Fig 5 is LU’s, no share printed)',
        simulated:
          `${fmtPct(near, 0)} of the runs within 1% of the fastest, ${fmtPct(far, 0)} at ` +
          `least 10% slower`,
        tolerance: 'over half within 1% of the fastest, and at least a tenth 10% slower or more',
        pass: near > 0.5 && far >= 0.1,
        basis: 'calibrated',
        run,
        note:
          'By construction: a run meets a whole number of migrations of one fixed length, and ' +
          'the chance of one was set so that a quarter of the runs meet at least one. The ' +
          'paper’s “40% or more in some cases” is not met by EP here: one migration makes a run ' +
          '11.5% slower, and with 6.11% as EP’s whole CoV a 40% migration would have to be rare ' +
          '(about 1 run in 40), not “a significant portion”; the 40% fits LU’s 15.58% (a sixth ' +
          'of the runs 40% slower), which no workload here runs.',
      },
      {
        id: 't3e-ep-accounting-cov',
        claim:
          'Cray T3E, EP: with the time spent migrating taken out (system accounting), the CoV ' +
          'falls to 0.8%',
        published: '0.8% (Table 3; 6.11% on the wall clock)',
        simulated:
          `CoV ${fmtPct(a.cov, 2)} without the migration (mean ` +
          `${(a.meanUs / 1e6).toFixed(2)} s), against ${fmtPct(w.cov, 2)} with it`,
        tolerance: nearValueText(T3E_EP_ACCOUNTING_COV * 100, (x) => `${x.toFixed(2)}%`),
        pass: nearValue(a.cov, T3E_EP_ACCOUNTING_COV),
        run: `${run}; each seed again with the migration off (the same draws otherwise)`,
        note:
          'Missed: the collapse is there, but to nothing. The preset’s only noise is the ' +
          'migration, so without it every run takes the same time. What is left on the T3E, ' +
          'Kramer and Ryan put down to the network and the way NPB times a run (001 sec 9: a ' +
          'serial EP varied 1.5% on the wall clock, under 0.5% in CPU time); neither is in the ' +
          'model, and the T3E’s own OS noise is not published.',
      },
      {
        id: 't3e-serial-ep-cov',
        claim: 'Cray T3E, the serial EP: its wall-clock run times vary by 1.5%',
        published: '1.5% (001 sec 9)',
        simulated:
          `CoV ${fmtPct(serial.cov, 2)} (mean ${(serial.meanUs / 1e6).toFixed(0)} s, the 128 ` +
          `tasks' compute on one PE)`,
        tolerance: nearValueText(T3E_SERIAL_EP_COV * 100, (x) => `${x.toFixed(2)}%`),
        pass: nearValue(serial.cov, T3E_SERIAL_EP_COV),
        run:
          `scenarios/t3e-mcurie-ep.json on 1 PE, EP's compute × ${EP_TASKS} (its tasks share ` +
          `nothing, 001 sec 6: the serial run does all their work), the migration on; ${runs} ` +
          `runs, seeds 1–${runs}`,
        note:
          'A prediction of the migration as fitted to the 128-task EP, with the serial run’s ' +
          'length assumed (128 times the parallel compute; the paper gives no serial time). A ' +
          'run of over an hour meets some 880 scans, so the number of migrations it meets ' +
          'varies little relative to its length, and the CoV falls to about a third of the ' +
          'paper’s. If the T3E moved a one-PE job as often and for as long, its serial runs ' +
          'would vary this little; the paper’s 1.5% says they varied more, from migration or ' +
          'from the NPB timing it blames (sec 9).',
      },
    ];
    checks.push(...t3eCodeChecks(runs, ctx.mode === 'full' ? 20 : 5));
    return checks;
  },
};

/** 001 Table 2, Cray T3E: LU's and FT's wall-clock CoVs (119 and 118 runs). */
const T3E_LU_COV = 0.1558;
const T3E_FT_COV = 0.1133;

/**
 * LU and FT on the T3E preset's migration (fitted to EP alone, target 15's first checks): their
 * CoVs are predictions of Table 2's, counted. LU is 80,000 pipelined stages a run: 20 runs.
 */
function t3eCodeChecks(runs: number, luRuns: number): Check[] {
  const note = (name: string, cov: number) => (pass: boolean) =>
    `A prediction${pass ? '' : ', missed'}: the migration was fitted to EP alone (a 5 s scan ` +
    `that moves the job with probability 0.041, a 3.95 s freeze). ${name} runs longer, so it ` +
    'meets more scans, and the number of migrations a run meets varies less relative to its ' +
    `length than EP’s does. Table 2’s ${fmtPct(cov, 2)} needs migrations that are longer or ` +
    'come in runs; sec 11 reports slowdowns of 40% or more, which one 3.95 s freeze cannot ' +
    'make of a run of minutes. How often and how long the T3E moved jobs was not published.';
  const shape = (file: string, what: string, n: number) =>
    `scenarios/${file}.json: ${what} on 128 PEs; the migration of t3e-mcurie-ep.json; ${n} ` +
    `runs, seeds 1–${n}`;
  return [
    covCheck({
      id: 't3e-lu-cov',
      name: 'LU',
      machine: 'Cray T3E',
      cov: T3E_LU_COV,
      published: '119 runs, mean 305.2 s',
      spread: spreadOf(timesOverSeeds(loadPreset('t3e-mcurie-lu'), luRuns)),
      run: shape('t3e-mcurie-lu', LU_SHAPE, luRuns),
      note: note('LU', T3E_LU_COV),
    }),
    covCheck({
      id: 't3e-ft-cov',
      name: 'FT',
      machine: 'Cray T3E',
      cov: T3E_FT_COV,
      published: '118 runs, mean 106.5 s',
      spread: spreadOf(timesOverSeeds(loadPreset('t3e-mcurie-ft'), runs)),
      run: shape('t3e-mcurie-ft', FT_SHAPE, runs),
      note: note('FT', T3E_FT_COV),
    }),
  ];
}

export const variabilityTargets: Target[] = [epVariability, t3eMigration];
