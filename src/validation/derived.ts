// The workload scenario files of scenarios/ (SAGE, the allreduce benchmark, MPI-FWQ, POP) are
// derived from the machine presets: the same machine and noise, another job and workload. They
// are written by `npm run scenarios` (scripts/derive-scenarios.ts) so that a change to a preset
// reaches them, and tests/validation/derived.test.ts fails when a file and its derivation differ.
import { gridSides } from '../scenario/grid.ts';
import { gridDiameter, messageCostUs } from '../scenario/phases.ts';
import type { AlltoallWorkload, Scenario, WavefrontWorkload } from '../scenario/types.ts';
import { NPB_NOISELESS_S, NPB_SOLVE_SEEDS } from './npb-noiseless.ts';
import { loadPreset } from './presets.ts';
import {
  allreduceWorkload,
  FWQ_W18_US,
  mpiFwqWorkload,
  POP_SOLVER_PHASES,
  popWorkload,
  SAGE_ALLREDUCES_PER_CYCLE,
  sageWorkload,
} from './workloads.ts';

/** µs and bytes a µs: a hop of the Franklin allreduce test, 5 µs plus the message at 1,600
 * bytes a µs (both assumed, as in docs/validation.md target 16: 004 gives neither) */
const HOP_LATENCY_US = 5;
const BYTES_PER_US = 1600;

export interface Derivation {
  /** file name in scenarios/, without .json */
  file: string;
  parent: string;
  title: string;
  /** what the workload is and where its parameters come from (the noise keeps its provenance) */
  about: string;
  references: string[];
  job: Partial<Scenario['job']>;
  /**
   * Another machine with the parent's noise (a stand-in where the machine's own was not
   * published): what changes, said in `about`. A node keeps the parent's per-node sources and
   * the per-core ones of the cores it has.
   */
  machine?: Partial<Omit<Scenario['machine'], 'collective' | 'tree'>>;
  workload: (s: Scenario) => Scenario['workload'];
  /** an NPB LU or FT scenario: the Table 2 mean its run time with noise is solved for, and its
   * workload for a given run without noise, µs (`npm run scenarios -- --solve`) */
  solve?: { meanS: number; workload: (s: Scenario, runUs: number) => Scenario['workload'] };
}

/** The run without noise of NPB scenario `file`, µs: as solved (npb-noiseless.ts), or Table 2's
 * mean itself before the first solve. */
function noiselessUs(file: string, meanS: number): number {
  return (NPB_NOISELESS_S[file] ?? meanS) * 1e6;
}

/** How an NPB scenario's compute was set, in words, for its description. */
function solvedText(file: string, meanS: number, machine: string): string {
  const seeds = `${NPB_SOLVE_SEEDS[0]}–${NPB_SOLVE_SEEDS.at(-1)}`;
  const noiseless = NPB_NOISELESS_S[file];
  return noiseless === undefined
    ? `its noiseless run the ${machine}’s mean, ${meanS} s (001 Table 2)`
    : `its compute set so that its mean run time with noise, over seeds ${seeds}, is the ` +
        `${machine}’s mean in 001 Table 2, ${meanS} s, and without noise a run takes ` +
        `${noiseless.toFixed(2)} s`;
}

/** An NPB LU or FT derivation's workload and solve, for a Table 2 mean of `meanS`. */
function npbWorkload(
  file: string,
  meanS: number,
  build: (s: Scenario, runUs: number) => Scenario['workload'],
): Pick<Derivation, 'workload' | 'solve'> {
  return { workload: (s) => build(s, noiselessUs(file, meanS)), solve: { meanS, workload: build } };
}

const SAGE_ABOUT =
  'SAGE (weak scaling, 13,500 cells per PE, 000 Table 3): a cycle is ' +
  `${SAGE_ALLREDUCES_PER_CYCLE} phases of compute, each followed by an allreduce over the ` +
  'software tree (docs/workloads.md). The noiseless cycle is 0.63 s at 8,192 PEs (published, ' +
  'Table 3 "Model"); the allreduce count per cycle is calibrated against Mystery #1 (about 2× ' +
  'the model at 4,096 PEs, 000 Fig 1) and the allreduce share over 51% (000 sec 3.1).';

const POP_ABOUT =
  'POP (strong scaling, 003 Table 1): a step is the baroclinic computation divided among the ' +
  `ranks, then ${POP_SOLVER_PHASES} barotropic solver phases of latency-bound work that does ` +
  'not shrink with the ranks, each ending in an allreduce. The work is solved from the RN ' +
  'kernel step times of Table 1 (0.660 s at 384 processes, 0.0946 s at 24,576); the number of ' +
  'solver phases is calibrated (src/validation/workloads.ts).';

export const derivations: Derivation[] = [
  {
    file: 'sage-asci-q-2002',
    parent: 'asci-q-2002',
    title: 'SAGE on ASCI Q, 2002: 4,096 PEs (Mystery #1)',
    about: SAGE_ABOUT,
    references: ['000_3ad34a653051bbf2.txt Table 3, Figs 1-5'],
    job: { nodes: 1024, ranksPerNode: 4 },
    workload: (s) => sageWorkload(s, 12, 2),
  },
  {
    file: 'sage-asci-q-2003-without-0-31',
    parent: 'asci-q-2003',
    title: 'SAGE on ASCI Q, May 2003: 7,680 PEs without nodes 0 and 31',
    about: SAGE_ABOUT,
    references: ['000_3ad34a653051bbf2.txt Table 3, Fig 17'],
    job: { nodes: 1920, ranksPerNode: 4, excludeOffsets: [0, 31] },
    workload: (s) => sageWorkload(s, 12, 2),
  },
  {
    file: 'allreduce-asci-q-2002',
    parent: 'asci-q-2002',
    title: 'Allreduce benchmark on ASCI Q, 2002: 1,024 nodes × 4 (Fig 6)',
    about:
      'Back-to-back allreduces (g = 0) over the software tree, the benchmark of 000 Figs 6 ' +
      'and 7. Try 3 ranks per node (a spare CPU per node) and waiting ranks that block (the ' +
      '"poll, then block" fix of 000 sec 3.1): in a file, job.ranksPerNode 3 and job.waitMode ' +
      '"block".',
    references: ['000_3ad34a653051bbf2.txt sec 3.1, Figs 6-7'],
    job: { nodes: 1024, ranksPerNode: 4 },
    workload: () => allreduceWorkload(0, 400, 20),
  },
  ...(['jaguar-xt5-stock', 'jaguar-xt5-rn-prototype'] as const).map((parent) => ({
    file: `mpi-fwq-${parent}`,
    parent,
    title: `MPI-FWQ on Jaguar XT5 (${parent === 'jaguar-xt5-stock' ? 'stock kernel' : 'prototype RN kernel'}): 49,152 cores, -N 6 -cc 2-7`,
    about:
      `MPI-FWQ (003 Fig 3): a work quantum (w = 18, taken as ${FWQ_W18_US} µs, not published) ` +
      "then an allreduce rooted at rank 0, over the machine's tree with its small-message hop " +
      "(the paper's 1 MB message is not modelled: see docs/validation.md, target 10). Read " +
      "the root's time in the collective (tree.rootCollectiveUs in the CLI output).",
    references: ['003_7c0ecb5f887884c8.txt sec 4, Fig 3'],
    job: { nodes: 8192, ranksPerNode: 6, reservedCores: [0, 1] },
    workload: () => mpiFwqWorkload(FWQ_W18_US, 60, 5),
  })),
  ...(['jaguar-xt5-stock', 'jaguar-xt5-rn-prototype'] as const).map((parent) => ({
    file: `pop-${parent}`,
    parent,
    title: `POP on Jaguar XT5 (${parent === 'jaguar-xt5-stock' ? 'stock kernel' : 'prototype RN kernel'}): 24,576 processes, -N 6 -cc 2-7`,
    about: POP_ABOUT,
    references: ['003_7c0ecb5f887884c8.txt Table 1'],
    job: { nodes: 4096, ranksPerNode: 6, reservedCores: [0, 1] },
    workload: (s: Scenario) => popWorkload(s, 12, 2),
  })),
  {
    // 003 Table 2 (Cray's Shark, an XT5 like Jaguar): the same 1,024 nodes, 8 processes per
    // node on the stock kernel (-N 8) against 7 on the RN kernel (-N 7 -cc 1-7), the production
    // kernel whose core-1 interrupts were fixed (003 sec 4, footnote 1). The stock side is
    // pop-jaguar-xt5-stock on 1,024 nodes × 8 with no core reserved.
    file: 'pop-jaguar-xt5-rn',
    parent: 'jaguar-xt5-rn',
    title: 'POP on Jaguar XT5 (RN kernel): 7,168 processes on 1,024 nodes, -N 7 -cc 1-7',
    about:
      POP_ABOUT +
      " Run as on Cray's Shark (003 Table 2): 1,024 nodes, the application on cores 1–7 and " +
      "the OS on core 0; Shark's mesh (3,584 × 2,240) and its step times are not modelled: the " +
      "work is Jaguar's. Against the stock kernel on all 8 cores (pop-jaguar-xt5-stock with " +
      'job.nodes 1024, ranksPerNode 8 and no reserved core), Table 2 gives 24% less time.',
    references: ['003_7c0ecb5f887884c8.txt Table 2, sec 3'],
    job: { nodes: 1024, ranksPerNode: 7, reservedCores: [0] },
    workload: (s: Scenario) => popWorkload(s, 12, 2),
  },
];

/** 001 Table 2: the mean run time of NPB EP class C on 128 tasks of the Compaq SC, s. */
export const EP_COMPAQ_MEAN_S = 5.03;
/** 001 Table 2: the same for LU and FT, s. */
export const LU_COMPAQ_MEAN_S = 42.8;
export const FT_COMPAQ_MEAN_S = 30.6;
/** 001 Table 2: LU's and FT's mean run times on 128 PEs of the Cray T3E, s. */
export const LU_T3E_MEAN_S = 305.2;
export const FT_T3E_MEAN_S = 106.5;
/** 001 Table 2: LU's and FT's mean run times on 128 tasks of the IBM SP and the Intel cluster, s. */
export const LU_SP_MEAN_S = 74.6;
export const FT_SP_MEAN_S = 41.5;
export const LU_INTEL_MEAN_S = 408.7;
export const FT_INTEL_MEAN_S = 90.7;

/** NPB class C (the NPB specification; the papers give only "class C"): LU's SSOR iterations
 * and the planes of its 162³ grid a sweep pipelines over (2 … 161); FT's iterations. */
const LU_ITERATIONS = 250;
const LU_STAGES = 160;
const FT_ITERATIONS = 20;
/** Bytes of one LU stage's message: 5 values of 8 bytes on the 20-point edge of a rank's
 * 162/16 × 162/8 block (assumed). */
const LU_MESSAGE_BYTES = 800;
/** Bytes FT's transpose sends from one rank to each other: 512³ 16-byte complex values over
 * 128 × 128 blocks. */
const FT_MESSAGE_BYTES = (512 ** 3 * 16) / (128 * 128);
/** µs per byte at 300 MB/s: 001 Table 4's interconnect bandwidth per adapter of the T3E, and
 * within 7% of the Compaq SC's 280 MB/s (immaterial beside FT's 1.5 s iterations). */
const QUADRICS_US_PER_BYTE = 0.0033;
/** µs per byte of the IBM SP's Colony (1,000 MB/s) and the Intel cluster's Myrinet 2000
 * (240 MB/s): 001 Table 4, interconnect bandwidth per adapter. */
const COLONY_US_PER_BYTE = 0.001;
const MYRINET_US_PER_BYTE = 1 / 240;

/** An NPB message of `bytes`: one tree hop of the machine plus the bytes at `usPerByte`. */
function npbMessage(s: Scenario, bytes: number, usPerByte: number) {
  return { latencyUs: s.machine.tree.hopUs, messageBytes: bytes, usPerByte };
}

/**
 * LU as a wavefront whose noiseless run takes `runUs`: with m the message and D the grid's
 * diameter, an iteration is G + 2·D·(G/2B + m) (docs/workloads.md §9), solved for G.
 */
function luWorkload(
  s: Scenario,
  runUs: number,
  usPerByte = QUADRICS_US_PER_BYTE,
): WavefrontWorkload {
  const message = npbMessage(s, LU_MESSAGE_BYTES, usPerByte);
  const m = messageCostUs(message);
  const D = gridDiameter(gridSides(s.job.nodes * s.job.ranksPerNode, 2));
  const iterationUs = runUs / LU_ITERATIONS;
  const G = (iterationUs - 2 * D * m) / (1 + D / LU_STAGES);
  return {
    kind: 'wavefront',
    granularityUs: Math.round(G),
    stages: LU_STAGES,
    ...message,
    iterations: LU_ITERATIONS,
    warmup: 0,
  };
}

/** FT as an all-to-all whose noiseless run takes `runUs`: each iteration g + m (§8). */
function ftWorkload(
  s: Scenario,
  runUs: number,
  usPerByte = QUADRICS_US_PER_BYTE,
): AlltoallWorkload {
  const message = npbMessage(s, FT_MESSAGE_BYTES, usPerByte);
  return {
    kind: 'alltoall',
    granularityUs: Math.round(runUs / FT_ITERATIONS - messageCostUs(message)),
    ...message,
    iterations: FT_ITERATIONS,
    warmup: 0,
  };
}

/**
 * NPB LU and FT on one of 001's machines whose EP preset fitted its node noise (`${key}-ep`):
 * the workloads of lu-/ft-asci-q-2002.json with the machine's own messages (001 Table 4) and
 * noiseless runs of its Table 2 means; their CoVs are predictions (target 17).
 */
function fittedMachineCodes(m: {
  key: string;
  preset: string;
  display: string;
  machine: string;
  layout: string;
  job: { nodes: number; ranksPerNode: number };
  network: string;
  usPerByte: number;
  lu: { meanS: number; cov: string };
  ft: { meanS: number; cov: string };
  secs: string;
}): Derivation[] {
  const about = (code: 'LU' | 'FT', shape: string, meanS: number, cov: string) =>
    `NPB ${code}, class C, 128 tasks on ${m.layout}, as ${code.toLowerCase()}-asci-q-2002.json ` +
    `(${shape}), its messages ${m.network} (001 Table 4), ` +
    `${solvedText(`${m.key}-${code.toLowerCase()}`, meanS, m.machine)}, on the ${m.preset} ` +
    `preset’s noise, fitted to EP alone: its CoV is a prediction of Table 2’s ${cov}; ` +
    'docs/validation.md, target 17.';
  const references = [`001_734e3e396f167b23.txt Table 2, Table 4, ${m.secs}`];
  return [
    {
      file: `${m.key}-lu`,
      parent: `${m.key}-ep`,
      title: `${m.display}: NPB LU on 128 tasks (a wavefront; the fitted noise)`,
      about: about(
        'LU',
        `a wavefront of ${LU_ITERATIONS} iterations of two ${LU_STAGES}-stage sweeps over the ` +
          '16 × 8 grid',
        m.lu.meanS,
        m.lu.cov,
      ),
      references,
      job: m.job,
      ...npbWorkload(`${m.key}-lu`, m.lu.meanS, (s, runUs) => luWorkload(s, runUs, m.usPerByte)),
    },
    {
      file: `${m.key}-ft`,
      parent: `${m.key}-ep`,
      title: `${m.display}: NPB FT on 128 tasks (all-to-all; the fitted noise)`,
      about: about(
        'FT',
        '20 computes each ending in an all-to-all transpose',
        m.ft.meanS,
        m.ft.cov,
      ),
      references,
      job: m.job,
      ...npbWorkload(`${m.key}-ft`, m.ft.meanS, (s, runUs) => ftWorkload(s, runUs, m.usPerByte)),
    },
  ];
}

derivations.push(
  {
    file: 'ep-asci-q-2002',
    parent: 'asci-q-2002',
    title: 'NPB EP on 128 tasks with ASCI Q’s noise (a stand-in for the Compaq SC Lemieux)',
    about:
      'NPB EP, class C, 128 tasks on 32 nodes × 4 (001 sec 8): each rank computes on its own ' +
      `and reduces once at the end (001 sec 6), so one iteration is ${EP_COMPAQ_MEAN_S} s of ` +
      'compute (the Compaq SC’s mean run time, 001 Table 2) and one allreduce. Lemieux was an ' +
      'AlphaServer ES45 cluster with Tru64 and Quadrics like ASCI Q; its noise was not ' +
      'published, so ASCI Q’s stands in. Repeat it over seeds (noiselab repeat, or the Run to ' +
      'run view) to see how its run time varies: 001 Table 2 measured a CoV of 6.91% on 128 ' +
      'tasks, under 1.6% on one node (sec 9); docs/validation.md, target 14.',
    references: ['001_734e3e396f167b23.txt Table 2, secs 6, 8, 9, 11'],
    job: { nodes: 32, ranksPerNode: 4 },
    workload: () => allreduceWorkload(EP_COMPAQ_MEAN_S * 1e6, 1, 0),
  },
  {
    file: 'lu-asci-q-2002',
    parent: 'asci-q-2002',
    title: 'NPB LU on 128 tasks with ASCI Q’s noise (a stand-in for the Compaq SC Lemieux)',
    about:
      'NPB LU, class C, 128 tasks on 32 nodes × 4 (001 sec 8): the SSOR solver’s sweeps ' +
      '(“many small messages”, 001 sec 7) as a wavefront over the 16 × 8 grid of ranks ' +
      `(docs/workloads.md §9): ${LU_ITERATIONS} iterations of a sweep down and one back, ` +
      `${LU_STAGES} stages each (class C: 162 planes, the NPB specification, not the papers), a ` +
      `${LU_MESSAGE_BYTES}-byte message a stage (a 20-point edge of 5 values, assumed) at ` +
      `${QUADRICS_US_PER_BYTE} µs per byte (300 MB/s, assumed) plus a tree hop; ` +
      `${solvedText('lu-asci-q-2002', LU_COMPAQ_MEAN_S, 'Compaq SC')}. ` +
      'Lemieux’s noise was not published, so ASCI Q’s stands in (as for EP). Repeat it over ' +
      'seeds to see how its run time varies: 001 Table 2 measured a CoV of 4.53%; ' +
      'docs/validation.md, target 14.',
    references: ['001_734e3e396f167b23.txt Table 2, secs 7, 8, 11 (Fig 4)'],
    job: { nodes: 32, ranksPerNode: 4 },
    ...npbWorkload('lu-asci-q-2002', LU_COMPAQ_MEAN_S, (s, runUs) => luWorkload(s, runUs)),
  },
  {
    file: 'ft-asci-q-2002',
    parent: 'asci-q-2002',
    title: 'NPB FT on 128 tasks with ASCI Q’s noise (a stand-in for the Compaq SC Lemieux)',
    about:
      'NPB FT, class C, 128 tasks on 32 nodes × 4 (001 sec 8): “periods where all nodes are ' +
      'computing on their own data” between array transpositions, “an all-to-all exchange” ' +
      `(001 sec 7; docs/workloads.md §8): ${FT_ITERATIONS} iterations (class C, the NPB ` +
      `specification), each a compute and a transpose in which every rank sends ` +
      `${FT_MESSAGE_BYTES} bytes (a 512³ complex array over 128 × 128 blocks) to every other at ` +
      `${QUADRICS_US_PER_BYTE} µs per byte (assumed) plus a tree hop. The network is ` +
      'contention-free here, so a transpose costs one message; ' +
      `${solvedText('ft-asci-q-2002', FT_COMPAQ_MEAN_S, 'Compaq SC')}. Lemieux’s noise ` +
      'was not published, so ASCI Q’s stands in. 001 Table 2 measured a CoV of 3.18%; ' +
      'docs/validation.md, target 14.',
    references: ['001_734e3e396f167b23.txt Table 2, secs 7, 8'],
    job: { nodes: 32, ranksPerNode: 4 },
    ...npbWorkload('ft-asci-q-2002', FT_COMPAQ_MEAN_S, (s, runUs) => ftWorkload(s, runUs)),
  },
  {
    file: 'lemieux-lu',
    parent: 'lemieux-ep',
    title: 'Compaq SC Lemieux: NPB LU on 128 tasks (a wavefront; the fitted noise)',
    about:
      'NPB LU, class C, 128 tasks on 32 nodes × 4, as lu-asci-q-2002.json (a wavefront of ' +
      `${LU_ITERATIONS} iterations of two ${LU_STAGES}-stage sweeps, ` +
      `${solvedText('lemieux-lu', LU_COMPAQ_MEAN_S, 'Compaq SC')}) on the Lemieux preset’s ` +
      'noise, fitted to EP alone: its CoV ' +
      'is a prediction of 001 Table 2’s 4.53%; docs/validation.md, target 14.',
    references: ['001_734e3e396f167b23.txt Table 2, secs 7, 8, 11 (Fig 4)'],
    job: { nodes: 32, ranksPerNode: 4 },
    ...npbWorkload('lemieux-lu', LU_COMPAQ_MEAN_S, (s, runUs) => luWorkload(s, runUs)),
  },
  {
    file: 'lemieux-ft',
    parent: 'lemieux-ep',
    title: 'Compaq SC Lemieux: NPB FT on 128 tasks (all-to-all; the fitted noise)',
    about:
      'NPB FT, class C, 128 tasks on 32 nodes × 4, as ft-asci-q-2002.json (20 computes each ' +
      'ending in an all-to-all transpose, ' +
      `${solvedText('lemieux-ft', FT_COMPAQ_MEAN_S, 'Compaq SC')}) on ` +
      'the Lemieux preset’s noise, fitted to EP alone: its CoV is a prediction of 001 Table ' +
      '2’s 3.18%; docs/validation.md, target 14.',
    references: ['001_734e3e396f167b23.txt Table 2, secs 7, 8'],
    job: { nodes: 32, ranksPerNode: 4 },
    ...npbWorkload('lemieux-ft', FT_COMPAQ_MEAN_S, (s, runUs) => ftWorkload(s, runUs)),
  },
  {
    file: 't3e-mcurie-lu',
    parent: 't3e-mcurie-ep',
    title: 'NPB LU on the Cray T3E, with job migration (a wavefront)',
    about:
      'NPB LU, class C, on 128 PEs of the T3E, as lu-asci-q-2002.json (a wavefront of ' +
      `${LU_ITERATIONS} iterations of two ${LU_STAGES}-stage sweeps over the 16 × 8 grid, ` +
      `${solvedText('t3e-mcurie-lu', LU_T3E_MEAN_S, 'T3E')}; messages as there, an ` +
      'assumption for the torus too) on the T3E preset’s migration, fitted to EP alone: its CoV ' +
      'is a prediction of Table 2’s 15.58%; docs/validation.md, target 15.',
    references: ['001_734e3e396f167b23.txt Table 2, Table 3, secs 7, 11 (Fig 5)'],
    job: { nodes: 128, ranksPerNode: 1 },
    ...npbWorkload('t3e-mcurie-lu', LU_T3E_MEAN_S, (s, runUs) => luWorkload(s, runUs)),
  },
  {
    file: 't3e-mcurie-ft',
    parent: 't3e-mcurie-ep',
    title: 'NPB FT on the Cray T3E, with job migration (all-to-all)',
    about:
      'NPB FT, class C, on 128 PEs of the T3E, as ft-asci-q-2002.json (20 computes each ending ' +
      `in an all-to-all transpose, ${solvedText('t3e-mcurie-ft', FT_T3E_MEAN_S, 'T3E')}) ` +
      'on the T3E preset’s migration, fitted to EP alone: its CoV is a prediction of ' +
      'Table 2’s 11.33%; docs/validation.md, target 15.',
    references: ['001_734e3e396f167b23.txt Table 2, Table 3, secs 7, 11'],
    job: { nodes: 128, ranksPerNode: 1 },
    ...npbWorkload('t3e-mcurie-ft', FT_T3E_MEAN_S, (s, runUs) => ftWorkload(s, runUs)),
  },
  ...fittedMachineCodes({
    key: 'seaborg',
    preset: 'Seaborg',
    display: 'IBM SP Seaborg',
    machine: 'IBM SP',
    layout: '8 nodes × 16',
    job: { nodes: 8, ranksPerNode: 16 },
    network: 'the Colony’s 18.3 µs and 1,000 MB/s',
    usPerByte: COLONY_US_PER_BYTE,
    lu: { meanS: LU_SP_MEAN_S, cov: '4.58%' },
    ft: { meanS: FT_SP_MEAN_S, cov: '5.70%' },
    secs: 'secs 7, 8, 10',
  }),
  ...fittedMachineCodes({
    key: 'alvarez',
    preset: 'Alvarez',
    display: 'Intel cluster Alvarez',
    machine: 'Intel cluster',
    layout: '64 nodes × 2',
    job: { nodes: 64, ranksPerNode: 2 },
    network: 'Myrinet 2000’s 11.8 µs and 240 MB/s',
    usPerByte: MYRINET_US_PER_BYTE,
    lu: { meanS: LU_INTEL_MEAN_S, cov: '2.62%' },
    ft: { meanS: FT_INTEL_MEAN_S, cov: '1.07%' },
    secs: 'secs 7, 8',
  }),
  {
    file: 'halo-jaguar-xt5-stock',
    parent: 'jaguar-xt5-stock',
    title: 'HALO on Jaguar XT5’s CNL noise: 4,096 processes (a stand-in for the XT3/XT4)',
    about:
      'Wallcraft’s HALO benchmark as Worley ran it on the Cray XT3 and XT4 under CNL (004): ' +
      'halo updates back to back on a 2-D torus of processes, each a message to each of 4 ' +
      'neighbours and a wait for theirs, with no compute and no barrier between them. 5 µs a ' +
      'message (assumed: 004 gives no latency), no CPU cost per message. The XT3/XT4 noise was ' +
      'not published; Jaguar XT5’s stock CNL stands in, 4 ranks on the 8 cores of a node. ' +
      'Updates of a few µs make 2,000 of them about 10 ms of machine time: the handful of ' +
      'millisecond events a run meets decide the mean update, which can lie above the p99 and ' +
      'differs from seed to seed. The XT3 and XT4 themselves (2 cores a node, a CPU cost per ' +
      'message, Worley’s single update timed after a barrier): the presets halo-jaguarcnl-xt3 ' +
      'and halo-franklin-xt4 (docs/validation.md, target 13).',
    references: ['004_cb4c2116e2ea8546.txt (HALO slides)'],
    job: { nodes: 1024, ranksPerNode: 4, reservedCores: [] },
    workload: () => ({
      kind: 'halo',
      granularityUs: 0,
      dimensions: 2,
      periodic: true,
      latencyUs: 5,
      messageBytes: 0,
      usPerByte: 0,
      iterations: 2000,
      warmup: 20,
    }),
  },
  ...xt3xt4Derivations(),
);

/**
 * The Cray XT3 "jaguarcnl" (ORNL) and XT4 "Franklin" (NERSC) of Worley's slides (004), each
 * with the HALO experiment the slides show on it. 004 publishes no node count, core count,
 * latency or noise figure: what it gives and what is assumed is said in each description.
 */
function xt3xt4Derivations(): Derivation[] {
  const machineOnly =
    'Machine: 4,096 nodes of 2 cores (004 runs up to 8,192 processes in VN mode, two a node: ' +
    'its "1024 SN" run used the nodes of its "2048 VN" run, slide "HALO on Franklin: 2/08 vs. ' +
    '4/08 (1024SN)"; the whole machine was larger, not in the seeds), 2 ranks a node; the ' +
    'barrier and the tree as Jaguar XT5’s (a SeaStar torus without a hardware barrier, ' +
    'assumed). The XT3/XT4 noise was not published: Jaguar XT5’s stock CNL (003) stands in, ' +
    'its per-node sources as they are and its per-core ones on the two cores.';
  const machineText =
    machineOnly +
    ' HALO: a 2-D ' +
    'torus of processes (assumed), updates with no compute between them, 5 µs a message ' +
    '(assumed: 004 gives no latency) and 2 µs of CPU to send one and 2 µs to copy one in ' +
    '(overheadUs, assumed: an MPI send or receive of a few bytes on an Opteron of 2008; 004 ' +
    'gives none), so an update costs 21 µs without noise.';
  const halo = (barrierBefore: boolean) => (): Scenario['workload'] => ({
    kind: 'halo',
    granularityUs: 0,
    dimensions: 2,
    periodic: true,
    ...(barrierBefore ? { barrierBefore: true } : {}),
    latencyUs: 5,
    messageBytes: 0,
    usPerByte: 0,
    overheadUs: 2,
    iterations: 2000,
    warmup: 20,
  });
  const machine = { nodes: 4096, coresPerNode: 2, clusterSize: 4096 };
  const job = { nodes: 2048, ranksPerNode: 2, reservedCores: [], excludeOffsets: [] };
  return [
    {
      file: 'halo-jaguarcnl-xt3',
      parent: 'jaguar-xt5-stock',
      title: 'HALO on the Cray XT3 jaguarcnl (CNL, 2008): 4,096 processes',
      about:
        'Wallcraft’s HALO benchmark as Worley ran it on ORNL’s Cray XT3 under CNL (004 slide ' +
        '"HALO on Jaguarcnl": the maximum over processes of a few repetitions, whose cost grows ' +
        '3× from 16 to 4,096 processes): updates back to back, each rank going on when its ' +
        'neighbours’ messages are in. ' +
        machineText +
        ' docs/validation.md, target 13.',
      references: ['004_cb4c2116e2ea8546.txt (HALO slides)'],
      machine: { name: 'Cray XT3 jaguarcnl (ORNL)', ...machine },
      job,
      workload: halo(false),
    },
    {
      file: 'halo-franklin-xt4',
      parent: 'jaguar-xt5-stock',
      title: 'HALO on the Cray XT4 Franklin (CNL, 2008): one timed update, 4,096 processes',
      about:
        'Worley’s modified HALO on NERSC’s Cray XT4 under CNL (004 slides "HALO on Franklin: ' +
        'max/avg/min" and "max vs. min": a single update timed on every process, the most ' +
        'growing with the process count, the least flat, 5–10× apart for small halos): every ' +
        'update starts at a barrier (barrierBefore), and a rank’s update runs from its start to ' +
        'its release. ' +
        machineText +
        ' With the stand-in noise the most and the least come out further apart than 5–10×, ' +
        'and the least falls a little with the process count: the validation report says by ' +
        'how much and why (docs/validation.md, target 13); the allreduce jitter test runs on ' +
        'this machine (docs/validation.md, target 16).',
      references: ['004_cb4c2116e2ea8546.txt (HALO slides)'],
      machine: { name: 'Cray XT4 Franklin (NERSC)', ...machine },
      job,
      workload: halo(true),
    },
    ...([8, 2_097_152] as const).map((bytes) => {
      const hopUs = HOP_LATENCY_US + bytes / BYTES_PER_US;
      const large = bytes > 8;
      return {
        file: large ? 'allreduce-franklin-xt4-2mb' : 'allreduce-franklin-xt4',
        parent: 'jaguar-xt5-stock',
        title: `Allreduce jitter test on the Cray XT4 Franklin (CNL, 2008): 1,024 processes, ${large ? '2 MB' : '8 bytes'}`,
        about:
          'Worley’s allreduce “jitter” test on NERSC’s Cray XT4 under CNL (004 slides “Allreduce ' +
          '“jitter” test on Franklin (8B)” to “(2097152B)” and “Average vs. Optimal ' +
          'MPI_Allreduce Perf.”): allreduces back to back, whose worst and average over 80 ' +
          'samples came out “much worse than best observed performance”, larger vectors “less ' +
          'sensitive” but “the perturbations do not disappear”. Worley doubted that this was OS ' +
          'jitter (“Signature of variability does not appear to be that of OS jitter”; of the ' +
          '2 MB vectors, “This appears to be ‘something else’”; “Perturbations not the same each ' +
          'day”) and asked whether it was interference from other users, which the model does not ' +
          'have: here node noise alone makes the picture, so the preset shows what jitter alone ' +
          'can do, not what Franklin met. ' +
          machineOnly +
          ' The allreduce goes over the binary tree, a hop 5 µs (assumed: 004 gives no latency) ' +
          `plus the message at 1,600 bytes a µs (assumed): ${hopUs} µs for ` +
          `${large ? 'the slides’ largest vector, 2,097,152 bytes' : 'the slides’ 8 bytes'} ` +
          `(${large ? 'allreduce-franklin-xt4 has 8 bytes' : 'allreduce-franklin-xt4-2mb has 2,097,152'}). ` +
          'The Latency tab draws the worst, average and best of 80 samples against processes, a ' +
          'sample one allreduce; Worley plotted allreduces per second, so his samples each timed ' +
          'many: the validation report takes blocks of about 25 ms of allreduces as its samples, ' +
          'which average the short events out and give lower ratios (docs/validation.md, target ' +
          '16, where the 8-byte average falls short of “much worse”).',
        references: ['004_cb4c2116e2ea8546.txt (allreduce jitter slides)'],
        machine: { name: 'Cray XT4 Franklin (NERSC)', ...machine },
        job: { ...job, nodes: 512 },
        workload: () => ({
          ...allreduceWorkload(0, large ? 100 : 400, 20),
          hopUs,
        }),
      };
    }),
  ];
}

/** The scenario a derivation gives (not validated here: the caller validates). */
export function derive(d: Derivation): Scenario {
  const parent = loadPreset(d.parent);
  const s = structuredClone(parent);
  s.title = d.title;
  s.description =
    `${d.about} ${d.machine ? 'Noise' : 'Machine and noise'}: scenarios/${d.parent}.json ` +
    `("${parent.title}"), whose sources carry their provenance.`;
  s.references = [...parent.references, ...d.references];
  if (d.machine) {
    s.machine = { ...s.machine, ...d.machine };
    const cores = s.machine.coresPerNode;
    s.noise = s.noise.filter((n) => n.cpu === 'any' || n.cpu < cores);
  }
  s.job = { ...s.job, ...d.job };
  s.workload = d.workload(s);
  return s;
}
