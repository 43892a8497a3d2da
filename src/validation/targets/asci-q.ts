// Targets 5–9: ASCI Q (000 = Petrini, Kerbyson, Pakin, SC'03, shared/seeds/000_*.txt; 002 = the
// tutorial slides of the same study, 002_*.txt). Each runs the presets scenarios/asci-q-*.json,
// edited into the configuration the paper measured. Where a published result cannot be met
// together with another one, the check's note says which was chosen and why.
import { runFwq } from '../../engine/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { coveredJobNodes, meanDurationUs, meanGapUs } from '../../scenario/cost.ts';
import {
  categoryShare,
  loadPreset,
  runPooled,
  sourceShare,
  variant,
  type PooledRun,
  type SeedRun,
} from '../presets.ts';
import { fmtMs, fmtPct, fmtSeconds, fmtTimes } from '../report.ts';
import {
  DRAMATIC_MARGIN,
  nearValue,
  nearValueText,
  overSeeds,
  overSeedsText,
} from '../tolerance.ts';
import type { Check, Target, TargetContext } from '../types.ts';
import { lostBySize, TABLE2_CLASSES } from '../table2-classes.ts';

/**
 * Run sizes per mode, on seeds 1–5 in both, fixed before any result was looked at. Full: the
 * report. Fast: CI, the same claims on shorter runs of the same seeds (about the cost of one
 * seed of the full run). A check over seeds is judged on the median of its per-seed values and
 * shows their range. The validator caps a run of these presets near 5,500 iterations (its cost
 * estimate counts every rare long source once per iteration).
 */
const SEEDS = [1, 2, 3, 4, 5];
const PLAN = {
  full: {
    fwqQuanta: 1_000_000, // 1,000 s of 1 ms quanta per process, as the paper's Fig 9
    sync: { iterations: 4000, seeds: SEEDS },
    fig15: { iterations: 5000, seeds: SEEDS },
    // per granularity (µs): iterations per seed
    fig16: { seeds: SEEDS, iterations: { 0: 5000, 1000: 5000, 5000: 5000 } },
  },
  fast: {
    fwqQuanta: 100_000,
    sync: { iterations: 150, seeds: SEEDS },
    fig15: { iterations: 600, seeds: SEEDS },
    fig16: { seeds: SEEDS, iterations: { 0: 600, 1000: 400, 5000: 150 } },
  },
} as const;

type Mode = TargetContext['mode'];
type Granularity = 0 | 1000 | 5000;
const GRANULARITIES: Granularity[] = [0, 1000, 5000];

/** Pooled runs are shared between targets of one process (targets 7–9 use the same runs). */
const runs = new Map<string, PooledRun>();
function pooled(s: Scenario, seeds: number[]): PooledRun {
  const key = JSON.stringify([s, seeds]);
  let r = runs.get(key);
  if (!r) {
    r = runPooled(s, seeds);
    runs.set(key, r);
  }
  return r;
}

/** A preset as a barrier benchmark: `nodes` job nodes, granularity g, `iterations` in all. */
function barrier(
  preset: string,
  nodes: number,
  g: number,
  iterations: number,
  edit?: (d: Scenario) => void,
): Scenario {
  return variant(loadPreset(preset), (d) => {
    d.job.nodes = nodes;
    d.workload = { kind: 'barrier', granularityUs: g, iterations, warmup: 50 };
    edit?.(d);
  });
}

// ---------------------------------------------------------------------------------------------
// Target 5: Mystery #3.

const FWQ_NODES = [0, 1, 2, 15, 30, 31];
const ORDINARY = new Set([2, 15, 30]); // offsets 2–30: "cluster nodes" of 002 slide 69

function mystery3({ mode }: TargetContext): Check[] {
  const plan = PLAN[mode];
  const q2002 = loadPreset('asci-q-2002');
  const N = plan.fwqQuanta;
  let max = { slow: -Infinity, node: 0, core: 0 };
  let min = Infinity;
  let delayed = 0;
  let ordinaryQuanta = 0;
  for (const node of FWQ_NODES) {
    const r = runFwq(q2002, { node, workUs: 1000, samples: N });
    for (const c of r.cores) {
      const slow = c.overheadUs / (N * 1000);
      if (slow > max.slow) max = { slow, node, core: c.core };
      min = Math.min(min, slow);
      if (ORDINARY.has(node % 32)) {
        for (const v of c.samples) if (v > 1000) delayed++;
        ordinaryQuanta += N;
      }
    }
  }
  const fwqRun =
    `asci-q-2002; FWQ, w = 1 ms, ${N.toLocaleString('en-US')} quanta per processor ` +
    `(${N / 1000} s) on all 4 processors of nodes ${FWQ_NODES.join(', ')}; seed 1`;
  const frac = delayed / ordinaryQuanta;

  const sp = plan.sync;
  const sync = pooled(barrier('asci-q-2002', 1024, 1000, sp.iterations), [...sp.seeds]);
  const perSeed = overSeeds(
    sync.bySeed.map((r) => r.slowdown ?? NaN),
    sync.seeds,
  );
  return [
    {
      id: 'fig9-max-process-slowdown',
      claim: '1 ms quanta for 1,000 s per process: each process loses at most about 2.5%',
      published: '“a maximum value of 2.5%” (000 sec 3.2); between 1% and 2.5% (002 slide 62)',
      simulated: `max ${fmtPct(max.slow, 2)} (node ${max.node}, processor ${max.core}); min ${fmtPct(min, 2)}`,
      tolerance: `max ${nearValueText(0.025, (x) => fmtPct(x, 1))}`,
      pass: nearValue(max.slow, 0.025),
      run: fwqRun,
      note:
        'A fit: the kernel and daemon rates of the 2002 preset were set so that a process ' +
        'loses between 1% and 2.5% (their provenance says so).',
      basis: 'calibrated',
    },
    {
      id: 'slide69-delayed-quanta',
      claim: 'on nodes 2–30, 10% of the 1 ms quanta are delayed',
      published: '10% (002 slide 69)',
      simulated: fmtPct(frac),
      tolerance: nearValueText(0.1, (x) => fmtPct(x, 0)),
      pass: nearValue(frac, 0.1),
      run: `${fwqRun} (nodes 2, 15, 30 counted)`,
      note:
        'The rate of kernel-activity was calibrated to this figure, so this checks the ' +
        'calibration, not a prediction.',
      basis: 'calibrated',
    },
    {
      id: 'mystery3-synchronised',
      claim:
        'the same noise, with a barrier after every 1 ms, costs far more than 2.5%: ' +
        'at least half of the run time',
      published: 'SAGE 2× slower than its model (000 sec 2, sec 3.2); no figure for a 1 ms barrier',
      simulated:
        `slowdown ${overSeedsText(perSeed, (x) => fmtTimes(x))} (mean barrier latency ` +
        `${fmtMs(sync.latencyUs)}, per-process loss above: ≤ ${fmtPct(max.slow, 1)})`,
      tolerance: 'none: the paper gives no figure for a 1 ms barrier',
      pass: perSeed.median >= 2,
      basis: 'illustration',
      run:
        `asci-q-2002, 1,024 nodes × 4, g = 1 ms, seeds ${sync.seeds.join(', ')} × ` +
        `${sp.iterations.toLocaleString('en-US')} iterations (50 warm-up)`,
      note:
        'Shown, not counted: the paper publishes no slowdown for a 1 ms barrier. The 2× the paper contrasts with the 2.5% is SAGE’s, a ' +
        'coarser-grained code; for a 1 ms barrier it publishes no slowdown. A window around 2× ' +
        'cannot be met at 1 ms without changing published values: the RMS daemons alone ' +
        '(15 + 18 ms every 30 s on each of 1,024 unsynchronised nodes, 000 sec 3.2) start ' +
        '68 times a second somewhere in the job, about 1.1 s of stall per second of run. ' +
        'Coarse-grained loops hide most of this: the stalls of one iteration overlap instead of ' +
        'adding up.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Target 6: Figure 15, selective removal at g = 1 ms.

/** What each variant switches off (sources placed on one cluster offset, or a category). */
const FIG15 = [
  { id: 'node0', what: 'node 0', offsets: [0], published: '≈ 15%' },
  { id: 'node1', what: 'node 1', offsets: [1], published: '≈ 15%' },
  { id: 'node31', what: 'node 31', offsets: [31], published: '≈ 15%' },
  { id: 'nodes-0-1-31', what: 'nodes 0, 1 and 31', offsets: [0, 1, 31], published: '35%' },
] as const;

function onOffsets(s: Scenario['noise'][number], offsets: readonly number[]): boolean {
  const p = s.placement;
  return p.kind === 'clusterOffsets' && p.offsets.every((o) => offsets.includes(o));
}

function figure15({ mode }: TargetContext): Check[] {
  const { iterations, seeds } = PLAN[mode].fig15;
  const seedsUsed = [...seeds];
  // The paper's simulator modelled the classes of sec 3.2 (000 sec 3.4); the removed daemons
  // were identified later (sec 4) and are not among them.
  const simWith =
    (edit?: (d: Scenario) => void) => (drop: (n: Scenario['noise'][number]) => boolean) =>
      pooled(
        barrier('asci-q-2002', 1024, 1000, iterations, (d) => {
          for (const n of d.noise) if (n.category === 'daemon' || drop(n)) n.enabled = false;
          edit?.(d);
        }),
        seedsUsed,
      );
  const sim = simWith();
  const base = sim(() => false);
  // Per seed: 1 − latency without the source / latency with it (common random numbers).
  const gainsOver = (over: PooledRun) => (r: PooledRun) =>
    r.bySeed.map((v, k) => 1 - v.latencyUs / over.bySeed[k].latencyUs);
  const gains = gainsOver(base);
  const run =
    `asci-q-2002 without its "daemon" sources (the classes of sec 3.2 the paper simulated), ` +
    `1,024 nodes × 4, g = 1 ms; improvement = 1 − latency / latency with all (${fmtMs(base.latencyUs)} ` +
    `pooled); seeds ${seedsUsed.join(', ')} × ${iterations.toLocaleString('en-US')} iterations ` +
    '(common random numbers)';
  const checks: Check[] = [];
  const others: number[][] = [];
  for (const v of FIG15) {
    const per = gains(sim((n) => onOffsets(n, v.offsets)));
    others.push(per);
    const g = overSeeds(per, seedsUsed);
    const three = v.offsets.length === 3;
    const published = three ? 0.35 : 0.15;
    // The preset's node-0 sources and the three special nodes' were fitted to these two figures
    // (their provenance); nodes 1 and 31 alone were not.
    const fitted = v.id === 'node0' || three;
    checks.push({
      id: `fig15-${v.id}`,
      claim: `removing the noise of ${v.what} improves the 1 ms barrier by ${three ? 'about 35%' : 'a marginal ~15%'}`,
      published: v.published,
      simulated: overSeedsText(g, (x) => fmtPct(x)),
      tolerance: nearValueText(published, (x) => fmtPct(x, 0)),
      pass: nearValue(g.median, published),
      run,
      note:
        (fitted
          ? 'A fit: the node-0 activities were fitted so that removing node 0 alone gains about ' +
            '15% and nodes 0, 1 and 31 together 35%, with the other results of ' +
            'docs/calibration.md (on seeds 11–20, not these). '
          : '') +
        (nearValue(g.median, published)
          ? ''
          : g.hi - g.lo > published
            ? `Not met on the median; the seeds spread from ${fmtPct(g.lo)} to ${fmtPct(g.hi)}: ` +
              `the special nodes' noise is a few long events (tens to hundreds of ms) per ` +
              'minute, so a run meets a handful and its gain depends on which.'
            : `Not met, and the seeds agree (${fmtPct(g.lo)}–${fmtPct(g.hi)}): the model's ` +
              'figure, not chance. Node 1’s noise is published (335 ms every minute, 000 sec ' +
              '3.2) and node 31’s too (about 7 ms every second): the fit moves neither.'),
      ...(fitted ? { basis: 'calibrated' as const } : {}),
    });
  }
  const kernelPer = gains(sim((n) => n.category === 'kernel'));
  const bestPer = kernelPer.map((_, k) => Math.max(...others.map((o) => o[k])));
  const margin = overSeeds(
    kernelPer.map((kg, k) => kg - bestPer[k]),
    seedsUsed,
  );
  const kernel = overSeeds(kernelPer, seedsUsed);
  const best = overSeeds(bestPer, seedsUsed);
  const trade = kernelTradeOff(mode, simWith, gainsOver);
  checks.push({
    id: 'fig15-kernel',
    claim: 'removing the kernel noise of all nodes improves it more than any of these (Finding #2)',
    published: '“dramatically” more than the 35% of nodes 0, 1, 31',
    simulated:
      `kernel ${overSeedsText(kernel, (x) => fmtPct(x))}; best of the others ` +
      `${overSeedsText(best, (x) => fmtPct(x))}; margin median ${fmtPct(margin.median)} points`,
    tolerance: `at least ${fmtPct(DRAMATIC_MARGIN, 0)} points above every other removal (our reading of “dramatically”; median over seeds of the margin)`,
    pass: margin.median >= DRAMATIC_MARGIN,
    run,
    note:
      'A fit: the node-0 activities, the kernel activities and the daemons were fitted to ' +
      'this margin with the other results of docs/calibration.md (on seeds 11–20, not these). ' +
      'A node’s two RMS events are one spawned daemon, the 18 ms one 15 ms after the 15 ms one ' +
      'on the same processor (docs/noise-timing.md); started apart they would stall the job twice ' +
      'as often. The paper’s “dramatically” comes with no figure: the check reads it as ' +
      '15 points above the best other removal (src/validation/tolerance.ts).' +
      (trade ? ` ${trade}` : ''),
    basis: 'calibrated',
  });
  return checks;
}

/** How often the long kernel activity runs in the trade-off below: LONG_KERNEL_FACTOR × as often. */
const LONG_KERNEL_FACTOR = 10;

/** The heartbeat sec 4 credits with 75% of the kernel loss (HEARTBEATS[0]). */
const MAIN_HEARTBEAT = 'kernel-heartbeat-125ms';

/** The median over seeds of `id`'s share of the loss charged to the kernel sources (sec 4's
 * measure, target 9). */
function kernelShare(r: PooledRun, id: string) {
  const kernelIds = Object.keys(r.lostBySource).filter((k) => k.startsWith('kernel-'));
  return overSeeds(
    r.bySeed.map((v) => sourceShare(v, id, kernelIds)),
    r.seeds,
  );
}

/**
 * What a stronger kernel would do, computed: the long kernel activity (its rate calibrated)
 * LONG_KERNEL_FACTOR times as frequent, Fig 15's removals again and sec 4's heartbeat share
 * (target 9's measure) beside the preset's. The fit weighs the two (docs/calibration.md): a
 * sentence for the Finding #2 note, in the report's full runs only (the fast mode that CI falls
 * back to compares verdicts, not notes, and would run it for nothing).
 */
function kernelTradeOff(
  mode: Mode,
  simWith: (
    edit?: (d: Scenario) => void,
  ) => (drop: (n: Scenario['noise'][number]) => boolean) => PooledRun,
  gainsOver: (over: PooledRun) => (r: PooledRun) => number[],
): string {
  if (mode !== 'full') return '';
  const q2002 = loadPreset('asci-q-2002');
  const long = q2002.noise.find((n) => n.id === 'kernel-activity-long')!;
  const heartbeat = q2002.noise.find((n) => n.id === MAIN_HEARTBEAT)!;
  const published = HEARTBEATS.find((h) => h.id === MAIN_HEARTBEAT)!.published;
  // Only while it runs: a run with the kernel removed is then the preset's own, already made.
  const often = (d: Scenario) => {
    for (const n of d.noise) if (n.id === long.id && n.enabled) n.periodUs /= LONG_KERNEL_FACTOR;
  };
  const sim = simWith(often);
  const gains = gainsOver(sim(() => false));
  const seeds = PLAN[mode].fig15.seeds;
  const kernelPer = gains(sim((n) => n.category === 'kernel'));
  const otherPer = FIG15.map((v) => gains(sim((n) => onOffsets(n, v.offsets))));
  const marginPer = kernelPer.map((kg, k) => kg - Math.max(...otherPer.map((o) => o[k])));
  const p = PLAN[mode].fig16;
  const share = (edit?: (d: Scenario) => void) =>
    kernelShare(
      pooled(barrier(FIG18_PRESET, NODES, 1000, p.iterations[1000], edit), [...p.seeds]),
      MAIN_HEARTBEAT,
    ).median;
  const [before, after] = [share(), share(often)];
  const kernel = overSeeds(kernelPer, seeds).median;
  const margin = overSeeds(marginPer, seeds).median;
  const d = long.duration;
  const lasting = d.dist === 'uniform' ? `${fmtMs(d.minUs, 0)}–${fmtMs(d.maxUs, 0)}` : 'long';
  const hb = heartbeat.duration;
  const hbText = hb.dist === 'fixed' ? `${hb.valueUs} µs` : heartbeat.label;
  return (
    `The fit weighs this margin against sec 4’s heartbeat share (target 9): with the long ` +
    `kernel activity (${lasting}) ${LONG_KERNEL_FACTOR} times as frequent (every ` +
    `${fmtSeconds(long.periodUs / LONG_KERNEL_FACTOR)} on a node instead of ` +
    `${fmtSeconds(long.periodUs)}), removing the kernel gains ${fmtPct(kernel)} and the margin ` +
    `is ${fmtPct(margin)} points (medians over the same seeds), and the ${hbText} heartbeat’s ` +
    `share of the kernel loss at 1 ms ${after < before ? 'falls' : 'goes'} from ` +
    `${fmtPct(before)} to ${fmtPct(after)}, against the published ${fmtPct(published, 0)}.` +
    (after < before
      ? ' Kernel noise that holds a 1 ms barrier up longer than the heartbeat is noise the ' +
        'heartbeat no longer leads.'
      : '')
  );
}

// ---------------------------------------------------------------------------------------------
// Targets 7–9: the barrier before and after January 2003, at the 960 nodes of 000 sec 6.

const BEFORE = 'asci-q-2002';
const AFTER = 'asci-q-2003-without-0-31';
/** the 2003 machine with nodes 0 and 31 kept: the other reading of Fig 16 (its note) */
const AFTER_KEPT = 'asci-q-2003';
const NODES = 960; // 000 sec 6: "the largest node count available ... (960 nodes)"

function sweep(preset: string, mode: Mode): Record<Granularity, PooledRun> {
  const p = PLAN[mode].fig16;
  const out = {} as Record<Granularity, PooledRun>;
  for (const g of GRANULARITIES) {
    out[g] = pooled(barrier(preset, NODES, g, p.iterations[g]), [...p.seeds]);
  }
  return out;
}

function sweepRun(mode: Mode, what: string): string {
  const p = PLAN[mode].fig16;
  const its = GRANULARITIES.map(
    (g) => `${p.iterations[g].toLocaleString('en-US')} at g = ${g / 1000} ms`,
  ).join(', ');
  return `${what}, ${NODES} nodes × 4; seeds ${p.seeds.join(', ')} × iterations ${its}`;
}

/** Fig 16: 13× at g = 0 (a value: ±20%), "more than 2×" at 1 and 5 ms (a bound). */
const FIG16 = [
  { g: 0 as Granularity, value: 13, published: '13×' },
  { g: 1000 as Granularity, min: 2, published: 'more than 2×' },
  { g: 5000 as Granularity, min: 2, published: 'more than 2×' },
];

function figure16({ mode }: TargetContext): Check[] {
  const before = sweep(BEFORE, mode);
  const after = sweep(AFTER, mode);
  const kept = sweep(AFTER_KEPT, mode);
  const run = sweepRun(mode, `${BEFORE} vs ${AFTER} (nodes 0 and 31 configured out)`);
  const ratioOver = (g: Granularity, to: Record<Granularity, PooledRun>) =>
    overSeeds(
      before[g].bySeed.map((r, k) => r.latencyUs / to[g].bySeed[k].latencyUs),
      before[g].seeds,
    );
  const checks = FIG16.map(({ g, value, min, published }): Check => {
    const ratio = ratioOver(g, after);
    const keptRatio = ratioOver(g, kept);
    // What the pass rests on: the paper says nodes 0 and 31 were configured out of the SAGE
    // runs (sec 5) and gives 960 nodes for sec 6, not what Fig 16's optimised runs left out.
    const reading =
      `The 2003 side runs without nodes 0 and 31: 000 sec 6's optimised runs used 960 nodes, ` +
      `1,024 less nodes 0 and 31 of 32 clusters, as in the January 2003 SAGE runs (000 sec 5); ` +
      `Fig 16's text does not say which nodes it ran on. With nodes 0 and 31 kept on the 2003 ` +
      `side (${AFTER_KEPT} on ${NODES} nodes, the same seeds) the barrier is ` +
      `${overSeedsText(keptRatio, (x) => fmtTimes(x))} faster, which ` +
      `${(value !== undefined ? nearValue(keptRatio.median, value) : keptRatio.median > min!) ? 'meets' : 'misses'} ` +
      `the published ${published}.`;
    return {
      id: `fig16-g${g / 1000}ms`,
      claim: `after the January 2003 changes the barrier at g = ${g / 1000} ms is ${g === 0 ? '13 times' : 'more than 2×'} faster`,
      published,
      simulated:
        `${overSeedsText(ratio, (x) => fmtTimes(x))} (pooled ${fmtMs(before[g].latencyUs)} → ` +
        `${fmtMs(after[g].latencyUs)})`,
      tolerance: value !== undefined ? nearValueText(value, (x) => fmtTimes(x)) : `> ${min}×`,
      pass: value !== undefined ? nearValue(ratio.median, value) : ratio.median > min!,
      // The daemons' period and duration were fitted to the 13× with Fig 6 and sec 3.1's 7×
      // (docs/calibration.md); 1 and 5 ms were not in the fit.
      ...(g === 0 ? { basis: 'calibrated' as const } : {}),
      run,
      note:
        g === 0
          ? 'A fit, not met: the daemons removed in January 2003 were fitted to this 13× together ' +
            'with Fig 6 and sec 3.1 (docs/calibration.md), and the fit chose the allreduce. After ' +
            'January 2003 the barrier at g = 0 cannot get much faster than about 0.9 ms here: the 640 µs heartbeat starts 7.7 times per ms somewhere ' +
            'among 960 nodes, so some process is almost always frozen. 13× would then need the ' +
            '2002 barrier near 12 ms. The only unpublished noise that could add that is the ' +
            'removed daemons, and at that weight (tried: ten daemons of 12 ms every 33 s) the ' +
            '2002 allreduce at g = 0 took about 18 ms and blocking made it 48× faster, against ' +
            'a little over 3 ms (000 Fig 6) and 7× (000 sec 3.1) published. ' +
            reading
          : reading,
    };
  });
  return checks;
}

const FIG18 = [
  { g: 0 as Granularity, cat: 'kernel', published: 0.66, what: 'the kernel' },
  { g: 1000 as Granularity, cat: 'rms', published: 0.4, what: 'the RMS daemons' },
  { g: 5000 as Granularity, cat: 'trucluster', published: 0.52, what: 'TruCluster' },
];

// Fig 18's causes are told apart by the length of each lost time, in Table 2's classes
// (table2-classes.ts).

/** the share of `cat` in the lost time of `runs` (one seed's, or all seeds' pooled), by size */
function sizeShare(runs: SeedRun[], cat: string): number {
  let lost = 0;
  let total = 0;
  for (const r of runs) {
    const sized = lostBySize(r.excessUs);
    lost += sized.byClass[cat] ?? 0;
    total += sized.total;
  }
  return total > 0 ? lost / total : 0;
}

/** the class of Table 2 with the most lost time in a seed's run */
function largestBySize(r: SeedRun): string {
  const { byClass } = lostBySize(r.excessUs);
  const best = Object.keys(byClass).reduce((a, b) => (byClass[b] > byClass[a] ? b : a));
  // a run that lost nothing in any class has no largest cause
  return byClass[best] > 0 ? best : 'none';
}

function describeSizeShares(r: PooledRun): string {
  return TABLE2_CLASSES.map(({ cat }) => `${cat} ${fmtPct(sizeShare(r.bySeed, cat), 0)}`).join(
    ', ',
  );
}

/** Fig 18's machine: the optimised ASCI Q on its first 960 nodes, every node of their 30
 * clusters in the job. 000 footnote 2: the noise of these runs is "the superimposition of the
 * data in all four graphs of Figure 13 weighted by the number of nodes represented by each
 * graph" — nodes 0, 1 and 31 included; and TruCluster's 52% at 5 ms needs node 0, where the
 * January changes confined it (sec 4). */
const FIG18_PRESET = 'asci-q-2003';

function figure18({ mode }: TargetContext): Check[] {
  const after = sweep(FIG18_PRESET, mode);
  const run =
    sweepRun(mode, `${FIG18_PRESET} (every node of 30 clusters, 000 footnote 2)`) +
    '; each iteration’s lost time (its time over g + the noiseless barrier) put in Table 2’s ' +
    'class of its length: up to 3 ms kernel, 5–18 ms RMS, over 18 ms TruCluster';
  // The other reading of "960 nodes": nodes 0 and 31 configured out, as the SAGE runs of sec 5.
  const other = mode === 'full' ? sweep(AFTER, mode) : null;
  const checks: Check[] = [];
  for (const { g, cat, published, what } of FIG18) {
    const r = after[g];
    const share = overSeeds(
      r.bySeed.map((v) => sizeShare([v], cat)),
      r.seeds,
    );
    const tops = r.bySeed.map((v) => largestBySize(v));
    const leads = tops.filter((t) => t === cat).length;
    const all = describeSizeShares(r);
    const bySource =
      ` Charged instead to the event that held each barrier up (the engine's attribution, ` +
      `which a measurement cannot see): ${describeShares(r)}.`;
    const alt = other
      ? ` With nodes 0 and 31 configured out (${AFTER}): by length ${describeSizeShares(other[g])}; ` +
        `by source ${describeShares(other[g])}.`
      : '';
    const gms = `g = ${g / 1000} ms`;
    const shareOk = nearValue(share.median, published);
    const fit =
      'A fit: the node-0 activities and the long kernel activity were fitted to ' +
      'Fig 18 with the other results of docs/calibration.md (on seeds 11–20, not these), ' +
      'its loss classed by length as here.';
    checks.push({
      id: `fig18-g${g / 1000}ms-share`,
      claim: `at ${gms}, ${what} cause ${fmtPct(published, 0)} of the lost time`,
      published: fmtPct(published, 0),
      simulated: `${overSeedsText(share, (x) => fmtPct(x))} (pooled, by length: ${all})`,
      tolerance: nearValueText(published, (x) => fmtPct(x, 0)),
      pass: shareOk,
      run,
      note: `${fit}${shareOk ? '' : ` ${fig18Miss(g, r, share)}`}${bySource}${alt}`,
      basis: 'calibrated',
    });
    const majority = leads * 2 > tops.length;
    checks.push({
      id: `fig18-g${g / 1000}ms-largest`,
      claim: `at ${gms}, ${what} is the largest cause`,
      published: `${cat} largest`,
      simulated: `${cat} largest in ${leads} of ${tops.length} seeds (${tops.join(', ')})`,
      tolerance: 'the largest in most seeds',
      pass: majority,
      run,
      note: `${fit}${majority ? '' : ` ${fig18Miss(g, r, share)}`}${bySource}${alt}`,
      basis: 'calibrated',
    });
  }
  return checks;
}

function describeShares(r: PooledRun): string {
  return Object.keys(r.lostByCategory)
    .filter((c) => r.lostByCategory[c] > 0)
    .map((c) => `${c} ${fmtPct(categoryShare(r, c), 0)}`)
    .join(', ');
}

/** µs of lost time in losses above `aboveUs` and up to `atMostUs`, as a share of all of it */
function lengthShare(runs: SeedRun[], aboveUs: number, atMostUs: number): number {
  let lost = 0;
  let total = 0;
  for (const r of runs) {
    for (const l of r.excessUs) {
      if (!(l > 0)) continue;
      total += l;
      if (l > aboveUs && l <= atMostUs) lost += l;
    }
  }
  return total > 0 ? lost / total : 0;
}

/** The enabled RMS sources of a preset, whatever their placement. */
const rmsSources = (preset: string) =>
  loadPreset(preset).noise.filter((n) => n.enabled && n.category === 'rms');

/**
 * RMS events in progress at a moment on Fig 18's 960 nodes, on average: each RMS source's nodes
 * among them × its mean duration / its mean time between events.
 */
function rmsInProgress(preset: string): number {
  const onFig18 = variant(loadPreset(preset), (d) => {
    d.job.nodes = NODES;
  });
  return rmsSources(preset).reduce(
    (a, n) =>
      a + (coveredJobNodes(n.placement, onFig18) * meanDurationUs(n.duration)) / meanGapUs(n),
    0,
  );
}

/** µs: a node's RMS parts one after the other (the sources of a group, their lengths added) */
function rmsChainUs(preset: string): number {
  return rmsSources(preset)
    .filter((n) => n.group !== undefined)
    .reduce((a, n) => a + meanDurationUs(n.duration), 0);
}

/** Why a check of Fig 18 at granularity `g` is missed, from the runs themselves. */
function fig18Miss(g: Granularity, r: PooledRun, share: { lo: number; hi: number }): string {
  const spread =
    `The seeds spread from ${fmtPct(share.lo)} to ${fmtPct(share.hi)}: the node-0 and node-1 ` +
    'activities are a few long events a minute (tens to hundreds of ms), so a run of seconds ' +
    'meets a handful.';
  if (g === 0) {
    const busy = rmsInProgress(FIG18_PRESET);
    const sources = rmsSources(FIG18_PRESET)
      .map((n) => n.label)
      .join('; ');
    return (
      `${spread} Classed by length, losses of 5–18 ms (RMS) take ` +
      `${fmtPct(sizeShare(r.bySeed, 'rms'), 0)}. The RMS sources (${sources}; durations and ` +
      `periods published) start on each node at its own phase: ${busy.toFixed(2)} RMS events ` +
      'are in progress somewhere among 960 nodes at any moment on average, and back-to-back ' +
      'barriers wait for each. Were their starts independent, at least one would hold the job ' +
      `up for ${fmtPct(1 - Math.exp(-busy), 0)} of the run (1 − e^−${busy.toFixed(2)}, an ` +
      'estimate from the rates, not a measurement), whatever the kernel does. The kernel’s 66% ' +
      'needs the RMS events to stall the job less often, e.g. started together on all nodes ' +
      '(docs/noise-timing.md, phaseWindowUs), which the fit did not choose (docs/calibration.md).'
    );
  }
  if (g === 1000) {
    const chain = rmsChainUs(FIG18_PRESET);
    return (
      `${spread} ${fmtPct(lengthShare(r.bySeed, 18_000, 40_000), 0)} of the lost time is in ` +
      'losses of 18–40 ms, which Table 2’s classes call TruCluster; ' +
      `${fmtPct(lengthShare(r.bySeed, chain - 1000, chain + 1000), 0)} in losses within 1 ms of ` +
      `${fmtMs(chain, 0)}: a node’s RMS events one after the other (the 18 ms part starts as ` +
      'the 15 ms part ends, docs/calibration.md), which a 1 ms iteration takes whole when both ' +
      'fall on its process. Table 2 saw them as two events, of 15 and 18 ms.'
    );
  }
  return spread;
}

const HEARTBEATS = [
  { id: 'kernel-heartbeat-125ms', published: 0.75, what: '640 µs / 125 ms heartbeat' },
  { id: 'kernel-heartbeat-600ms', published: 0.04, what: '350 µs / 600 ms heartbeat' },
];

function section4({ mode }: TargetContext): Check[] {
  const r = sweep(FIG18_PRESET, mode)[1000];
  const kernelIds = Object.keys(r.lostBySource).filter((id) => id.startsWith('kernel-'));
  const p = PLAN[mode].fig16;
  const run =
    `${FIG18_PRESET}, ${NODES} nodes × 4, g = 1 ms; seeds ${p.seeds.join(', ')} × ` +
    `${p.iterations[1000].toLocaleString('en-US')} iterations (the run of target 8 at 1 ms); ` +
    `share among the loss charged to ${kernelIds.join(', ')}`;
  return HEARTBEATS.map(({ id, published, what }): Check => {
    const share = kernelShare(r, id);
    return {
      id: `sec4-${id}`,
      claim: `at medium granularity the ${what} causes ${fmtPct(published, 0)} of the kernel loss`,
      published: fmtPct(published, 0),
      simulated: overSeedsText(share, (x) => fmtPct(x)),
      tolerance: nearValueText(published, (x) => fmtPct(x, 1)),
      pass: nearValue(share.median, published),
      // kernel-activity-long's rate was fitted to the 75% (with the 21% left to it: its
      // provenance); the 600 ms heartbeat's 4% was fitted to nothing.
      ...(id === 'kernel-heartbeat-125ms' ? { basis: 'calibrated' as const } : {}),
      run,
      note:
        id === 'kernel-heartbeat-125ms'
          ? 'Medium granularity taken as g = 1 ms: the paper calls 1 ms the granularity of many ' +
            'LANL codes (sec 3.2) and at 1 ms the medium-duration RMS noise resonates (Fig 18(b)). ' +
            'Measured on the optimised configuration of Fig 18, the paper’s loss-by-source ' +
            'analysis; the kernel noise is the same in 2002 and 2003. A fit: ' +
            'kernel-activity-long’s rate was fitted to this 75% with the other results of ' +
            'docs/calibration.md.'
          : 'Across 960 nodes the 640 µs heartbeat starts 7.7 times per ms, so it is in almost ' +
            'every iteration and the 350 µs one almost never decides the barrier.',
    };
  });
}

export const asciQTargets: Target[] = [
  {
    number: 5,
    title: 'Mystery #3: small noise per process, large when synchronised',
    cite: '000 Fig 9, sec 3.2; 002 slides 62, 69',
    fast: true,
    run: mystery3,
  },
  {
    number: 6,
    title: 'Figure 15: removing the noise of nodes 0, 1, 31 or of the kernel (g = 1 ms)',
    cite: '000 Fig 15, sec 3.4, Finding #2',
    fast: true,
    run: figure15,
  },
  {
    number: 7,
    title: 'Figure 16: the barrier before and after the January 2003 changes',
    cite: '000 Fig 16, sec 4',
    fast: true,
    run: figure16,
  },
  {
    number: 8,
    title: 'Figure 18: the largest cause of lost time depends on the granularity',
    cite: '000 Fig 18, sec 6, Finding #4',
    fast: true,
    run: figure18,
  },
  {
    number: 9,
    title: 'Section 4: the 640 µs heartbeat causes most of the kernel loss',
    cite: '000 sec 4',
    fast: true,
    run: section4,
  },
];
