// Targets 1–4 and the application half of 10: the tree workloads (docs/workloads.md) on the
// machine presets — SAGE on ASCI Q (000 Table 3, Figs 1, 3, 6; Mysteries #1 and #2), MPI-FWQ
// and POP on Jaguar XT5 (003 Fig 3, Tables 1 and 2).
import { PhaseRun } from '../../engine/phase-run.ts';
import type { Scenario } from '../../scenario/types.ts';
import { TABLE1, table1Reading, TABLE1_STEPS } from '../../published/jaguar.ts';
import { loadPreset, variant } from '../presets.ts';
import {
  median,
  nearOrders,
  nearOrdersText,
  nearValue,
  nearValueText,
  overSeeds,
  overSeedsText,
} from '../tolerance.ts';
import type { Check, Target, TargetContext } from '../types.ts';
import {
  allreduceWorkload,
  FWQ_W18_US,
  mpiFwqWorkload,
  popWorkload,
  POP_SOLVER_PHASES,
  SAGE_MODEL_CYCLE_US,
  sageWorkload,
} from '../workloads.ts';

const fmt = (x: number, digits = 2) => x.toFixed(digits);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * Seeds and run lengths per mode. Every check runs on seeds 1–5 in both modes and is judged on
 * the median of its per-seed values, their range shown. A check that compares two configurations
 * (a ratio, a gain, a crossover, an order) computes its figure per seed with both sides on the
 * same seed (common random numbers) and judges the median of those figures (an order: the order
 * most seeds show). Full: the report. Fast: CI, the same checks and seeds on shorter runs. The
 * seeds and the full-mode lengths were fixed before any result was looked at.
 *
 * Lengths are per seed, warm-up included. Full mode runs five seeds for at most about 2.5× the
 * cost of the single seed it ran before: SAGE 22 cycles → 10 (50 in all: 2.3×), the allreduce
 * benchmark 400 → 200 iterations (2.5×), MPI-FWQ 60 → 24 (2×), POP 12 steps → 6 (2.5×).
 *
 * Fast mode keeps one warm-up cycle or step: the first one of a run is not typical (on seeds
 * 1–5, SAGE's first cycle on the 2002 machine was faster than the later ones in 8 of 10 runs at
 * 1,024 and 2,048 nodes × 4, the median first cycle at 2,048 nodes 1.11 s against the report's
 * 1.56 s; POP's first stock step at 24,576 processes was about 5% slower than the next two).
 * Fig 3's fast mode instead runs the full-length cycles at the three node counts around the
 * published crossovers: a crossover turns on rates a few percent apart, which one cycle per seed
 * cannot tell apart, and at these counts each seed's rates are the report's.
 */
const SEEDS = [1, 2, 3, 4, 5];
const FULL_SAGE = { iterations: 10, warmup: 2 }; // SAGE cycles, 0.6–2 s each
const PLAN = {
  full: {
    sage: FULL_SAGE,
    allreduce: { iterations: 200, warmup: 20 }, // allreduces at g = 0
    fwq: { iterations: 24, warmup: 4 }, // MPI-FWQ quanta of 690 µs, each with its allreduce
    pop: { iterations: 6, warmup: 1 }, // POP steps, 0.1–0.7 s each
    fig3: { nodes: [32, 64, 128, 256, 512, 1024, 2048], sage: FULL_SAGE },
  },
  fast: {
    sage: { iterations: 2, warmup: 1 },
    allreduce: { iterations: 120, warmup: 10 },
    fwq: { iterations: 3, warmup: 1 },
    pop: { iterations: 2, warmup: 1 },
    fig3: { nodes: [128, 256, 512], sage: FULL_SAGE },
  },
} as const;

interface Measured {
  /** mean Δ (cycle, step or iteration), µs */
  mean: number;
  /** min Δ, µs */
  min: number;
  /** noiseless Δ, µs */
  model: number;
  /** rank 0's mean time per iteration in collectives, µs */
  rootCollective: number;
  /** rank 0's share of its time in collectives */
  rootShare: number;
  ranks: number;
  iterations: number;
  seed: number;
}

/** Runs are shared between the targets of one process: a scenario, seed included, gives one
 * result (targets 1 and 4 run SAGE on 1,024 nodes × 4 alike, and so does target 2 in full mode;
 * targets 3 and 4 the same allreduce). */
const measured = new Map<string, Measured>();

function measure(s: Scenario): Measured {
  const key = JSON.stringify(s);
  const known = measured.get(key);
  if (known) return known;
  const run = new PhaseRun(s).run();
  const n = run.measured;
  let sum = 0;
  let min = Infinity;
  let coll = 0;
  let root = 0;
  for (let i = 0; i < n; i++) {
    sum += run.durations[i];
    if (run.durations[i] < min) min = run.durations[i];
    coll += run.rootCollectiveUs[i];
    root += run.rootDurations[i];
  }
  const m: Measured = {
    mean: sum / n,
    min,
    model: run.granularityUs + run.collectiveUs,
    rootCollective: coll / n,
    rootShare: coll / root,
    ranks: run.ranks,
    iterations: n,
    seed: s.seed,
  };
  measured.set(key, m);
  return m;
}

/** One configuration run on every seed of SEEDS: the scenario of the first seed (for the run
 * text) and each seed's measurements, in the order of SEEDS. */
interface OverSeedRuns {
  s: Scenario;
  ms: Measured[];
}

/** A preset with another job and workload, run on each of SEEDS. */
function runSeeds(
  preset: string,
  job: Partial<Scenario['job']>,
  workload: (s: Scenario) => Scenario['workload'],
  edit: (s: Scenario) => void = () => {},
): OverSeedRuns {
  const base = variant(loadPreset(preset), (d) => {
    d.job = { ...d.job, ...job };
    d.workload = workload(d);
    edit(d);
  });
  const scenarios = SEEDS.map((seed) =>
    variant(base, (d) => {
      d.seed = seed;
    }),
  );
  return { s: scenarios[0], ms: scenarios.map(measure) };
}

/** Median and range over SEEDS of a figure of each seed's run. */
function perSeed(values: number[]) {
  return overSeeds(values, SEEDS);
}

const SEEDS_TEXT = `seeds ${SEEDS[0]}–${SEEDS[SEEDS.length - 1]}`;

function runText(preset: string, r: OverSeedRuns, what = 'cycles'): string {
  const { s, ms } = r;
  const excl = s.job.excludeOffsets.length ? `, without offsets ${s.job.excludeOffsets}` : '';
  return (
    `${preset}: ${s.job.nodes} nodes × ${s.job.ranksPerNode} (${ms[0].ranks} ranks)${excl}, ` +
    `${s.job.waitMode}, ${SEEDS_TEXT} × ${ms[0].iterations} ${what} ` +
    `(after ${s.workload.warmup} warm-up)`
  );
}

// ---- SAGE on ASCI Q ----

function sage(
  ctx: TargetContext,
  preset: string,
  job: Partial<Scenario['job']>,
  { iterations, warmup } = PLAN[ctx.mode].sage,
): OverSeedRuns {
  return runSeeds(preset, job, (d) => sageWorkload(d, iterations, warmup));
}

/** SAGE's processing rate, cells per second: 13,500 cells per PE (000 Table 3) per cycle. */
const sageRate = (ranks: number, cycleUs: number) => (ranks * 13_500) / (cycleUs / 1e6);

const seconds = (x: number) => `${fmt(x)} s`;

const table3Rows = [
  {
    config: 'Unoptimized system',
    preset: 'asci-q-2002',
    job: { nodes: 2048, ranksPerNode: 4 },
    cycle: 1.6,
    improvement: 1,
  },
  {
    // Table 3 is "SAGE effective performance after noise removal": every row but the first
    // (explicitly "Unoptimized") is read as measured on the optimised (2003) system.
    config: '3 processes/node',
    preset: 'asci-q-2003',
    job: { nodes: 2048, ranksPerNode: 3 },
    cycle: 0.64,
    improvement: 1.87,
  },
  {
    config: 'Without node 0',
    preset: 'asci-q-2003',
    job: { nodes: 1984, ranksPerNode: 4, excludeOffsets: [0] },
    cycle: 0.87,
    improvement: 1.78,
  },
  {
    config: 'Without nodes 0 and 31',
    preset: 'asci-q-2003',
    job: { nodes: 1920, ranksPerNode: 4, excludeOffsets: [0, 31] },
    cycle: 0.86,
    improvement: 1.75,
  },
];

const sageTable3: Target = {
  number: 1,
  title: 'SAGE at 8,192 PEs (Table 3) and Mystery #1',
  cite: '000 Table 3; 000 sec 2, Fig 1',
  fast: true,
  run(ctx) {
    const checks: Check[] = [];
    // Per configuration, each seed's rate (cells/s), in the order of SEEDS.
    const rates: { config: string; rates: number[]; published: number }[] = [];
    let bestRates: number[] = [];
    for (const row of table3Rows) {
      const r = sage(ctx, row.preset, row.job);
      const cycle = perSeed(r.ms.map((m) => m.mean / 1e6));
      const ok = Math.abs(cycle.median / row.cycle - 1) <= 0.2;
      const rowRates = r.ms.map((m) => sageRate(m.ranks, m.mean));
      rates.push({ config: row.config, rates: rowRates, published: row.improvement });
      const fastest = Math.min(...r.ms.map((m) => m.min)) / 1e6;
      checks.push({
        id: `table3-${row.config.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        claim: `SAGE cycle time, ${row.config}`,
        published: `${fmt(row.cycle)} s`,
        simulated:
          `mean cycle ${overSeedsText(cycle, seconds)}; fastest cycle of any seed ${seconds(fastest)}; ` +
          `rate ${fmt(median(rowRates) / 1e6, 1)} M cells/s (median)`,
        tolerance: '±20% (median over seeds)',
        pass: ok,
        run: runText(row.preset, r),
        // A fit, every row: SAGE's allreduces per cycle were chosen for the unoptimised row
        // and so that the 2003 rows stay within 20% (src/validation/workloads.ts).
        basis: 'calibrated' as const,
        note:
          row.improvement === 1
            ? 'Published value is the paper\'s extrapolation from 4,096 PEs ("linear performance ' +
              'degradation"). A fit: SAGE\'s allreduces per cycle were set so that this cycle comes ' +
              'near it (src/validation/workloads.ts).'
            : row.preset === 'asci-q-2003' && row.job.ranksPerNode === 4
              ? "A fit: SAGE's allreduces per cycle were chosen so that these rows stay within " +
                '20% (src/validation/workloads.ts). ' +
                'The 2003 rows come out 15–20% slow: the RMS daemons (15 and 18 ms every 60 s, ' +
                'published) on some 1,950 nodes hit most allreduce phases, and each phase waits ' +
                'for the longest event. Fewer allreduces per cycle would bring these rows down, ' +
                'but would also bring SAGE 2002 at 4,096 PEs under Mystery #1\'s "twice" and ' +
                'its allreduce share under 51% (the calibration of SAGE_ALLREDUCES_PER_CYCLE).'
              : '',
      });
      if (row.config === 'Without nodes 0 and 31') {
        // "Best observed": the paper's best cycles; here each seed's fastest cycle.
        const best = perSeed(r.ms.map((m) => m.min / 1e6));
        bestRates = r.ms.map((m) => sageRate(m.ranks, m.min));
        checks.push({
          id: 'table3-best-observed',
          claim: 'SAGE best observed cycle, without nodes 0 and 31',
          published: '0.68 s',
          simulated: `fastest measured cycle of each seed: ${overSeedsText(best, seconds)}`,
          tolerance: '±20% (median over seeds)',
          pass: Math.abs(best.median / 0.68 - 1) <= 0.2,
          run: runText(row.preset, r),
          note:
            'Not met. Compared with the fastest cycle of each simulated run. In the model every ' +
            'cycle of 7,680 PEs meets the same noise: the RMS daemons alone (15 and 18 ms every ' +
            '60 s on each of 1,920 nodes, published) start about 64 events a second, two or three ' +
            'per allreduce phase, and each phase waits for the longest. So cycles vary by a few ' +
            "percent around the mean and none comes near 0.68 s. The paper's best cycles " +
            '("minimum over 50 cycles", Fig 17) came from a machine whose noise varied from ' +
            'cycle to cycle in ways the published sources do not describe.',
        });
      }
    }
    // The model row: the noiseless cycle at 8,192 PEs (the seed changes nothing without noise;
    // run on every seed all the same, as every check is).
    const model = runSeeds(
      'asci-q-2002',
      { nodes: 2048, ranksPerNode: 4 },
      (d) => sageWorkload(d, 2, 0),
      (d) => {
        d.noise = [];
      },
    );
    const modelCycle = perSeed(model.ms.map((m) => m.mean / 1e6));
    rates.push({
      config: 'Model',
      rates: model.ms.map((m) => sageRate(m.ranks, m.mean)),
      published: 2.58,
    });
    checks.push({
      id: 'table3-model',
      claim: 'SAGE model cycle at 8,192 PEs (no noise)',
      published: '0.63 s',
      simulated: overSeedsText(modelCycle, (x) => `${fmt(x, 3)} s`),
      tolerance: '±20%',
      pass: nearValue(modelCycle.median * 1e6, SAGE_MODEL_CYCLE_US),
      basis: 'calibrated',
      run: `asci-q-2002 with every source removed, 2048 × 4, ${SEEDS_TEXT} × ${model.ms[0].iterations} cycles`,
      note: 'Calibrated by construction (src/validation/workloads.ts): a check that the model line is the published one, not evidence.',
    });
    // Improvement factors (rate / unoptimized rate), per seed with both rates from the same
    // seed. Each seed's factors give that seed's order; the check is judged on the published
    // order holding in most seeds, as Fig 18's "largest" checks are (target 8). The medians of
    // the factors are shown, not judged: they share the unoptimised row's cycle, whose noise is
    // large, so each is that of whichever seed lies in the middle for it. The "best observed"
    // row is an extreme of the measured distribution, not a configuration: it is checked on its
    // own above and left out of the order (its factor is shown).
    const unopt = rates[0].rates;
    const factors = rates.map((r) => ({
      ...r,
      factors: r.rates.map((x, k) => x / unopt[k]),
    }));
    const medianFactor = (r: (typeof factors)[number]) => median(r.factors);
    const byPublished = [...factors].sort((a, b) => b.published - a.published);
    const bySim = [...factors].sort((a, b) => medianFactor(b) - medianFactor(a));
    const seedsInOrder = SEEDS.filter((_, k) =>
      byPublished.every((r, i) => i === 0 || byPublished[i - 1].factors[k] > r.factors[k]),
    ).length;
    const bestFactor = perSeed(bestRates.map((x, k) => x / unopt[k]));
    checks.push({
      id: 'table3-order',
      claim: 'improvement factors in the published order',
      published: byPublished.map((r) => `${r.config} ${fmt(r.published)}`).join(' > '),
      simulated:
        `the published order in ${seedsInOrder} of ${SEEDS.length} seeds; median factors ` +
        bySim.map((r) => `${r.config} ${fmt(medianFactor(r))}`).join(' > '),
      tolerance: 'same order, in most seeds (each seed’s factors on its own rates)',
      pass: seedsInOrder * 2 > SEEDS.length,
      basis: 'calibrated',
      run: `the rows above, ${SEEDS_TEXT}`,
      note:
        'A fit: built on the rows above, each fitted. The "best observed" row (published 2.21) ' +
        'is left out of the order: it is the best of the measured cycles, not a configuration; ' +
        `the fastest simulated cycle of each seed gives ${overSeedsText(bestFactor, (x) => fmt(x))}.`,
    });
    // Mystery #1: 4,096 PEs on the 2002 machine at about twice the model.
    const q = sage(ctx, 'asci-q-2002', { nodes: 1024, ranksPerNode: 4 });
    const ratio = perSeed(q.ms.map((m) => m.mean / m.model));
    const share = perSeed(q.ms.map((m) => m.rootShare));
    checks.push({
      id: 'mystery1',
      claim: 'Mystery #1: SAGE at 4,096 PEs runs at about twice its model',
      published: '2× (Fig 1)',
      simulated:
        `${overSeedsText(ratio, (x) => `${fmt(x)}×`)} (cycle ` +
        `${seconds(median(q.ms.map((m) => m.mean / 1e6)))} median, model ${seconds(q.ms[0].model / 1e6)})`,
      tolerance: `${nearValueText(2, (x) => `${fmt(x)}×`)} (median over seeds)`,
      pass: nearValue(ratio.median, 2),
      run: runText('asci-q-2002', q),
      note: "A fit: SAGE's allreduces per cycle were set for this twice (src/validation/workloads.ts).",
      basis: 'calibrated',
    });
    checks.push({
      id: 'allreduce-share',
      claim: 'SAGE at 4,096 PEs spends over 51% of its time in allreduce',
      published: '> 51% (000 sec 3.1)',
      simulated: `${overSeedsText(share, pct)} (rank 0)`,
      tolerance: '> 51% (median over seeds)',
      pass: share.median > 0.51,
      run: runText('asci-q-2002', q),
      note:
        'Measured on rank 0, as the paper profiled the root processor (Fig 5). In this model ' +
        'the share is 1 − compute/cycle, so over 51% needs the cycle above 2.04× the model; ' +
        'the calibration (24 allreduces per cycle) puts 4,096 PEs at about 2× and the share ' +
        'just under half. A trade-off with the 2003 rows of Table 3: more allreduces per ' +
        'cycle pass this check and push those rows past +20% (26 did when ' +
        'SAGE_ALLREDUCES_PER_CYCLE was calibrated, src/validation/workloads.ts).',
    });
    return checks;
  },
};

// ---- Figure 3: processes per node ----

function crossover(nodes: readonly number[], better: boolean[]): number | null {
  // The first node count from which the fewer-PPN rate stays ahead.
  for (let i = 0; i < nodes.length; i++) if (better.slice(i).every(Boolean)) return nodes[i];
  return null;
}

const nodesText = (x: number) => (Number.isFinite(x) ? `${x} nodes` : 'never');

/** Why the 3-PPN crossover misses: how close 3 and 4 PPN are at the published node count. */
function threeAt(published: number, nodes: readonly number[], rate: Record<number, number[][]>) {
  const i = nodes.indexOf(published);
  if (i < 0) return `The runs do not include ${published} nodes.`;
  const ratio = median(rate[3][i]) / median(rate[4][i]);
  return (
    `At ${published} nodes 3 PPN processes ${fmt(ratio * 100, 0)}% of 4 PPN's cells per ` +
    'second (medians over seeds): 4 PPN has a third more processes, so 3 PPN wins once noise ' +
    'slows 4 PPN by more than 4/3 and the crossover falls near where that happens. Each RMS ' +
    'spawn (15 then 18 ms) goes to the spare processor of 3 PPN, but while one event holds ' +
    'it the next takes a process (the long node-0, node-1 and node-31 activities hold it ' +
    'for tens to hundreds of ms), so near the crossover the two are close and each seed’s ' +
    'noise decides.'
  );
}

const figure3: Target = {
  number: 2,
  title: 'Fewer processes per node beat four beyond a few hundred nodes (Fig 3)',
  cite: '000 sec 2, Figs 2–3',
  fast: true,
  run(ctx) {
    const { nodes, sage: cycles } = PLAN[ctx.mode].fig3;
    // rate[ppn][i][k]: cells/s at nodes[i] on seed SEEDS[k]
    const rate: Record<number, number[][]> = { 2: [], 3: [], 4: [] };
    for (const ppn of [2, 3, 4]) {
      for (const n of nodes) {
        const r = sage(ctx, 'asci-q-2002', { nodes: n, ranksPerNode: ppn }, cycles);
        rate[ppn].push(r.ms.map((m) => sageRate(m.ranks, m.mean)));
      }
    }
    const { iterations, warmup } = cycles;
    const run =
      `asci-q-2002, SAGE, ${SEEDS_TEXT} × ${iterations - warmup} cycles (after ${warmup} ` +
      `warm-up) per point, nodes ${nodes.join(', ')}`;
    const checks: Check[] = [];
    for (const [ppn, published] of [
      [3, 256],
      [2, 512],
    ]) {
      // Each seed's crossover, both PPN on that seed; a seed that never crosses counts as past
      // the largest node count (Infinity), so the median is still defined.
      const at = SEEDS.map(
        (_, k) =>
          crossover(
            nodes,
            nodes.map((_, i) => rate[ppn][i][k] > rate[4][i][k]),
          ) ?? Infinity,
      );
      const o = perSeed(at);
      const rates = nodes
        .map(
          (n, i) =>
            `${n}: ${fmt(median(rate[4][i]) / 1e6, 0)}/${fmt(median(rate[ppn][i]) / 1e6, 0)}`,
        )
        .join(', ');
      checks.push({
        id: `fig3-${ppn}ppn`,
        claim: `${ppn} PPN processes more cells per second than 4 PPN beyond about ${published} nodes`,
        published: `${published} nodes`,
        simulated:
          `crossover ${overSeedsText(o, nodesText)}; per seed ${at.map(nodesText).join(', ')} ` +
          `(median rates 4 PPN / ${ppn} PPN: ${rates} M cells/s)`,
        tolerance:
          `the median over seeds of each seed's crossover (4 and ${ppn} PPN on the same seed) ` +
          `at ${published} nodes (the runs double the nodes, as the paper's do)`,
        pass: o.median === published,
        run,
        note:
          ppn === 2
            ? 'Two PPN wins once four PPN runs at more than twice the model. The same SAGE ' +
              'calibration puts 4,096 PEs at about twice its model (Mystery #1) and ' +
              '8,192 PEs near the extrapolated 1.60 s (Table 3), so the 2-PPN crossover sits ' +
              'where the slowdown passes 2, between 1,024 and 2,048 nodes. Moving it down to ' +
              '512 nodes needs a slowdown over 2 at 512 nodes, hence about 2.7× at 1,024 and ' +
              'over 2 s at 8,192 PEs: Mystery #1 and the Table 3 row would fail instead. The ' +
              "paper's three figures (Figs 1, 3 and Table 3) are not consistent with one " +
              'slowdown curve in this model; we kept Fig 1 and Table 3.'
            : o.median === published
              ? ''
              : threeAt(published, nodes, rate),
      });
    }
    return checks;
  },
};

// ---- Figure 6: allreduce latency against PPN ----

function allreduceLatency(ctx: TargetContext, preset: string, job: Partial<Scenario['job']>) {
  const { iterations, warmup } = PLAN[ctx.mode].allreduce;
  return runSeeds(preset, job, () => allreduceWorkload(0, iterations, warmup));
}

const micros = (x: number) => `${fmt(x, 0)} µs`;

const figure6: Target = {
  number: 3,
  title: 'Allreduce latency against processes per node (Fig 6)',
  cite: '000 sec 3.1, Fig 6',
  fast: true,
  run(ctx) {
    const checks: Check[] = [];
    for (const ppn of [1, 2, 3, 4]) {
      const r = allreduceLatency(ctx, 'asci-q-2002', { nodes: 1024, ranksPerNode: ppn });
      const o = perSeed(r.ms.map((m) => m.mean));
      // The noiseless allreduce: the same on every seed.
      const model = r.ms[0].model;
      const four = ppn === 4;
      const pass = four ? o.median > 3000 : o.median < 300;
      checks.push({
        id: `fig6-${ppn}ppn`,
        claim: four
          ? 'allreduce over 3 ms with 4 PPN at about 1,000 nodes'
          : `allreduce under 300 µs with ${ppn} PPN at about 1,000 nodes`,
        published: four ? '> 3 ms' : '< 300 µs',
        simulated: `${overSeedsText(o, micros)} (no noise: ${micros(model)})`,
        tolerance: `${four ? '> 3 ms' : '< 300 µs'} (median over seeds)`,
        pass,
        run: runText('asci-q-2002', r, 'allreduces (g = 0)'),
        note: four
          ? 'A fit: the daemons of the 2002 preset were set for the 4-process allreduce at a ' +
            'little over 3 ms and 7× faster when blocking (their provenance).' +
            (pass
              ? ''
              : ` Not met on the median; the seeds spread from ${micros(o.lo)} to ` +
                `${micros(o.hi)}. This mean is made by rare events of milliseconds on some of ` +
                `the 1,024 nodes, so a seed's mean over ${r.ms[0].iterations} allreduces ` +
                'depends on how many of them it meets, and the median of such means tends to ' +
                'sit below the mean of a long run.')
          : 'A fit: the tree’s hop was set so that the noiseless allreduce stays under 300 µs ' +
            '(scenarios/README.md).' +
            (pass
              ? ''
              : ` Not met with the noise: a median of ${micros(o.median)}, ` +
                `${fmt(o.median / model, 2)}× the noiseless ${micros(model)}. Every source ` +
                'of the preset is cpu "any", so the free core takes the events it can; what ' +
                'is left still reaches some of the allreduces on 1,024 nodes. Why the paper ' +
                'measured under 300 µs is not established.'),
        basis: 'calibrated' as const,
      });
    }
    return checks;
  },
};

// ---- Mystery #2: poll, then block ----

const mystery2: Target = {
  number: 4,
  title: 'Mystery #2: a 7× faster allreduce barely helps SAGE',
  cite: '000 sec 3.1; 002 slide 56',
  fast: true,
  run(ctx) {
    const block = { waitMode: 'block' as const, wakeupUs: 5 };
    const job = { nodes: 1024, ranksPerNode: 4 };
    // Poll and block on the same seed (common random numbers), the ratio per seed.
    const poll = allreduceLatency(ctx, 'asci-q-2002', job);
    const blk = allreduceLatency(ctx, 'asci-q-2002', { ...job, ...block });
    const speedup = perSeed(poll.ms.map((m, k) => m.mean / blk.ms[k].mean));
    const sagePoll = sage(ctx, 'asci-q-2002', job);
    const sageBlock = sage(ctx, 'asci-q-2002', { ...job, ...block });
    const gain = perSeed(sagePoll.ms.map((m, k) => m.mean / sageBlock.ms[k].mean - 1));
    const med = (r: OverSeedRuns, f: (m: Measured) => number) => median(r.ms.map(f));
    return [
      {
        id: 'mystery2-allreduce',
        claim: 'poll-then-block makes the allreduce about 7× faster (4 PPN, 1,024 nodes)',
        published: '7×',
        simulated:
          // each seed's ratio of its own two runs; the medians of the runs beside it need not
          // give the median ratio
          `${overSeedsText(speedup, (x) => `${fmt(x, 1)}×`)}, each seed's own ratio (medians ` +
          `over seeds ${micros(med(poll, (m) => m.mean))} → ${micros(med(blk, (m) => m.mean))})`,
        tolerance: `${nearValueText(7, (x) => `${fmt(x, 1)}×`)} (median over seeds)`,
        pass: nearValue(speedup.median, 7),
        run: `${runText('asci-q-2002', poll, 'allreduces')}; block: wake-up ${block.wakeupUs} µs`,
        note:
          'Block mode stands for the paper\'s "poll 100 µs, then block" (docs/workloads.md §2). ' +
          'A fit: the 2002 daemons were set for this 7× (their provenance).' +
          (nearValue(speedup.median, 7)
            ? ''
            : ' The fit falls short: without the daemons the polling allreduce already takes ' +
              'about 3.9 ms and blocking makes it about 10× faster (the provenance says so), ' +
              'and daemons heavy enough to bring that to 7× would break Fig 6\'s "a little ' +
              'over 3 ms".'),
        basis: 'calibrated',
      },
      {
        id: 'mystery2-sage',
        claim: 'the same change gains SAGE only about 5% at 4,096 PEs',
        published: '"small improvements in Sage (5%)" (002 slide 56); "negligible" (000 sec 3.1)',
        simulated:
          `${overSeedsText(gain, pct)}, each seed's own gain (median cycles over seeds ` +
          `${seconds(med(sagePoll, (m) => m.mean / 1e6))} → ` +
          `${seconds(med(sageBlock, (m) => m.mean / 1e6))})`,
        tolerance: `${nearValueText(0.05, (x) => pct(x))} (median over seeds)`,
        pass: nearValue(gain.median, 0.05),
        run: `${runText('asci-q-2002', sagePoll)}; block: wake-up ${block.wakeupUs} µs`,
        note: nearValue(gain.median, 0.05)
          ? ''
          : 'Not met: blocking gains SAGE less than the paper’s 5% here. In the model a SAGE ' +
            'cycle waits on its noise in the compute between allreduces as much as in them, ' +
            'and blocking only shortens the allreduces; why the paper gained 5% is not ' +
            'established.',
      },
    ];
  },
};

// ---- Jaguar: MPI-FWQ, POP, Shark ----

/** POP's end rows (003 Table 1), whose RN step times the workload was solved from. */
const POP_WORKLOAD_ROWS: readonly number[] = [384, 24_576];
/** The row whose gain the stock noise is fitted to (with MPI-FWQ; src/calibration/jaguar-xt5.ts
 * says why 384 is held out). */
const POP_NOISE_ROWS: readonly number[] = [24_576];

/**
 * 003 Table 1's rows as the POP checks read them: seconds at step 1,000, stock and RN; where
 * the RN time printed at step 1,000 repeats step 870's (1,536 processes, a misprint), both
 * kernels at step 870.
 */
const POP_TABLE1 = TABLE1.map((row) => {
  const k = table1Reading(row.rn);
  return {
    procs: row.procs,
    steps: TABLE1_STEPS[k],
    stockS: row.stock[k],
    rnS: row.rn[k],
    workloadFit: POP_WORKLOAD_ROWS.includes(row.procs),
    noiseFit: POP_NOISE_ROWS.includes(row.procs),
    note: k === 1 ? 'Read at step 870: the RN time printed at step 1,000 repeats it.' : '',
  };
});

const popRow = (procs: number) => POP_TABLE1.find((r) => r.procs === procs)!;

/** ms: the RN kernel's published step at `procs` processes. */
const popStepMs = (procs: number) => {
  const row = popRow(procs);
  return (row.rnS / row.steps) * 1e3;
};

/** µs: what the stock kernel adds to a step of POP_TABLE1's row, as published. */
const popCostUs = (row: (typeof POP_TABLE1)[number]) => ((row.stockS - row.rnS) / row.steps) * 1e6;

const jaguarApps: Target = {
  number: 10,
  title: 'Jaguar XT5: MPI-FWQ, POP and the Shark run',
  cite: '003 Fig 3; 003 Tables 1–2',
  fast: true,
  run(ctx) {
    const checks: Check[] = [];
    const plan = PLAN[ctx.mode];
    const ms = (x: number) => `${fmt(x / 1e3, 1)} ms`;
    // MPI-FWQ at 49,152 cores, -N 6 -cc 2-7, both kernels (003 sec 4).
    const layout = { nodes: 8192, ranksPerNode: 6, reservedCores: [0, 1] };
    const fwq = (preset: string) =>
      runSeeds(preset, layout, () =>
        mpiFwqWorkload(FWQ_W18_US, plan.fwq.iterations, plan.fwq.warmup),
      );
    const stock = fwq('jaguar-xt5-stock');
    const rn = fwq('jaguar-xt5-rn-prototype');
    // Per seed, both kernels on that seed: stock / RN time in the allreduce at rank 0.
    const ratio = perSeed(stock.ms.map((m, k) => m.rootCollective / rn.ms[k].rootCollective));
    const rootMedian = (r: OverSeedRuns) => median(r.ms.map((m) => m.rootCollective));
    const fwqCheck: Check = {
      id: 'mpi-fwq',
      claim:
        'MPI-FWQ allreduce at 49,152 cores: RN kernel two orders of magnitude faster at the root',
      published: '~100× (Fig 3: "two orders of magnitude")',
      simulated:
        `${overSeedsText(ratio, (x) => `${fmt(x, 0)}×`)}, each seed's own ratio (medians over ` +
        `seeds ${micros(rootMedian(stock))} ` +
        `→ ${micros(rootMedian(rn))} at rank 0)`,
      tolerance: `${nearOrdersText(2)} (median over seeds)`,
      pass: nearOrders(ratio.median, 2),
      basis: 'calibrated',
      run: runText('jaguar-xt5-stock / jaguar-xt5-rn-prototype', stock, 'iterations'),
      note:
        "A fit: the stock kernel's work queues (one rate and one length for every core) are " +
        'fitted by npm run calibrate to this ratio and to POP’s end rows together ' +
        '(docs/calibration.md). ' +
        "Trade-off: the tree charges the small-message hop (5 µs), not the paper's 1 MB " +
        'message. With a 1 MB bandwidth term (~0.5 ms a hop, ~16 ms an allreduce) the stock ' +
        'kernel would have to add over a second per allreduce for 100×, which no noise ' +
        'consistent with POP (Table 1) and the FWQ kurtosis (Fig 1) does. What the ratio ' +
        'measures here: long per-core kernel work (the stock work queues) hitting some of the ' +
        '49,152 application cores in most iterations.',
    };
    checks.push(fwqCheck);
    // POP, Table 1 (-N 6 -cc 2-7): every row. The workload (W/R + M·S) and the stock noise were
    // solved and set from the end rows (384 and 24,576 processes): those two are fits. The
    // middle rows (1,536 and 6,144) were in neither, so they are evidence: the RN kernel's gain
    // and its step time (the RN kernel nearly noise-free on cores 2-7, its time is the workload's).
    const pop = (preset: string, procs: number) =>
      runSeeds(preset, { nodes: procs / 6, ranksPerNode: 6, reservedCores: [0, 1] }, (d) =>
        popWorkload(d, plan.pop.iterations, plan.pop.warmup),
      );
    const stepMedian = (r: OverSeedRuns) => median(r.ms.map((m) => m.mean));
    for (const row of POP_TABLE1) {
      const { procs, steps, stockS, rnS, workloadFit, noiseFit } = row;
      const published = (stockS - rnS) / stockS;
      const st = pop('jaguar-xt5-stock', procs);
      const r = pop('jaguar-xt5-rn-prototype', procs);
      if (procs === 384) {
        // Why MPI-FWQ's 100× and this row's 0.47% cannot both hold in the model: an MPI-FWQ
        // iteration's extra time is the longest queue run among those falling on 49,152 cores in
        // one quantum; POP's stock step here pays at least the longest among those falling on
        // 384 cores in its baroclinic phase, which spans more core time, so meets more of them.
        const exposureFwq = layout.nodes * layout.ranksPerNode * FWQ_W18_US; // core-µs
        const exposurePop = popWorkload(st.s, 1, 0).baroclinicUs; // W: core-µs a step
        const extra = 99 * rootMedian(rn); // µs an iteration over the RN kernel's, for 100×
        const least = extra / (stepMedian(r) + extra);
        fwqCheck.note +=
          ' Under the model this ratio and POP’s 0.47% at 384 processes (Table 1) cannot both ' +
          "hold: an MPI-FWQ iteration's extra time is the longest work-queue run among those " +
          `falling on 49,152 cores in a ${FWQ_W18_US} µs quantum ` +
          `(${fmt(exposureFwq / 1e6, 0)} core-seconds); POP's stock step at 384 processes pays ` +
          'at least the longest among those falling on 384 cores in its baroclinic phase ' +
          `(${fmt(exposurePop / 1e6, 0)} core-seconds, so more of them). 100× would add ` +
          `${ms(extra)} to an iteration (99 × the RN root's ${micros(rootMedian(rn))}), and so ` +
          `at least as much to POP's ${ms(stepMedian(r))} RN step at 384: a gain of at least ` +
          `${pct(least)}, against the published 0.47%. The fit follows MPI-FWQ and 24,576 ` +
          'processes and holds 384 out (docs/calibration.md).';
      }
      const at = `step ${steps.toLocaleString('en-US')}: ${stockS} → ${rnS} s`;
      const procsText = procs.toLocaleString('en-US');
      // Per seed, both kernels on that seed: the share of the stock step the RN kernel saves.
      const gain = perSeed(st.ms.map((m, k) => (m.mean - r.ms[k].mean) / m.mean));
      checks.push({
        id: `pop-${procs}`,
        claim: `POP at ${procsText} processes: time saved by the RN kernel`,
        published: `${pct(published)} (${at})`,
        simulated:
          `${overSeedsText(gain, pct)}, each seed's own gain (median steps over seeds ` +
          `${ms(stepMedian(st))} → ` +
          `${ms(stepMedian(r))})`,
        tolerance: `${nearValueText(published, (x) => `${(x * 100).toFixed(2)}%`)} (median over seeds)`,
        pass: nearValue(gain.median, published),
        run: runText('jaguar-xt5-stock / jaguar-xt5-rn-prototype', st, 'steps'),
        note: noiseFit
          ? "A fit: the stock kernel's work queues are fitted by npm run calibrate to this gain " +
            'and MPI-FWQ together (docs/calibration.md); POP’s workload was solved from the RN ' +
            'step times at 384 and 24,576 processes (src/validation/workloads.ts).'
          : 'Held out of the fit (npm run calibrate fits the stock noise to 24,576 processes and ' +
            'MPI-FWQ).' +
            (procs === 384
              ? ' Fitted with them, this row pulled every other Jaguar XT5 result off its ' +
                'published value (docs/calibration.md); see mpi-fwq for why the model cannot ' +
                'meet it and MPI-FWQ together.'
              : '') +
            `${row.note ? ` ${row.note}` : ''} The stock kernel costs a step ` +
            `${ms(stepMedian(st) - stepMedian(r))} here against ` +
            `${ms(popCostUs(row))} published. From 6,144 to 24,576 processes the published ` +
            `cost grows about as the process count (${ms(popCostUs(popRow(6144)))} → ` +
            `${ms(popCostUs(popRow(24_576)))} a step), as many short synchronisations per step, ` +
            "each rarely met by an event, would give; the model's step has " +
            `${POP_SOLVER_PHASES + 1} (${POP_SOLVER_PHASES} solver phases and the baroclinic ` +
            "one, set with the stock noise's long per-core work for MPI-FWQ's two orders of " +
            'magnitude), and at 1,536 ' +
            'processes and above most of them meet a long event, so its cost grows slowly with ' +
            'the process count. The solver phases are not fitted yet (docs/calibration.md).',
        ...(noiseFit ? { basis: 'calibrated' as const } : {}),
      });
      if (workloadFit) continue;
      // The RN step time at a middle row: the workload's strong scaling, held out of its solve.
      const rnStepUs = (rnS / steps) * 1e6;
      const step = perSeed(r.ms.map((m) => m.mean));
      checks.push({
        id: `pop-rn-step-${procs}`,
        claim: `POP at ${procsText} processes: the step time with the RN kernel`,
        published: `${ms(rnStepUs)} (${rnS} s at step ${steps.toLocaleString('en-US')})`,
        simulated: overSeedsText(step, ms),
        tolerance: `${nearValueText(rnStepUs, ms)} (median over seeds)`,
        pass: nearValue(step.median, rnStepUs),
        run: runText('jaguar-xt5-rn-prototype', r, 'steps'),
        note:
          "Not in the fit: the workload's baroclinic work W and solver work S were solved from " +
          'the RN step times at 384 and 24,576 processes (src/validation/workloads.ts), ' +
          'T(R) = W/R + M·S + the allreduces. The published times do not follow that curve: ' +
          `they fall ${fmt(popStepMs(384) / popStepMs(1536), 2)}× from 384 to 1,536 processes ` +
          `(4× the processes), then more slowly, and rise from 6,144 to 24,576 ` +
          `(${fmt(popStepMs(6144), 1)} → ${fmt(popStepMs(24_576), 1)} ms a step); through the ` +
          "end rows the model's R-independent part M·S carries that rise, so the middle rows' " +
          'times come out above the published ones.',
      });
    }
    // Shark (003 Table 2): 1,024 nodes, RN 7,168 processes (-N 7 -cc 1-7) against stock 8,192 (-N 8).
    const shark = (preset: string, job: Partial<Scenario['job']>) =>
      runSeeds(preset, { nodes: 1024, ...job }, (d) =>
        popWorkload(d, plan.pop.iterations, plan.pop.warmup),
      );
    const sStock = shark('jaguar-xt5-stock', { ranksPerNode: 8, reservedCores: [] });
    const sRn = shark('jaguar-xt5-rn', { ranksPerNode: 7, reservedCores: [0] });
    // 003 Table 2: 379.03 s (RN, 7,168 processes) against 499.0 s (stock, 8,192), 2,000 steps.
    // Per seed, both machines on that seed: RN step / stock step.
    const sharkRatio = perSeed(sRn.ms.map((m, k) => m.mean / sStock.ms[k].mean));
    const publishedRatio = 379.03 / 499.0;
    checks.push({
      id: 'shark',
      claim:
        'Shark: POP on 1,024 nodes is faster with 7,168 RN processes than with 8,192 stock ones',
      published: '379.03 s vs 499.0 s (2,000 steps): RN takes 0.76 of the stock time',
      simulated:
        `${overSeedsText(sharkRatio, (x) => fmt(x, 2))}, each seed's own ratio (median steps ` +
        `over seeds ${ms(stepMedian(sRn))} ` +
        `vs ${ms(stepMedian(sStock))})`,
      tolerance: `${nearValueText(publishedRatio, (x) => fmt(x, 2))} (median over seeds)`,
      pass: nearValue(sharkRatio.median, publishedRatio),
      run: `${runText('jaguar-xt5-rn', sRn, 'steps')}; ${runText('jaguar-xt5-stock', sStock, 'steps')}`,
      note:
        "Only the ratio: the step times themselves are not Shark's (shark-step below). Both " +
        'kernels run the same work, so the ratio carries the noise’s share of a step, which ' +
        'depends on the step’s length as well.',
    });
    // The step times of Table 2 themselves: 2,000 steps, so 189.5 and 249.5 ms a step.
    const SHARK_CELLS = 3584 * 2240; // 003 sec 4, Shark's mesh
    const JAGUAR_CELLS = 3072 * 2048; // 003 sec 4, Table 1's mesh
    const sharkRnStepUs = (379.03 / 2000) * 1e6;
    const sharkStockStepUs = (499.0 / 2000) * 1e6;
    const rnStep = perSeed(sRn.ms.map((m) => m.mean));
    const stockStep = perSeed(sStock.ms.map((m) => m.mean));
    checks.push({
      id: 'shark-step',
      claim: "Shark: POP's step time on 1,024 nodes, RN (7,168 processes) and stock (8,192)",
      published: `${ms(sharkRnStepUs)} (RN) and ${ms(sharkStockStepUs)} (stock): 379.03 s and 499.0 s for 2,000 steps`,
      simulated: `RN ${overSeedsText(rnStep, ms)}; stock ${overSeedsText(stockStep, ms)}`,
      tolerance: `each ${nearValueText(sharkRnStepUs, ms)} and ${nearValueText(sharkStockStepUs, ms)} (medians over seeds)`,
      pass:
        nearValue(rnStep.median, sharkRnStepUs) && nearValue(stockStep.median, sharkStockStepUs),
      run: `${runText('jaguar-xt5-rn', sRn, 'steps')}; ${runText('jaguar-xt5-stock', sStock, 'steps')}`,
      note:
        "Not modelled: the workload is Jaguar's POP (Table 1's mesh of 3,072 × 2,048, its work " +
        'solved from Table 1’s RN step times), run on 1,024 nodes as Shark was. Shark ran a mesh ' +
        'of 3,584 × 2,240 (1.28× the cells) with blocks of 32 × 44 on 2.4 GHz nodes (003 sec 4; ' +
        'the paper gives no clock for Jaguar). Scaling the baroclinic work by the cells would ' +
        `lengthen the RN step by about ${ms((popWorkload(sRn.s, 1, 0).baroclinicUs / 7168) * (SHARK_CELLS / JAGUAR_CELLS - 1))} ` +
        'only: most of a step here is the solver phases, which do not shrink with the ranks. ' +
        "What else differed (the solver's iterations on that mesh, the network) is not in the " +
        'paper.',
    });
    return checks;
  },
};

export const applicationTargets: Target[] = [sageTable3, figure3, figure6, mystery2, jaguarApps];
