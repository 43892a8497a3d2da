// Targets 1–4 and the application half of 10: the tree workloads (docs/workloads.md) on the
// machine presets — SAGE on ASCI Q (000 Table 3, Figs 1, 3, 6; Mysteries #1 and #2), MPI-FWQ
// and POP on Jaguar XT5 (003 Fig 3, Tables 1 and 2).
import { PhaseRun } from '../../engine/phase-run.ts';
import type { Scenario } from '../../scenario/types.ts';
import { loadPreset, variant } from '../presets.ts';
import { nearOrders, nearOrdersText, nearValue, nearValueText } from '../tolerance.ts';
import type { Check, Target, TargetContext } from '../types.ts';
import {
  allreduceWorkload,
  FWQ_W18_US,
  mpiFwqWorkload,
  popWorkload,
  SAGE_MODEL_CYCLE_US,
  sageWorkload,
} from '../workloads.ts';

const fmt = (x: number, digits = 2) => x.toFixed(digits);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

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

function measure(s: Scenario): Measured {
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
  return {
    mean: sum / n,
    min,
    model: run.granularityUs + run.collectiveUs,
    rootCollective: coll / n,
    rootShare: coll / root,
    ranks: run.ranks,
    iterations: n,
    seed: s.seed,
  };
}

/** A preset with another job and workload. */
function setup(
  preset: string,
  job: Partial<Scenario['job']>,
  workload: (s: Scenario) => Scenario['workload'],
  edit: (s: Scenario) => void = () => {},
): Scenario {
  const base = loadPreset(preset);
  return variant(base, (d) => {
    d.job = { ...d.job, ...job };
    d.workload = workload(d);
    edit(d);
  });
}

function runText(preset: string, s: Scenario, m: Measured, what = 'cycles'): string {
  const excl = s.job.excludeOffsets.length ? `, without offsets ${s.job.excludeOffsets}` : '';
  return (
    `${preset}: ${s.job.nodes} nodes × ${s.job.ranksPerNode} (${m.ranks} ranks)${excl}, ` +
    `${s.job.waitMode}, seed ${m.seed}, ${m.iterations} ${what}`
  );
}

// ---- SAGE on ASCI Q ----

const SAGE_CYCLES = { full: { iterations: 22, warmup: 2 }, fast: { iterations: 8, warmup: 2 } };

function sage(
  ctx: TargetContext,
  preset: string,
  job: Partial<Scenario['job']>,
): { s: Scenario; m: Measured } {
  const { iterations, warmup } = SAGE_CYCLES[ctx.mode];
  const s = setup(preset, job, (d) => sageWorkload(d, iterations, warmup));
  return { s, m: measure(s) };
}

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
    const rates: { config: string; rate: number; published: number }[] = [];
    let unoptRate = NaN;
    let best3 = { rate: NaN };
    for (const row of table3Rows) {
      const { s, m } = sage(ctx, row.preset, row.job);
      const cycleS = m.mean / 1e6;
      const ok = Math.abs(cycleS / row.cycle - 1) <= 0.2;
      const rate = (m.ranks * 13_500) / cycleS;
      if (row.improvement === 1) unoptRate = rate;
      rates.push({ config: row.config, rate, published: row.improvement });
      checks.push({
        id: `table3-${row.config.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        claim: `SAGE cycle time, ${row.config}`,
        published: `${fmt(row.cycle)} s`,
        simulated: `${fmt(cycleS)} s (min ${fmt(m.min / 1e6)} s; rate ${fmt(rate / 1e6, 1)} M cells/s)`,
        tolerance: '±20%',
        pass: ok,
        run: runText(row.preset, s, m),
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
        // "Best observed": the paper's best cycles; here the fastest cycle of the same run.
        const best = m.min / 1e6;
        const bestRate = (m.ranks * 13_500) / best;
        best3 = { rate: bestRate };
        checks.push({
          id: 'table3-best-observed',
          claim: 'SAGE best observed cycle, without nodes 0 and 31',
          published: '0.68 s',
          simulated: `${fmt(best)} s (fastest measured cycle)`,
          tolerance: '±20%',
          pass: Math.abs(best / 0.68 - 1) <= 0.2,
          run: runText(row.preset, s, m),
          note:
            'Not met. Compared with the fastest cycle of the simulated run. In the model every ' +
            'cycle of 7,680 PEs meets the same noise: the RMS daemons alone (15 and 18 ms every ' +
            '60 s on each of 1,920 nodes, published) start about 64 events a second, two or three ' +
            'per allreduce phase, and each phase waits for the longest. So cycles vary by a few ' +
            "percent around the mean and none comes near 0.68 s. The paper's best cycles " +
            '("minimum over 50 cycles", Fig 17) came from a machine whose noise varied from ' +
            'cycle to cycle in ways the published sources do not describe.',
        });
      }
    }
    // The model row: the noiseless cycle at 8,192 PEs.
    const model = setup(
      'asci-q-2002',
      { nodes: 2048, ranksPerNode: 4 },
      (d) => sageWorkload(d, 2, 0),
      (d) => {
        d.noise = [];
      },
    );
    const mm = measure(model);
    rates.push({ config: 'Model', rate: (mm.ranks * 13_500) / (mm.mean / 1e6), published: 2.58 });
    checks.push({
      id: 'table3-model',
      claim: 'SAGE model cycle at 8,192 PEs (no noise)',
      published: '0.63 s',
      simulated: `${fmt(mm.mean / 1e6, 3)} s`,
      tolerance: '±20%',
      pass: nearValue(mm.mean, SAGE_MODEL_CYCLE_US),
      basis: 'calibrated',
      run: `asci-q-2002 with every source removed, 2048 × 4, ${mm.iterations} cycles`,
      note: 'Calibrated by construction (src/validation/workloads.ts): a check that the model line is the published one, not evidence.',
    });
    // Improvement factors (rate / unoptimized rate) in the published order. The "best observed"
    // row is an extreme of the measured distribution, not a configuration: it is checked on
    // its own above and left out of the order (its factor is shown).
    const byPublished = [...rates].sort((a, b) => b.published - a.published);
    const bySim = [...rates].sort((a, b) => b.rate - a.rate);
    const same = byPublished.every((r, i) => r.config === bySim[i].config);
    checks.push({
      id: 'table3-order',
      claim: 'improvement factors in the published order',
      published: byPublished.map((r) => `${r.config} ${fmt(r.published)}`).join(' > '),
      simulated: bySim.map((r) => `${r.config} ${fmt(r.rate / unoptRate)}`).join(' > '),
      tolerance: 'same order',
      pass: same,
      basis: 'calibrated',
      run: 'the rows above',
      note: `A fit: built on the rows above, each fitted. The "best observed" row (published 2.21) is left out of the order: it is the best of the measured cycles, not a configuration; the fastest simulated cycle gives ${fmt(best3.rate / unoptRate)}.`,
    });
    // Mystery #1: 4,096 PEs on the 2002 machine at about twice the model.
    const { s, m } = sage(ctx, 'asci-q-2002', { nodes: 1024, ranksPerNode: 4 });
    const ratio = m.mean / m.model;
    checks.push({
      id: 'mystery1',
      claim: 'Mystery #1: SAGE at 4,096 PEs runs at about twice its model',
      published: '2× (Fig 1)',
      simulated: `${fmt(ratio)}× (cycle ${fmt(m.mean / 1e6)} s, model ${fmt(m.model / 1e6)} s)`,
      tolerance: nearValueText(2, (x) => `${fmt(x)}×`),
      pass: nearValue(ratio, 2),
      run: runText('asci-q-2002', s, m),
      note: "A fit: SAGE's allreduces per cycle were set for this twice (src/validation/workloads.ts).",
      basis: 'calibrated',
    });
    checks.push({
      id: 'allreduce-share',
      claim: 'SAGE at 4,096 PEs spends over 51% of its time in allreduce',
      published: '> 51% (000 sec 3.1)',
      simulated: `${pct(m.rootShare)} (rank 0)`,
      tolerance: '> 51%',
      pass: m.rootShare > 0.51,
      run: runText('asci-q-2002', s, m),
      note:
        'Measured on rank 0, as the paper profiled the root processor (Fig 5). In this model ' +
        'the share is 1 − compute/cycle, so over 51% needs the cycle above 2.04× the model; ' +
        'the calibration (24 allreduces per cycle) puts 4,096 PEs at about 2× and the share ' +
        'just under half. A trade-off with the 2003 rows of Table 3: more allreduces per ' +
        'cycle pass this check (26: 52%) and push those rows past +20%.',
    });
    return checks;
  },
};

// ---- Figure 3: processes per node ----

function crossover(nodes: number[], better: boolean[]): number | null {
  // The first node count from which the fewer-PPN rate stays ahead.
  for (let i = 0; i < nodes.length; i++) if (better.slice(i).every(Boolean)) return nodes[i];
  return null;
}

const figure3: Target = {
  number: 2,
  title: 'Fewer processes per node beat four beyond a few hundred nodes (Fig 3)',
  cite: '000 sec 2, Figs 2–3',
  fast: true,
  run(ctx) {
    const nodes = ctx.mode === 'full' ? [32, 64, 128, 256, 512, 1024, 2048] : [64, 256, 1024];
    const rate: Record<number, number[]> = { 2: [], 3: [], 4: [] };
    const runs: string[] = [];
    for (const ppn of [2, 3, 4]) {
      for (const n of nodes) {
        const { m } = sage(ctx, 'asci-q-2002', { nodes: n, ranksPerNode: ppn });
        rate[ppn].push((m.ranks * 13_500) / (m.mean / 1e6));
      }
    }
    runs.push(
      `asci-q-2002, SAGE, ${SAGE_CYCLES[ctx.mode].iterations} cycles per point, nodes ${nodes.join(', ')}`,
    );
    const checks: Check[] = [];
    for (const [ppn, published] of [
      [3, 256],
      [2, 512],
    ]) {
      const ahead = nodes.map((_, i) => rate[ppn][i] > rate[4][i]);
      const at = crossover(nodes, ahead);
      checks.push({
        id: `fig3-${ppn}ppn`,
        claim: `${ppn} PPN processes more cells per second than 4 PPN beyond about ${published} nodes`,
        published: `${published} nodes`,
        simulated:
          at === null
            ? 'never'
            : `${at} nodes (rates 4 PPN / ${ppn} PPN: ${nodes.map((n, i) => `${n}: ${fmt(rate[4][i] / 1e6, 0)}/${fmt(rate[ppn][i] / 1e6, 0)}`).join(', ')} M cells/s)`,
        tolerance: `at ${published} nodes (the runs double the nodes, as the paper's do)`,
        pass: at === published,
        run: runs[0],
        note:
          ppn === 2
            ? 'Two PPN wins once four PPN runs at more than twice the model. The same SAGE ' +
              'calibration puts 4,096 PEs at about 2.0–2.2× its model (Mystery #1, "twice") and ' +
              '8,192 PEs near the extrapolated 1.60 s (Table 3), so the 2-PPN crossover sits ' +
              'where the slowdown passes 2, between 1,024 and 2,048 nodes. Moving it down to ' +
              '512 nodes needs a slowdown over 2 at 512 nodes, hence about 2.7× at 1,024 and ' +
              'over 2 s at 8,192 PEs: Mystery #1 and the Table 3 row would fail instead. The ' +
              "paper's three figures (Figs 1, 3 and Table 3) are not consistent with one " +
              'slowdown curve in this model; we kept Fig 1 and Table 3.'
            : '',
      });
    }
    return checks;
  },
};

// ---- Figure 6: allreduce latency against PPN ----

const ALLREDUCE_ITER = {
  full: { iterations: 400, warmup: 20 },
  fast: { iterations: 120, warmup: 10 },
};

function allreduceLatency(ctx: TargetContext, preset: string, job: Partial<Scenario['job']>) {
  const { iterations, warmup } = ALLREDUCE_ITER[ctx.mode];
  const s = setup(preset, job, () => allreduceWorkload(0, iterations, warmup));
  const m = measure(s);
  return { s, m };
}

const figure6: Target = {
  number: 3,
  title: 'Allreduce latency against processes per node (Fig 6)',
  cite: '000 sec 3.1, Fig 6',
  fast: true,
  run(ctx) {
    const checks: Check[] = [];
    for (const ppn of [1, 2, 3, 4]) {
      const { s, m } = allreduceLatency(ctx, 'asci-q-2002', { nodes: 1024, ranksPerNode: ppn });
      const four = ppn === 4;
      checks.push({
        id: `fig6-${ppn}ppn`,
        claim: four
          ? 'allreduce over 3 ms with 4 PPN at about 1,000 nodes'
          : `allreduce under 300 µs with ${ppn} PPN at about 1,000 nodes`,
        published: four ? '> 3 ms' : '< 300 µs',
        simulated: `${fmt(m.mean, 0)} µs (no noise: ${fmt(m.model, 0)} µs)`,
        tolerance: four ? '> 3 ms' : '< 300 µs',
        pass: four ? m.mean > 3000 : m.mean < 300,
        run: runText('asci-q-2002', s, m, 'allreduces (g = 0)'),
        note: four
          ? 'A fit: the daemons of the 2002 preset were set for the 4-process allreduce at a ' +
            'little over 3 ms and 7× faster when blocking (their provenance).'
          : 'A fit: the tree’s hop was set so that the noiseless allreduce stays under 300 µs ' +
            '(scenarios/README.md).' +
            (m.mean < 300
              ? ''
              : ` Not met with the noise: ${fmt(m.mean, 0)} µs, ${fmt(m.mean / m.model, 2)}× the ` +
                `noiseless ${fmt(m.model, 0)} µs. Every source of the preset is cpu "any", so ` +
                'the free core takes the events it can; what is left still reaches some of the ' +
                'allreduces on 1,024 nodes. Why the paper measured under 300 µs is not ' +
                'established.'),
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
    const poll = allreduceLatency(ctx, 'asci-q-2002', job);
    const blk = allreduceLatency(ctx, 'asci-q-2002', { ...job, ...block });
    const speedup = poll.m.mean / blk.m.mean;
    const sagePoll = sage(ctx, 'asci-q-2002', job);
    const sageBlock = sage(ctx, 'asci-q-2002', { ...job, ...block });
    const gain = sagePoll.m.mean / sageBlock.m.mean - 1;
    return [
      {
        id: 'mystery2-allreduce',
        claim: 'poll-then-block makes the allreduce about 7× faster (4 PPN, 1,024 nodes)',
        published: '7×',
        simulated: `${fmt(speedup, 1)}× (${fmt(poll.m.mean, 0)} → ${fmt(blk.m.mean, 0)} µs)`,
        tolerance: nearValueText(7, (x) => `${fmt(x, 1)}×`),
        pass: nearValue(speedup, 7),
        run: `${runText('asci-q-2002', poll.s, poll.m, 'allreduces')}; block: wake-up ${block.wakeupUs} µs`,
        note:
          'Block mode stands for the paper\'s "poll 100 µs, then block" (docs/workloads.md §2). ' +
          'A fit: the 2002 daemons were set for this 7× (their provenance).' +
          (nearValue(speedup, 7)
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
        simulated: `${pct(gain)} (${fmt(sagePoll.m.mean / 1e6)} → ${fmt(sageBlock.m.mean / 1e6)} s)`,
        tolerance: nearValueText(0.05, (x) => pct(x)),
        pass: nearValue(gain, 0.05),
        run: runText('asci-q-2002', sagePoll.s, sagePoll.m),
        note: nearValue(gain, 0.05)
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

const jaguarApps: Target = {
  number: 10,
  title: 'Jaguar XT5: MPI-FWQ, POP and the Shark run',
  cite: '003 Fig 3; 003 Tables 1–2',
  fast: true,
  run(ctx) {
    const checks: Check[] = [];
    const its = ctx.mode === 'full' ? { iterations: 60, warmup: 5 } : { iterations: 20, warmup: 2 };
    // MPI-FWQ at 49,152 cores, -N 6 -cc 2-7, both kernels (003 sec 4).
    const layout = { nodes: 8192, ranksPerNode: 6, reservedCores: [0, 1] };
    const fwq = (preset: string) => {
      const s = setup(preset, layout, () => mpiFwqWorkload(FWQ_W18_US, its.iterations, its.warmup));
      return { s, m: measure(s) };
    };
    const stock = fwq('jaguar-xt5-stock');
    const rn = fwq('jaguar-xt5-rn-prototype');
    const ratio = stock.m.rootCollective / rn.m.rootCollective;
    checks.push({
      id: 'mpi-fwq',
      claim:
        'MPI-FWQ allreduce at 49,152 cores: RN kernel two orders of magnitude faster at the root',
      published: '~100× (Fig 3: "two orders of magnitude")',
      simulated: `${fmt(ratio, 0)}× (${fmt(stock.m.rootCollective, 0)} → ${fmt(rn.m.rootCollective, 0)} µs at rank 0)`,
      tolerance: nearOrdersText(2),
      pass: nearOrders(ratio, 2),
      basis: 'calibrated',
      run: `${runText('jaguar-xt5-stock / jaguar-xt5-rn-prototype', stock.s, stock.m, 'iterations')}`,
      note:
        "A fit: the stock kernel's long per-core work was set for these two orders of magnitude " +
        '(its provenance). ' +
        "Trade-off: the tree charges the small-message hop (5 µs), not the paper's 1 MB " +
        'message. With a 1 MB bandwidth term (~0.5 ms a hop, ~16 ms an allreduce) the stock ' +
        'kernel would have to add over a second per allreduce for 100×, which no noise ' +
        'consistent with POP (Table 1) and the FWQ kurtosis (Fig 1) does. What the ratio ' +
        'measures here: long per-core kernel work (the stock work queues) hitting some of the ' +
        '49,152 application cores in most iterations.',
    });
    // POP, Table 1 (-N 6 -cc 2-7), step 1,000.
    const popIts =
      ctx.mode === 'full' ? { iterations: 12, warmup: 2 } : { iterations: 4, warmup: 1 };
    const pop = (preset: string, procs: number) => {
      const s = setup(preset, { nodes: procs / 6, ranksPerNode: 6, reservedCores: [0, 1] }, (d) =>
        popWorkload(d, popIts.iterations, popIts.warmup),
      );
      return { s, m: measure(s) };
    };
    for (const [procs, published] of [
      [24_576, (137.94 - 94.58) / 137.94],
      [384, (663.13 - 660.03) / 663.13],
    ]) {
      const st = pop('jaguar-xt5-stock', procs);
      const r = pop('jaguar-xt5-rn-prototype', procs);
      const gain = (st.m.mean - r.m.mean) / st.m.mean;
      checks.push({
        id: `pop-${procs}`,
        claim: `POP at ${procs.toLocaleString('en-US')} processes: time saved by the RN kernel`,
        published: `${pct(published)} (step 1,000: ${procs === 384 ? '663.13 → 660.03' : '137.94 → 94.58'} s)`,
        simulated: `${pct(gain)} (step ${fmt(st.m.mean / 1e3, 1)} → ${fmt(r.m.mean / 1e3, 1)} ms)`,
        tolerance: nearValueText(published, (x) => `${(x * 100).toFixed(2)}%`),
        pass: nearValue(gain, published),
        run: runText('jaguar-xt5-stock / jaguar-xt5-rn-prototype', st.s, st.m, 'steps'),
        note:
          "A fit: POP's solver phases and the stock kernel's noise were set for these gains " +
          "(src/validation/workloads.ts and the presets' provenance)." +
          (procs === 384
            ? ' At 384 processes the fit misses: the stock kernel noise that gives 31% at 24,576 ' +
              "still costs a step a few times the paper's 0.47% (the RN step times are " +
              "published; the stock noise at small scale is the model's)."
            : ''),
        basis: 'calibrated',
      });
    }
    // Shark (003 Table 2): 1,024 nodes, RN 7,168 processes (-N 7 -cc 1-7) against stock 8,192 (-N 8).
    const shark = (preset: string, job: Partial<Scenario['job']>) => {
      const s = setup(preset, { nodes: 1024, ...job }, (d) =>
        popWorkload(d, popIts.iterations, popIts.warmup),
      );
      return { s, m: measure(s) };
    };
    const sStock = shark('jaguar-xt5-stock', { ranksPerNode: 8, reservedCores: [] });
    const sRn = shark('jaguar-xt5-rn', { ranksPerNode: 7, reservedCores: [0] });
    // 003 Table 2: 379.03 s (RN, 7,168 processes) against 499.0 s (stock, 8,192), 2,000 steps.
    const sharkRatio = sRn.m.mean / sStock.m.mean;
    const publishedRatio = 379.03 / 499.0;
    checks.push({
      id: 'shark',
      claim:
        'Shark: POP on 1,024 nodes is faster with 7,168 RN processes than with 8,192 stock ones',
      published: '379.03 s vs 499.0 s (2,000 steps): RN takes 0.76 of the stock time',
      simulated:
        `${fmt(sharkRatio, 2)} (${fmt(sRn.m.mean / 1e3, 1)} ms vs ` +
        `${fmt(sStock.m.mean / 1e3, 1)} ms per step)`,
      tolerance: nearValueText(publishedRatio, (x) => fmt(x, 2)),
      pass: nearValue(sharkRatio, publishedRatio),
      run: `${runText('jaguar-xt5-rn', sRn.s, sRn.m, 'steps')}; ${runText('jaguar-xt5-stock', sStock.s, sStock.m, 'steps')}`,
      note: '',
    });
    return checks;
  },
};

export const applicationTargets: Target[] = [sageTable3, figure3, figure6, mystery2, jaguarApps];
