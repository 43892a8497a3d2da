// Target 14: run-to-run variability (seed 001, Kramer & Ryan, Table 2 and secs 9 and 11) on the
// Compaq SC "Lemieux": NPB EP, class C, 128 tasks (32 nodes × 4), 5.03 s a run on average, CoV
// 6.91 % over 336 runs; a single-node (4-CPU) EP under 1.6 %; distributions "tight bell curves
// with long right tails". No Lemieux preset exists: the noise is ASCI Q 2002's published sources
// (000), the same platform (AlphaServer ES45, Tru64, Quadrics), as a stand-in, and EP is one
// compute of the published mean run time followed by one allreduce ("no communication is needed
// until the very end", 001 sec 6). Each run is one seed, seeds 1 to RUNS, fixed before looking.
import { PhaseRun } from '../../engine/phase-run.ts';
import { spreadOf } from '../../engine/run-spread.ts';
import type { Scenario } from '../../scenario/types.ts';
import { EP_COMPAQ_MEAN_S } from '../derived.ts';
import { loadPreset, variant } from '../presets.ts';
import { fmtPct } from '../report.ts';
import type { Check, Target } from '../types.ts';

/** 001 Table 2, Compaq SC, EP: mean run time (s) and coefficient of variation. */
const EP_MEAN_S = EP_COMPAQ_MEAN_S;
const EP_COV = 0.0691;
/** 001 sec 9: the single-node (four-CPU) EP on the Compaq, "less than 1.6%". */
const ONE_NODE_COV = 0.016;
/** The factor a simulated CoV may be off by, fixed up front: a CoV's order, not its digits. */
const COV_FACTOR = 2;

function epTimes(base: Scenario, nodes: number, runs: number): number[] {
  const times: number[] = [];
  for (let seed = 1; seed <= runs; seed++) {
    const s = variant(base, (d) => {
      d.seed = seed;
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
    times.push(new PhaseRun(s).run().durations[0]);
  }
  return times;
}

const epVariability: Target = {
  number: 14,
  title: 'Run-to-run variability of NPB EP on the Compaq SC (Lemieux)',
  cite: '001 Table 2, secs 9 and 11',
  fast: true,
  run(ctx) {
    const runs = ctx.mode === 'full' ? 100 : 40;
    const base = loadPreset('ep-asci-q-2002');
    const many = spreadOf(epTimes(base, 32, runs));
    const one = spreadOf(epTimes(base, 1, runs));
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
    return checks;
  },
};

export const variabilityTargets: Target[] = [epVariability];
