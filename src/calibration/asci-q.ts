// The ASCI Q fit: the values of scenarios/asci-q-2002.json, asci-q-2003.json and
// asci-q-2003-without-0-31.json that 000 (Petrini, Kerbyson, Pakin, SC'03) and 002 (the tutorial
// slides) do not print, fitted together against the results they do print about the barrier
// benchmark: Fig 15 and Finding #2 (sec 3.4), Fig 16 (sec 4), Fig 18 and Finding #4 (sec 6),
// sec 4's 75 % heartbeat share, and the per-process noise of Fig 9 and slide 69.
//
// The RMS daemons: 000 sec 3.2 has RMS "regularly spawn a daemon every thirty seconds" on every
// node, and its two events (15 and 18 ms) are that daemon's, one process: they are parts of one
// group, the 18 ms one starting 15 ms after the 15 ms one, so they run one after another on one
// processor (set by hand, not fitted). Started at the same instant they would take two
// processors at once and defeat the spare processor of 3 processes per node, which 000 Figs 3
// and 6 show absorbing the noise (tried: grouped at one instant, 4 per node beat 3 on 512 nodes).
// Tried and dropped: a window W of the spawns across nodes (docs/noise-timing.md), fitted over
// 0..30 s: with the group the fit put it at 30 s, the whole 2002 period, i.e. independent phases;
// the presets keep those (no window), which the page's and the lesson's short runs need too: with
// a window shorter than the period a run of seconds meets the RMS activity or not at all.
import { PhaseRun, runFwq } from '../engine/index.ts';
import type { NoiseSource, Scenario } from '../scenario/index.ts';
import { variant } from '../validation/presets.ts';
import { DRAMATIC_MARGIN } from '../validation/tolerance.ts';
import { TABLE2_CLASSES } from '../validation/table2-classes.ts';
import { allreduceWorkload } from '../validation/workloads.ts';
import {
  aboveResidual,
  belowResidual,
  pooledLengthShare,
  pooledLatency,
  pooledSourceShare,
  valueResidual,
} from './objective.ts';
import type { Measures, Parameter, Presets, Problem, RunSpec, SeedMeasure, Term } from './types.ts';

const Q2002 = 'asci-q-2002';
const Q2003 = 'asci-q-2003';
const Q2003X = 'asci-q-2003-without-0-31';
const ALL = [Q2002, Q2003, Q2003X];

/** The node-0 activities (000 sec 3.2: "four different types of activities ... up to 200 ms"):
 * their periods and durations relative to the first, hand-set; the fit scales them. */
const CLUSTER_MANAGER = [
  { id: 'cluster-manager-1', periodS: 240, durationMs: 200 },
  { id: 'cluster-manager-2', periodS: 120, durationMs: 100 },
  { id: 'cluster-manager-3', periodS: 60, durationMs: 50 },
  { id: 'cluster-manager-4', periodS: 24, durationMs: 20 },
];
/** The first lasts the published 200 ms ("up to 200 ms", 000 sec 3.2); the other three are
 * fitted, as one scale of their hand-set durations (100, 50, 20 ms). */
const SHORTER_MANAGERS = CLUSTER_MANAGER.slice(1);

function source(s: Scenario, id: string): NoiseSource {
  const n = s.noise.find((x) => x.id === id);
  if (!n) throw new Error(`calibration: ${s.title} has no source ${id}`);
  return n;
}

/** Every preset's source `id`, for writing one value to all of them. */
function everywhere(p: Presets, id: string): NoiseSource[] {
  return ALL.map((f) => source(p[f], id));
}

/** Three significant digits. */
const sig3 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(3)));

/** The daemons removed in January 2003 (000 sec 4): five named, each at the fitted period, and
 * "about ten" in all, the rest as one source five times as frequent (hand-set ratio). */
const DAEMONS = [
  { id: 'daemon-envmod', share: 1 },
  { id: 'daemon-insightd', share: 1 },
  { id: 'daemon-snmpd', share: 1 },
  { id: 'daemon-lpd', share: 1 },
  { id: 'daemon-niff', share: 1 },
  { id: 'daemon-other-daemons', share: 1 / 5 },
];
const FIG6_AGAINST =
  '000 Fig 6 (the allreduce with 4 processes per node on about 1,000 nodes takes a little over ' +
  '3 ms, under 300 µs with 3); 000 sec 3.1 (poll-then-block makes it 7 times faster); 000 Fig 16 ' +
  '(13 times faster at g = 0 after the January 2003 changes)';

const FIG15_AGAINST = '000 Fig 15 (removing the noise of node 0, and of nodes 0, 1 and 31)';
const FIG18_AGAINST = '000 Fig 18 and Finding #4 (sec 6)';

export const parameters: Parameter[] = [
  {
    id: 'kernel-activity-long-period',
    label: 'mean time between long kernel activities (2–3 ms) on a node',
    unit: 's',
    start: 25e6,
    lo: 1e6,
    hi: 300e6,
    scale: 'log',
    bounds: '1 s to 5 min: Table 2 gives kernel noise of 0–3 ms on every node and no rate',
    fields: 'periodUs of kernel-activity-long, all three presets',
    read: (p) => source(p[Q2002], 'kernel-activity-long').periodUs,
    write: (p, x) => {
      for (const n of everywhere(p, 'kernel-activity-long')) n.periodUs = x;
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 Table 2',
    against: `000 sec 4 (the heartbeats cause 75% + 4% of the kernel loss); ${FIG18_AGAINST}`,
    provenance: { sources: ['kernel-activity-long'], key: 'periodUs' },
  },
  {
    id: 'cluster-manager-period',
    label: 'period of the first node-0 activity (the other three at 1/2, 1/4, 1/10 of it)',
    unit: 's',
    start: 240e6,
    lo: 60e6,
    hi: 960e6,
    scale: 'log',
    bounds:
      '1 to 16 min: 000 sec 3.2 says the four node-0 activities occur "at regular intervals" ' +
      'and prints no interval; Fig 13(a) is a histogram of 1,000 s, which shows each of them',
    fields: 'periodUs of cluster-manager-1..4 (in the ratios 1 : 1/2 : 1/4 : 1/10), all presets',
    read: (p) => source(p[Q2002], 'cluster-manager-1').periodUs,
    write: (p, x) => {
      for (const c of CLUSTER_MANAGER) {
        for (const n of everywhere(p, c.id)) n.periodUs = Math.round(sig3((x * c.periodS) / 240));
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 sec 3.2; 000 Fig 13(a)',
    against: `${FIG15_AGAINST}; ${FIG18_AGAINST}: at g = 5 ms TruCluster causes 52%`,
    provenance: { sources: CLUSTER_MANAGER.map((c) => c.id), key: 'periodUs' },
  },
  {
    id: 'cluster-manager-duration',
    label: 'duration of the second node-0 activity (the third and fourth 1/2 and 1/5 of it)',
    unit: 'µs',
    start: 100e3,
    lo: 20e3,
    hi: 200e3,
    scale: 'log',
    bounds:
      '20 to 200 ms: the longest of the four lasts 200 ms ("up to 200 ms", 000 sec 3.2, ' +
      'published and not fitted); the others are shorter, by how much is not printed',
    fields: 'duration of cluster-manager-2..4 (in the ratios 1 : 1/2 : 1/5), all presets',
    read: (p) => {
      const d = source(p[Q2002], 'cluster-manager-2').duration;
      return d.dist === 'fixed' ? d.valueUs : NaN;
    },
    write: (p, x) => {
      for (const c of SHORTER_MANAGERS) {
        for (const n of everywhere(p, c.id)) {
          n.duration = { dist: 'fixed', valueUs: Math.round(sig3((x * c.durationMs) / 100)) };
        }
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 sec 3.2',
    against: `${FIG15_AGAINST}; ${FIG18_AGAINST}`,
    provenance: { sources: SHORTER_MANAGERS.map((c) => c.id), key: 'duration' },
  },
  {
    id: 'kernel-activity-period',
    label: 'mean time between short kernel activities on a node',
    unit: 'µs',
    start: 2400,
    lo: 500,
    hi: 20_000,
    scale: 'log',
    bounds: '0.5 to 20 ms: slide 69 has 10% of 1 ms quanta delayed on nodes 2–30',
    fields: 'periodUs of kernel-activity (Poisson), all three presets',
    read: (p) => source(p[Q2002], 'kernel-activity').periodUs,
    write: (p, x) => {
      for (const n of everywhere(p, 'kernel-activity')) n.periodUs = x;
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 Table 2; 002 slide 69',
    against:
      '002 slide 69: on nodes 2–30, 10% of the 1 ms quanta are delayed; 000 Fig 9: each process loses at most 2.5%',
    provenance: { sources: ['kernel-activity'], key: 'periodUs' },
  },
  {
    id: 'kernel-activity-max',
    label: 'longest short kernel activity (durations uniform from 0)',
    unit: 'µs',
    start: 200,
    lo: 50,
    hi: 3000,
    scale: 'log',
    bounds: '50 µs to 3 ms: kernel noise lasts 0–3 ms (000 Table 2)',
    fields: 'duration.maxUs of kernel-activity (uniform from 0), all three presets',
    read: (p) => {
      const d = source(p[Q2002], 'kernel-activity').duration;
      return d.dist === 'uniform' ? d.maxUs : NaN;
    },
    write: (p, x) => {
      for (const n of everywhere(p, 'kernel-activity')) {
        n.duration = { dist: 'uniform', minUs: 0, maxUs: x };
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 Table 2',
    against:
      '000 Fig 9 and 002 slide 62: each process loses between 1% and 2.5%; 002 slide 69: 10% of 1 ms quanta delayed',
    provenance: { sources: ['kernel-activity'], key: 'duration' },
  },
  {
    id: 'daemon-period',
    label:
      'period of each named daemon removed in January 2003 (the "other daemons" source: 1/5 of it)',
    unit: 's',
    start: 600e6,
    lo: 60e6,
    hi: 3600e6,
    scale: 'log',
    bounds:
      '1 min to 1 h: 000 sec 4 names the daemons (envmod, insightd, snmpd, lpd, niff, about ten) ' +
      'and prints neither their periods nor their durations',
    fields:
      'periodUs of daemon-envmod, -insightd, -snmpd, -lpd, -niff and (1/5 of it) daemon-other-daemons',
    read: (p) => source(p[Q2002], 'daemon-envmod').periodUs,
    write: (p, x) => {
      for (const d of DAEMONS) {
        for (const n of everywhere(p, d.id)) n.periodUs = Math.round(sig3(x * d.share));
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 sec 4',
    against: FIG6_AGAINST,
    provenance: { sources: DAEMONS.map((d) => d.id), key: 'periodUs' },
  },
  {
    id: 'daemon-duration',
    label: 'duration of a daemon run (every daemon removed in January 2003)',
    unit: 'µs',
    start: 5000,
    lo: 1000,
    hi: 50_000,
    scale: 'log',
    bounds:
      '1 to 50 ms: not printed (000 sec 4 names the daemons, not how long they run; Table 2 has no row for them, its 5–18 ms row is the RMS daemons)',
    fields: 'duration of the six daemon sources',
    read: (p) => {
      const d = source(p[Q2002], 'daemon-envmod').duration;
      return d.dist === 'fixed' ? d.valueUs : NaN;
    },
    write: (p, x) => {
      for (const d of DAEMONS) {
        for (const n of everywhere(p, d.id)) n.duration = { dist: 'fixed', valueUs: x };
      }
    },
    round: (x) => Math.round(sig3(x)),
    cite: '000 sec 4; 000 Table 2',
    against: FIG6_AGAINST,
    provenance: { sources: DAEMONS.map((d) => d.id), key: 'duration' },
  },
];

// ---- the runs ----

export interface AsciQPlan {
  /** measured iterations per run and seed */
  iterations: number;
  /** quanta per core of the FWQ measures */
  fwqQuanta: number;
  /** measured allreduces per seed of the Fig 6 measures */
  allreduces: number;
  seeds: number[];
}

const FIG15_NODES = 1024;
const FIG18_NODES = 960; // 000 sec 6: "the largest node count available ... (960 nodes)"
const SPECIAL = { node0: [0], node1: [1], node31: [31], 'nodes-0-1-31': [0, 1, 31] } as const;

function onOffsets(n: NoiseSource, offsets: readonly number[]): boolean {
  return (
    n.placement.kind === 'clusterOffsets' && n.placement.offsets.every((o) => offsets.includes(o))
  );
}

function barrier(
  s: Scenario,
  nodes: number,
  g: number,
  iterations: number,
  off: (n: NoiseSource) => boolean = () => false,
): Scenario {
  return variant(s, (d) => {
    d.job.nodes = nodes;
    d.workload = { kind: 'barrier', granularityUs: g, iterations, warmup: 50 };
    for (const n of d.noise) if (off(n)) n.enabled = false;
  });
}

export function runs(p: Presets, plan: AsciQPlan): RunSpec[] {
  const its = plan.iterations;
  const out: RunSpec[] = [];
  // Fig 15: the paper's simulator had the classes of sec 3.2, not the daemons found later.
  const daemon = (n: NoiseSource) => n.category === 'daemon';
  const f15 = (key: string, off: (n: NoiseSource) => boolean) =>
    out.push({
      key,
      scenario: barrier(p[Q2002], FIG15_NODES, 1000, its, (n) => daemon(n) || off(n)),
    });
  f15('f15-base', () => false);
  for (const [k, offs] of Object.entries(SPECIAL)) f15(`f15-${k}`, (n) => onOffsets(n, offs));
  f15('f15-kernel', (n) => n.category === 'kernel');
  // Fig 18: the optimised machine with every node of its clusters (footnote 2: the noise is all
  // four graphs of Fig 13 weighted by their nodes, node 0 and its TruCluster noise included).
  for (const g of [0, 1000, 5000]) {
    out.push({ key: `f18-g${g}`, scenario: barrier(p[Q2003], FIG18_NODES, g, its) });
  }
  // Fig 16: before and after January 2003, 960 nodes, nodes 0 and 31 configured out after.
  for (const g of [0, 1000]) {
    out.push({ key: `f16-2002-g${g}`, scenario: barrier(p[Q2002], FIG18_NODES, g, its) });
    out.push({ key: `f16-2003-g${g}`, scenario: barrier(p[Q2003X], FIG18_NODES, g, its) });
  }
  return out;
}

/** FWQ on nodes 0, 1, 2, 15, 30 and 31 of the 2002 machine (Fig 9, slide 69). */
export function fwqMeasures(p: Presets, plan: AsciQPlan): Record<string, number> {
  const N = plan.fwqQuanta;
  let worst = 0;
  let delayed = 0;
  let ordinary = 0;
  for (const node of [0, 1, 2, 15, 30, 31]) {
    const r = runFwq(p[Q2002], { node, workUs: 1000, samples: N });
    for (const c of r.cores) {
      worst = Math.max(worst, c.overheadUs / (N * 1000));
      if (node % 32 >= 2 && node % 32 <= 30) {
        for (const v of c.samples) if (v > 1000) delayed++;
        ordinary += N;
      }
    }
  }
  return { fwqWorst: worst, fwqDelayed: delayed / ordinary, ...allreduceMeasures(p, plan) };
}

/** The allreduce benchmark of Fig 6 and sec 3.1 on 1,024 nodes of the 2002 machine (g = 0):
 * mean time of an allreduce, µs, over the problem's seeds. */
function allreduceMeasures(p: Presets, plan: AsciQPlan): Record<string, number> {
  const mean = (ppn: number, block: boolean) => {
    let sum = 0;
    for (const seed of plan.seeds) {
      const s = variant(p[Q2002], (d) => {
        d.seed = seed;
        d.job = {
          ...d.job,
          nodes: 1024,
          ranksPerNode: ppn,
          ...(block ? { waitMode: 'block', wakeupUs: 5 } : {}),
        };
        d.workload = allreduceWorkload(0, plan.allreduces, 20);
      });
      const run = new PhaseRun(s).run();
      let t = 0;
      for (let i = 0; i < run.measured; i++) t += run.durations[i];
      sum += t / run.measured;
    }
    return sum / plan.seeds.length;
  };
  return { allreduce4: mean(4, false), allreduce4Block: mean(4, true), allreduce3: mean(3, false) };
}

// ---- the terms ----

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function gains(m: Measures, key: string): number {
  // Pooled: 1 − Σ latency without / Σ latency with (common random numbers).
  return 1 - pooledLatency(m.runs[key]) / pooledLatency(m.runs['f15-base']);
}

/** Fig 18's share of Table 2's class `cat`, pooled over seeds: lost time classed by its length,
 * as 000 sec 6 measured it and the report checks it (src/validation/table2-classes.ts). */
function share(runs: SeedMeasure[], cat: string) {
  return pooledLengthShare(runs, cat);
}

/** The residual of "`leader` is the largest category": 0 when it is, else the gap in units of
 * 20% of the published share. */
function largest(runs: SeedMeasure[], leader: string, published: number): number {
  const lead = share(runs, leader);
  const other = Math.max(
    ...TABLE2_CLASSES.map((c) => c.cat)
      .filter((c) => c !== leader)
      .map((c) => share(runs, c)),
  );
  return Math.max(0, other - lead) / (0.2 * published);
}

const specialTerm = (
  key: keyof typeof SPECIAL,
  what: string,
  published: number,
  heldOut = false,
): Term => ({
  id: `fig15-${key}`,
  heldOut,
  claim: `removing the noise of ${what} improves the 1 ms barrier by about ${published * 100}%`,
  cite: '000 Fig 15, sec 3.4',
  published: `${published * 100}%`,
  evaluate: (m) => {
    const g = gains(m, `f15-${key}`);
    return { simulated: g, text: pct(g), residual: valueResidual(g, published) };
  },
});

const figure18 = (g: number, leader: string, published: number): Term[] => [
  {
    id: `fig18-g${g / 1000}ms-share`,
    claim: `at g = ${g / 1000} ms ${leader} causes ${published * 100}% of the lost time`,
    cite: '000 Fig 18, sec 6',
    published: `${published * 100}%`,
    evaluate: (m) => {
      const s = share(m.runs[`f18-g${g}`], leader);
      return { simulated: s, text: pct(s), residual: valueResidual(s, published) };
    },
  },
  {
    id: `fig18-g${g / 1000}ms-largest`,
    claim: `at g = ${g / 1000} ms ${leader} is the largest cause`,
    cite: '000 Fig 18, Finding #4',
    published: `${leader} largest`,
    evaluate: (m) => {
      const r = m.runs[`f18-g${g}`];
      const text = TABLE2_CLASSES.map((c) => c.cat)
        .map((c) => `${c} ${pct(share(r, c))}`)
        .join(', ');
      const res = largest(r, leader, published);
      return { simulated: res, text, residual: res };
    },
  },
];

const KERNEL = [
  'kernel-heartbeat-125ms',
  'kernel-heartbeat-600ms',
  'kernel-activity',
  'kernel-activity-long',
];

export const terms: Term[] = [
  {
    id: 'fig9-max-process-slowdown',
    claim: 'each process loses at most about 2.5% of 1,000 s of 1 ms quanta',
    cite: '000 Fig 9, sec 3.2',
    published: '2.5%',
    evaluate: (m) => ({
      simulated: m.extra.fwqWorst,
      text: pct(m.extra.fwqWorst),
      residual: valueResidual(m.extra.fwqWorst, 0.025),
    }),
  },
  {
    id: 'slide69-delayed-quanta',
    claim: 'on nodes 2–30, 10% of the 1 ms quanta are delayed',
    cite: '002 slide 69',
    published: '10%',
    evaluate: (m) => ({
      simulated: m.extra.fwqDelayed,
      text: pct(m.extra.fwqDelayed),
      residual: valueResidual(m.extra.fwqDelayed, 0.1),
    }),
  },
  specialTerm('node0', 'node 0', 0.15),
  specialTerm('node1', 'node 1', 0.15, true),
  specialTerm('node31', 'node 31', 0.15, true),
  specialTerm('nodes-0-1-31', 'nodes 0, 1 and 31', 0.35),
  {
    id: 'fig15-kernel',
    claim:
      'removing the kernel noise improves it “dramatically” more than nodes 0, 1, 31 (Finding #2)',
    cite: '000 sec 3.4, Finding #2',
    published: `“dramatically” (read: ≥ ${DRAMATIC_MARGIN * 100} points above the best other)`,
    evaluate: (m) => {
      const kernel = gains(m, 'f15-kernel');
      const best = Math.max(...Object.keys(SPECIAL).map((k) => gains(m, `f15-${k}`)));
      const margin = kernel - best;
      return {
        simulated: margin,
        text: `kernel ${pct(kernel)}, best other ${pct(best)}`,
        residual: Math.max(0, DRAMATIC_MARGIN - margin) / (0.2 * 0.35),
      };
    },
  },
  ...figure18(0, 'kernel', 0.66),
  ...figure18(1000, 'rms', 0.4),
  ...figure18(5000, 'trucluster', 0.52),
  {
    id: 'sec4-kernel-heartbeat-125ms',
    claim: 'at medium granularity the 640 µs heartbeat causes 75% of the kernel loss',
    cite: '000 sec 4',
    published: '75%',
    evaluate: (m) => {
      const s = pooledSourceShare(m.runs['f18-g1000'], 'kernel-heartbeat-125ms', KERNEL);
      return { simulated: s, text: pct(s), residual: valueResidual(s, 0.75) };
    },
  },
  {
    id: 'fig6-4ppn',
    claim: 'the allreduce with 4 processes per node on about 1,000 nodes takes over 3 ms',
    cite: '000 Fig 6, sec 3.1',
    published: '> 3 ms',
    evaluate: (m) => ({
      simulated: m.extra.allreduce4,
      text: `${(m.extra.allreduce4 / 1000).toFixed(2)} ms`,
      residual: aboveResidual(m.extra.allreduce4, 3000),
    }),
  },
  {
    id: 'fig6-3ppn',
    claim: 'with 3 processes per node it takes under 300 µs',
    cite: '000 Fig 6',
    published: '< 300 µs',
    evaluate: (m) => ({
      simulated: m.extra.allreduce3,
      text: `${m.extra.allreduce3.toFixed(0)} µs`,
      residual: belowResidual(m.extra.allreduce3, 300),
    }),
  },
  {
    id: 'mystery2-allreduce',
    claim: 'poll-then-block makes the 4-per-node allreduce about 7 times faster',
    cite: '000 sec 3.1; 002 slide 56',
    published: '7×',
    evaluate: (m) => {
      const r = m.extra.allreduce4 / m.extra.allreduce4Block;
      return { simulated: r, text: `${r.toFixed(1)}×`, residual: valueResidual(r, 7) };
    },
  },
  {
    id: 'fig16-g0ms',
    claim: 'after January 2003 the barrier at g = 0 is 13 times faster',
    cite: '000 Fig 16, sec 4',
    published: '13×',
    evaluate: (m) => {
      const r = pooledLatency(m.runs['f16-2002-g0']) / pooledLatency(m.runs['f16-2003-g0']);
      return { simulated: r, text: `${r.toFixed(1)}×`, residual: valueResidual(r, 13) };
    },
  },
  {
    id: 'fig16-g1ms',
    heldOut: true,
    claim: 'after January 2003 the barrier at g = 1 ms is more than 2× faster',
    cite: '000 Fig 16, sec 4',
    published: 'more than 2×',
    evaluate: (m) => {
      const r = pooledLatency(m.runs['f16-2002-g1000']) / pooledLatency(m.runs['f16-2003-g1000']);
      return { simulated: r, text: `${r.toFixed(1)}×`, residual: aboveResidual(r, 2) };
    },
  },
];

export function asciQProblem(plan: AsciQPlan): Problem {
  const seeds = plan.seeds;
  return {
    id: 'asci-q',
    title: 'ASCI Q, 2002 and 2003 (000, 002)',
    presets: ALL,
    parameters,
    terms,
    seeds,
    runs: (p) => runs(p, plan),
    extra: (p) => fwqMeasures(p, plan),
    describeRuns:
      `each evaluation runs, on seeds ${seeds.join(', ')} × ${plan.iterations.toLocaleString('en-US')} ` +
      'iterations (50 warm-up): Fig 15, asci-q-2002 on 1,024 nodes × 4 at g = 1 ms without its ' +
      'daemons (the classes the paper simulated), as is and without the sources of node 0, 1, 31, ' +
      'all three, and the kernel; Fig 18, asci-q-2003 on its first 960 nodes (nodes 0, 1 and 31 ' +
      'of each cluster included, footnote 2) at g = 0, 1 and 5 ms; Fig 16, asci-q-2002 against ' +
      'asci-q-2003-without-0-31 on 960 nodes at g = 0 and 1 ms; and FWQ (1 ms quanta, ' +
      `${plan.fwqQuanta.toLocaleString('en-US')} per processor) on nodes 0, 1, 2, 15, 30 and 31; ` +
      `the allreduce benchmark (g = 0, ${plan.allreduces} allreduces per seed) on 1,024 nodes ` +
      'of asci-q-2002 with 4 processes per node polling and blocking (wake-up 5 µs) and 3 polling.',
    measuresNote:
      'Fig 18’s shares are of each iteration’s lost time (its time over g + L) put in Table 2’s ' +
      'class of its length, as 000 sec 6 measured them and the report checks them ' +
      '(src/validation/table2-classes.ts); sec 4’s heartbeat share is of the loss the engine ' +
      'charges to each kernel source.',
    structure:
      'The RMS events (15 and 18 ms) are one spawned daemon: on a node the 18 ms part starts ' +
      '15 ms after the 15 ms part (one process, one processor; a group with an offset, ' +
      "docs/noise-timing.md); the nodes' spawns have independent phases (a window fitted over " +
      '0–30 s went to 30 s, the whole period). The four node-0 activities keep ' +
      'the ratios of their periods (1 : 1/2 : 1/4 : 1/10) as set by hand, and the first its ' +
      'published 200 ms; the durations of the other three keep their ratios (1 : 1/2 : 1/5); the ' +
      'fit scales each set. So for the removed daemons: five named at one period, the rest as ' +
      'one source five times as frequent, all of one duration. The long kernel activity lasts ' +
      "2–3 ms (uniform), the top of Table 2's 0–3 ms, set by hand: its rate is fitted, its " +
      'durations are not yet.',
  };
}
