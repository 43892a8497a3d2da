// The Jaguar XT5 fit: the stock kernel's per-core work queues (003 sec 3 lists the kernel's
// work queues among the noise sources the Reduced Noise kernel moved to core 0, and prints
// neither their rate nor their length), fitted against what they were set for by hand: MPI-FWQ's
// two orders of magnitude (003 Fig 3) and POP's RN gains at 384 and 24,576 processes (003
// Table 1). POP's middle rows (1,536 and 6,144 processes) and the Shark run (003 Table 2) are
// measured on the same runs and held out: the report counts them as evidence.
//
// With -N 6 -cc 2-7 the unpinned services go to the idle cores 0 and 1; what reaches the
// application cores of the stock kernel is each core's own tick and work queue, so these two
// values decide the stock-against-RN comparisons. The RN presets have the eight queues moved to
// core 0 (one source, eight times as frequent): the fit writes both, one rate and one length.
import type { NoiseSource, Scenario } from '../scenario/index.ts';
import { TABLE1, TABLE1_STEPS, table1Reading } from '../published/jaguar.ts';
import { variant } from '../validation/presets.ts';
import { NEAR_ORDERS_HALF_WIDTH } from '../validation/tolerance.ts';
import { FWQ_W18_US, mpiFwqWorkload, popWorkload } from '../validation/workloads.ts';
import { valueResidual } from './objective.ts';
import type { Measures, Parameter, Presets, Problem, RunSpec, SeedMeasure, Term } from './types.ts';

const STOCK = 'jaguar-xt5-stock';
const RN = 'jaguar-xt5-rn';
const PROTO = 'jaguar-xt5-rn-prototype';
const ALL = [STOCK, RN, PROTO];
/** The stock kernel's eight per-core queues, and the RN kernels' one on core 0 (all eight). */
const PER_CORE = Array.from({ length: 8 }, (_, c) => `work-queue-core${c}`);
const MOVED = 'work-queues';

function source(s: Scenario, id: string): NoiseSource {
  const n = s.noise.find((x) => x.id === id);
  if (!n) throw new Error(`calibration: ${s.title} has no source ${id}`);
  return n;
}

/** Three significant digits. */
const sig3 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(3)));

/** The lognormal spread of a queue's runs: set by hand (0.5: most runs within a factor of 2.7
 * of the median), not fitted. */
const SIGMA = 0.5;

const AGAINST =
  '003 Fig 3 (MPI-FWQ at 49,152 cores, -N 6 -cc 2-7: completion at the root two orders of ' +
  'magnitude lower with the RN kernel); 003 Table 1 (POP, -N 6 -cc 2-7: RN 0.47% faster than ' +
  'stock at 384 processes, 31.4% at 24,576)';

export const parameters: Parameter[] = [
  {
    id: 'work-queue-period',
    label: 'mean time between work-queue runs on a core of the stock kernel (Poisson)',
    unit: 's',
    start: 20e6,
    lo: 1e6,
    hi: 1000e6,
    scale: 'log',
    bounds:
      '1 s to about 17 min: 003 sec 3 names the work queues among the kernel’s noise sources ' +
      'and prints no rate',
    fields:
      'periodUs of work-queue-core0..7 (jaguar-xt5-stock) and, at 1/8 of it, of work-queues on ' +
      'core 0 (jaguar-xt5-rn, jaguar-xt5-rn-prototype)',
    read: (p) => source(p[STOCK], PER_CORE[0]).periodUs,
    write: (p, x) => {
      for (const id of PER_CORE) source(p[STOCK], id).periodUs = x;
      for (const f of [RN, PROTO]) source(p[f], MOVED).periodUs = Math.round(sig3(x / 8));
    },
    round: (x) => Math.round(sig3(x)),
    cite: '003 sec 3; 003 Fig 3; 003 Table 1',
    against: AGAINST,
    provenance: { sources: [...PER_CORE, MOVED], key: 'periodUs' },
    hereNote: (_preset, id, x) =>
      id === MOVED
        ? `; here the stock kernel's eight queues as one on core 0, eight times as frequent: ` +
          `one every ${(sig3(x / 8) / 1e6).toLocaleString('en-US')} s`
        : '',
  },
  {
    id: 'work-queue-median',
    label: 'median length of a work-queue run (lognormal, sigma 0.5)',
    unit: 'µs',
    start: 4000,
    lo: 500,
    hi: 30_000,
    scale: 'log',
    bounds:
      '0.5 to 30 ms: not printed; Fig 3 plots the stock kernel’s completions at the root in CPU ' +
      'cycles without a scale we can read, two orders of magnitude above the RN kernel’s',
    fields: 'duration (lognormal, median; sigma 0.5) of the same sources, all three presets',
    read: (p) => {
      const d = source(p[STOCK], PER_CORE[0]).duration;
      return d.dist === 'lognormal' ? d.medianUs : NaN;
    },
    write: (p, x) => {
      for (const id of PER_CORE) {
        source(p[STOCK], id).duration = { dist: 'lognormal', medianUs: x, sigma: SIGMA };
      }
      for (const f of [RN, PROTO]) {
        source(p[f], MOVED).duration = { dist: 'lognormal', medianUs: x, sigma: SIGMA };
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '003 sec 3; 003 Fig 3; 003 Table 1',
    against: AGAINST,
    provenance: { sources: [...PER_CORE, MOVED], key: 'duration' },
  },
];

/** Runs per seed: the report's full-mode lengths (src/validation/targets/applications.ts),
 * warm-up included. */
export const JAGUAR_PLAN = {
  fwq: { iterations: 24, warmup: 4 },
  pop: { iterations: 6, warmup: 1 },
} as const;

/** MPI-FWQ's job (003 sec 4): 49,152 cores, -N 6 -cc 2-7. */
const FWQ_JOB = { nodes: 8192, ranksPerNode: 6, reservedCores: [0, 1] };

/** 003 Table 1's rows as the report reads them (table1Reading: step 870 where step 1,000 repeats
 * it): processes, and the RN kernel's gain over the stock one. */
const POP_ROWS = TABLE1.map((row) => {
  const k = table1Reading(row.rn);
  return {
    procs: row.procs,
    gain: (row.stock[k] - row.rn[k]) / row.stock[k],
    at: `step ${TABLE1_STEPS[k].toLocaleString('en-US')}: ${row.stock[k]} → ${row.rn[k]} s`,
  };
});
/**
 * The rows the fit sees; the others are held out. 384 processes is held out because the model
 * cannot meet it together with 24,576: with 3 solver phases a step, the work queues that cost a
 * step at 24,576 what Table 1 says (43 ms) cost the one long baroclinic phase at 384 more than
 * its 3 ms, and a fit of both ends (and MPI-FWQ) settled where all three miss (structure below).
 */
const POP_FITTED = [24_576];

export function runs(p: Presets): RunSpec[] {
  const out: RunSpec[] = [];
  const { fwq, pop } = JAGUAR_PLAN;
  for (const [key, preset] of [
    ['fwq-stock', STOCK],
    ['fwq-rn', PROTO],
  ] as const) {
    out.push({
      key,
      scenario: variant(p[preset], (d) => {
        d.job = { ...d.job, ...FWQ_JOB };
        d.workload = mpiFwqWorkload(FWQ_W18_US, fwq.iterations, fwq.warmup);
      }),
    });
  }
  const popRun = (preset: string, job: Partial<Scenario['job']>) =>
    variant(p[preset], (d) => {
      d.job = { ...d.job, ...job };
      d.workload = popWorkload(d, pop.iterations, pop.warmup);
    });
  for (const { procs } of POP_ROWS) {
    const job = { nodes: procs / 6, ranksPerNode: 6, reservedCores: [0, 1] };
    out.push({ key: `pop-${procs}-stock`, scenario: popRun(STOCK, job) });
    out.push({ key: `pop-${procs}-rn`, scenario: popRun(PROTO, job) });
  }
  // 003 Table 2, Shark: 1,024 nodes, RN on cores 1-7 (7,168 processes), stock on all 8 (8,192).
  out.push({
    key: 'shark-stock',
    scenario: popRun(STOCK, { nodes: 1024, ranksPerNode: 8, reservedCores: [] }),
  });
  out.push({
    key: 'shark-rn',
    scenario: popRun(RN, { nodes: 1024, ranksPerNode: 7, reservedCores: [0] }),
  });
  return out;
}

/** Mean over seeds of a per-seed figure (equal lengths: the pooled mean). */
const pooled = (runs: SeedMeasure[], f: (m: SeedMeasure) => number) =>
  runs.reduce((a, m) => a + f(m), 0) / runs.length;

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;

/** r for "about 10^orders ×": log10(simulated / 10^orders) over the report's half-width (half
 * an order of magnitude), ±1 at the edge of its tolerance like the other residuals. */
function ordersResidual(simulated: number, orders: number): number {
  return (Math.log10(simulated) - orders) / NEAR_ORDERS_HALF_WIDTH;
}

const popTerm = (row: (typeof POP_ROWS)[number]): Term => ({
  id: `pop-${row.procs}`,
  heldOut: !POP_FITTED.includes(row.procs),
  claim: `POP at ${row.procs.toLocaleString('en-US')} processes: time saved by the RN kernel`,
  cite: '003 Table 1',
  published: `${pct(row.gain)} (${row.at})`,
  evaluate: (m: Measures) => {
    const stock = pooled(m.runs[`pop-${row.procs}-stock`], (s) => s.iterationUs);
    const rn = pooled(m.runs[`pop-${row.procs}-rn`], (s) => s.iterationUs);
    const gain = (stock - rn) / stock;
    return {
      simulated: gain,
      text: `${pct(gain)} (steps ${ms(stock)} → ${ms(rn)})`,
      residual: valueResidual(gain, row.gain),
    };
  },
});

/** 003 Table 2: 379.03 s (RN, 7,168 processes) against 499.0 s (stock, 8,192), 2,000 steps. */
const SHARK_RATIO = 379.03 / 499.0;

export const terms: Term[] = [
  {
    id: 'mpi-fwq',
    claim: 'MPI-FWQ at 49,152 cores: completion at the root two orders of magnitude lower with RN',
    cite: '003 Fig 3, sec 4',
    published: '~100× ("two orders of magnitude")',
    evaluate: (m) => {
      const stock = pooled(m.runs['fwq-stock'], (s) => s.rootCollectiveUs);
      const rn = pooled(m.runs['fwq-rn'], (s) => s.rootCollectiveUs);
      const r = stock / rn;
      return {
        simulated: r,
        text: `${r.toFixed(0)}× (${ms(stock)} → ${(rn / 1000).toFixed(2)} ms at rank 0)`,
        residual: ordersResidual(r, 2),
      };
    },
  },
  ...POP_ROWS.map(popTerm),
  {
    id: 'shark',
    heldOut: true,
    claim: 'Shark: POP on 1,024 nodes, 7,168 RN processes against 8,192 stock ones',
    cite: '003 Table 2',
    published: `${SHARK_RATIO.toFixed(2)} of the stock time (379.03 s vs 499.0 s)`,
    evaluate: (m) => {
      const rn = pooled(m.runs['shark-rn'], (s) => s.iterationUs);
      const stock = pooled(m.runs['shark-stock'], (s) => s.iterationUs);
      const r = rn / stock;
      return {
        simulated: r,
        text: `${r.toFixed(2)} (steps ${ms(rn)} vs ${ms(stock)})`,
        residual: valueResidual(r, SHARK_RATIO),
      };
    },
  },
];

export function jaguarXt5Problem(seeds: number[]): Problem {
  const { fwq, pop } = JAGUAR_PLAN;
  return {
    id: 'jaguar-xt5',
    title: 'Jaguar XT5, stock and Reduced Noise kernels (003)',
    presets: ALL,
    parameters,
    terms,
    seeds,
    runs,
    extra: () => ({}),
    describeRuns:
      `each evaluation runs, on seeds ${seeds.join(', ')}: MPI-FWQ (w = 18, a 690 µs quantum, ` +
      `then an allreduce rooted at rank 0; ${fwq.iterations} iterations, ${fwq.warmup} warm-up) ` +
      'on 8,192 nodes × 6 (cores 2–7, 49,152 processes), jaguar-xt5-stock against ' +
      'jaguar-xt5-rn-prototype; POP (src/validation/workloads.ts; ' +
      `${pop.iterations} steps, ${pop.warmup} warm-up) at 384, 1,536, 6,144 and 24,576 processes ` +
      '(-N 6 -cc 2-7) on the same two presets; and the Shark run, POP on 1,024 nodes, ' +
      'jaguar-xt5-rn on cores 1–7 against jaguar-xt5-stock on all 8. The same run lengths and ' +
      'jobs as the report’s target 10.',
    measuresNote:
      'An "order of magnitude" result has r = (log10 of it − the published order) / 0.5, ±1 ' +
      'at the edge of the report’s half an order (src/validation/tolerance.ts); the RN gains and ' +
      'the Shark ratio use the mean step over the seeds.',
    structure:
      'POP at 384 processes is held out (counted as evidence, a miss): fitted together with ' +
      '24,576 and MPI-FWQ (a run of this command on 2026-11-28, seeds 11–15), the search went ' +
      'from 20 s and 4 ms to 48.7 s and 1.8 ms, where 384 came to 0.62% (published 0.47%) but ' +
      'every other result missed: MPI-FWQ 12×, 24,576 processes 14.5% (31.4%), Shark 0.93 ' +
      '(0.76). With 3 solver phases a step the stock cost cannot grow from 3 ms a step at 384 ' +
      'processes to 43 ms at 24,576 as Table 1’s does (about as the process count, as many ' +
      'short synchronisations each rarely met would give): POP’s synchronisations per step are ' +
      'the missing parameter (src/validation/workloads.ts, not fitted yet). ' +
      'Every other value of the Jaguar XT5 presets (the tick, the unpinned services, the ' +
      'prototype’s core-1 interrupts) keeps its hand-set value and provenance; so do POP’s ' +
      'workload (3 solver phases a step; its work solved from the RN step times at 384 and ' +
      '24,576 processes) and the work queues’ spread (lognormal, sigma 0.5). The RN presets ' +
      'carry the stock kernel’s eight queues as one source on core 0, eight times as frequent, ' +
      'of the same lengths.',
  };
}
