// The benchmark's scenarios: full-machine runs of the three
// machines, built in code so the benchmark does not depend on the presets.
// The noise of ASCI Q follows the published sources (000 = Petrini et al.,
// SC'03); where a period or rate is unpublished the value here is a stand-in
// of the right order, marked as such: the calibrated presets live in
// scenarios/ and are validated against the papers separately.
import { loadPreset } from '../src/validation/presets.ts';
import type { NoiseSource, Scenario } from '../src/scenario/types.ts';

function machineScenario(
  title: string,
  nodes: number,
  cores: number,
  clusterSize: number,
  collective: Scenario['machine']['collective'],
  granularityUs: number,
  iterations: number,
  noise: NoiseSource[],
): Scenario {
  return {
    format: 'noiselab-scenario',
    version: 2,
    title,
    description: '',
    references: [],
    seed: 1,
    machine: {
      name: title,
      nodes,
      coresPerNode: cores,
      clusterSize,
      collective,
      tree: { fanout: 2, hopUs: 5 },
    },
    job: {
      nodes,
      ranksPerNode: cores,
      reservedCores: [],
      excludeOffsets: [],
      waitMode: 'poll',
      wakeupUs: 0,
    },
    workload: { kind: 'barrier', granularityUs, iterations, warmup: 0 },
    noise,
  };
}

function src(
  id: string,
  category: string,
  periodUs: number,
  duration: NoiseSource['duration'],
  placement: NoiseSource['placement'] = { kind: 'all' },
  extra: Partial<NoiseSource> = {},
): NoiseSource {
  return {
    id,
    label: id,
    category,
    enabled: true,
    periodUs,
    arrival: 'periodic',
    phase: 'random',
    phaseOffsetUs: 0,
    duration,
    placement,
    cpu: 'any',
    provenance: {},
    ...extra,
  };
}

const fixed = (valueUs: number) => ({ dist: 'fixed' as const, valueUs });

/**
 * ASCI Q before noise removal: the sources whose duration and period are
 * both published (000 Section 3.2 and Section 4).
 */
export function asciQPublishedNoise(): NoiseSource[] {
  return [
    src('heartbeat-125ms', 'kernel', 125_000, fixed(640)), // 000 §4: 640 µs every 125 ms
    src('heartbeat-600ms', 'kernel', 600_000, fixed(350)), // 000 §4: 350 µs every 600 ms
    src('rms-15ms', 'rms', 30_000_000, fixed(15_000)), // 000 §3.2: RMS daemons every 30 s
    src('rms-18ms', 'rms', 30_000_000, fixed(18_000)),
    // Quorum node, offset 1: 335 ms every 60 s (000 §3.2).
    src('quorum', 'trucluster', 60_000_000, fixed(335_000), {
      kind: 'clusterOffsets',
      offsets: [1],
    }),
    // RMS cluster monitor, offset 31: ~7 ms every second (000 §3.2; 002 slide 72).
    src(
      'rms-monitor',
      'rms',
      1_000_000,
      { dist: 'uniform', minUs: 6000, maxUs: 8000 },
      { kind: 'clusterOffsets', offsets: [31] },
    ),
  ];
}

/**
 * The published sources plus stand-ins of the right order for those whose
 * rate the paper does not give: Table 2's kernel activity (0–3 ms, frequent,
 * on every node), the cluster manager's activities on offset 0 (up to
 * 200 ms) and the ten-odd daemons removed in January 2003 (000 §4).
 */
export function asciQNoise(): NoiseSource[] {
  return [
    ...asciQPublishedNoise(),
    src(
      'kernel',
      'kernel',
      10_000,
      { dist: 'exponential', meanUs: 100 },
      { kind: 'all' },
      { arrival: 'poisson' },
    ),
    src('cm-a', 'trucluster', 10_000_000, fixed(50_000), { kind: 'clusterOffsets', offsets: [0] }),
    src('cm-b', 'trucluster', 60_000_000, fixed(200_000), { kind: 'clusterOffsets', offsets: [0] }),
    src(
      'daemons',
      'daemon',
      1_000_000,
      { dist: 'exponential', meanUs: 1000 },
      { kind: 'all' },
      { arrival: 'poisson' },
    ),
  ];
}

const quadrics = { kind: 'hardware' as const, baseUs: 4, perLevelUs: 0.5 };
const seastar = { kind: 'software' as const, baseUs: 5, perLevelUs: 1.5 };
const bgpBarrier = { kind: 'hardware' as const, baseUs: 1.3, perLevelUs: 0.05 };

/** ASCI Q at 12 node counts (1 … 2,048) × g ∈ {0, 1, 5 ms}: 36 points of 1,000 iterations. */
function asciQSweepScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const g of [0, 1000, 5000]) {
    for (let n = 1; n <= 2048; n *= 2) {
      const s = machineScenario(
        `ASCI Q n=${n} g=${g}`,
        2048,
        4,
        32,
        quadrics,
        g,
        1000,
        asciQNoise(),
      );
      s.job.nodes = n;
      out.push(s);
    }
  }
  return out;
}

/** The app's full-machine view (the page's 2 s budget): the Jaguar RN preset as shipped, every node. */
function jaguarRnWhole(iterations?: number): Scenario {
  const s = loadPreset('jaguar-xt5-rn');
  s.job.nodes = s.machine.nodes;
  if (iterations !== undefined) s.workload.iterations = iterations;
  return s;
}

/** Every rank of Jaguar XT5 hit by a fixed 25 µs tick at 1 kHz, g = 1 ms. */
function jaguarDense(): Scenario {
  return machineScenario(
    'Jaguar XT5 dense',
    18_688,
    8,
    18_688,
    seastar,
    1000,
    1000,
    [0, 1, 2, 3, 4, 5, 6, 7].map((c) =>
      src(`timer-core${c}`, 'kernel', 1000, fixed(25), { kind: 'all' }, { cpu: c }),
    ),
  );
}

export interface BenchCase {
  name: string;
  /** what the row stands for, in the table */
  about: string;
  scenarios: () => Scenario[];
  /** sparse full-machine runs have a 300 ms target */
  target?: 'sparse' | 'dense' | 'sweep' | 'view' | 'floor';
  /** visit every rank (BarrierRunOptions.exact): the per-rank path, for comparison */
  exact?: boolean;
  reps: number;
  /** run the scenarios as a sweep on this many worker threads (the CLI's runPoints), timing
   * the whole parallel sweep, worker start-up included; absent: one after the other, here */
  threads?: number;
  /** run each scenario split by nodes over this many threads (split-run.ts, as the page's
   * engine worker splits a whole machine), worker start-up included */
  parts?: number;
}

export const CASES: BenchCase[] = [
  {
    name: 'asci-q',
    about: 'ASCI Q 2,048 × 4, published sources, g = 1 ms, 10,000 iterations',
    scenarios: () => [
      machineScenario('ASCI Q', 2048, 4, 32, quadrics, 1000, 10_000, asciQPublishedNoise()),
    ],
    target: 'sparse',
    reps: 5,
  },
  {
    name: 'asci-q-full',
    about:
      'ASCI Q 2,048 × 4, published sources + stand-ins for unpublished rates (kernel 100 Hz), g = 1 ms, 10,000 iterations',
    scenarios: () => [
      machineScenario('ASCI Q full', 2048, 4, 32, quadrics, 1000, 10_000, asciQNoise()),
    ],
    reps: 3,
  },
  {
    name: 'jaguar-dense',
    about:
      'Jaguar XT5 18,688 × 8, dense: every rank 25 µs at 1 kHz, g = 1 ms, 1,000 iterations (ranks counted: src/engine/bulk-lanes.ts)',
    scenarios: () => [jaguarDense()],
    target: 'dense',
    reps: 3,
  },
  {
    name: 'jaguar-dense-exact',
    about: 'the same, every rank visited (--exact: the per-rank path, bits of every path)',
    scenarios: () => [jaguarDense()],
    reps: 3,
    exact: true,
  },
  {
    name: 'jaguar-sparse',
    about: 'Jaguar XT5 18,688 × 8, sparse daemons only, g = 1 ms, 1,000 iterations',
    scenarios: () => [
      machineScenario('Jaguar XT5 sparse', 18_688, 8, 18_688, seastar, 1000, 1000, [
        // The Jaguar paper (003 §3) lists the sources but no rates: stand-ins.
        src('alps', 'daemon', 10_000_000, fixed(2000)),
        src('rca-heartbeat', 'daemon', 1_000_000, fixed(100)),
        src('ntp', 'daemon', 64_000_000, fixed(500)),
        src(
          'lustre',
          'kernel',
          5_000_000,
          { dist: 'exponential', meanUs: 300 },
          { kind: 'all' },
          { arrival: 'poisson' },
        ),
      ]),
    ],
    target: 'sparse',
    reps: 5,
  },
  {
    name: 'jaguar-rn-1000',
    about:
      'Jaguar XT5 RN preset on the whole machine, 18,688 × 7, 1,000 iterations, one thread (ranks counted)',
    scenarios: () => [jaguarRnWhole(1000)],
    target: 'floor',
    reps: 3,
  },
  {
    name: 'jaguar-rn-1000-exact',
    about: 'the same, every rank visited (--exact)',
    scenarios: () => [jaguarRnWhole(1000)],
    reps: 3,
    exact: true,
  },
  {
    name: 'jaguar-rn-full',
    about:
      'Jaguar XT5 RN preset (scenarios/jaguar-xt5-rn.json) on the whole machine: 18,688 × 7, 250 Hz tick on every core + core-0 services + "any" sources, g = 1 ms, 2,000 iterations',
    scenarios: () => [jaguarRnWhole()],
    target: 'view',
    reps: 3,
  },
  {
    name: 'jaguar-rn-full-2',
    about:
      'the same with every rank visited (--exact), split by nodes over 2 threads (src/engine/partitioned-run.ts; this machine has 2 cores), part workers started and built in the time',
    scenarios: () => [jaguarRnWhole()],
    target: 'view',
    reps: 3,
    parts: 2,
    exact: true,
  },
  {
    name: 'split-exchange',
    about:
      "a split run's exchange: Jaguar XT5 RN on 16 nodes, 4,000 iterations, every rank visited (--exact: a counted run this small stays on one thread), over 2 threads (about 20 µs of work per iteration on one thread: the rest is the per-iteration round trip and the start of the part worker)",
    scenarios: () => {
      const s = loadPreset('jaguar-xt5-rn');
      s.job.nodes = 16;
      s.workload.iterations = 4000;
      return [s];
    },
    reps: 3,
    parts: 2,
    exact: true,
  },
  {
    name: 'jaguar-stock',
    about:
      'Jaguar XT5 stock preset (scenarios/jaguar-xt5-stock.json) at its default size, 4,096 × 8, 400 iterations, one thread: a timer tick and a work queue on every core and cpu "any" sources, so every node is visited the general way (row heaps)',
    scenarios: () => {
      const s = loadPreset('jaguar-xt5-stock');
      s.workload.iterations = 400;
      return [s];
    },
    reps: 3,
  },
  {
    name: 'bgp',
    about: 'BG/P Intrepid 40,960 × 4, CNK, g = 1 ms, 1,000 iterations',
    scenarios: () => [
      machineScenario('BG/P', 40_960, 4, 40_960, bgpBarrier, 1000, 1000, [
        // CNK "stays out of the way" (003 §4): one tiny timer tick (stand-in).
        src('cnk-tick', 'kernel', 100_000, fixed(2)),
      ]),
    ],
    target: 'sparse',
    reps: 5,
  },
  {
    name: 'asci-q-sweep',
    about: 'ASCI Q sweep: 12 node counts (1 … 2,048) × g ∈ {0, 1, 5 ms}, 1,000 iterations each',
    scenarios: asciQSweepScenarios,
    target: 'sweep',
    reps: 3,
  },
  {
    name: 'asci-q-sweep-2',
    about:
      'ASCI Q sweep: 12 node counts (1 … 2,048) × g ∈ {0, 1, 5 ms}, 1,000 iterations each, on 2 worker threads',
    scenarios: asciQSweepScenarios,
    target: 'sweep',
    reps: 3,
    threads: 2,
  },
  {
    name: 'sage-asci-q',
    about:
      'SAGE on ASCI Q 2002 (scenarios/sage-asci-q-2002.json): 4,096 PEs, 12 cycles of 24 tree allreduces (event queue)',
    scenarios: () => [loadPreset('sage-asci-q-2002')],
    reps: 3,
  },
  {
    name: 'mpi-fwq-jaguar',
    about:
      'MPI-FWQ on Jaguar XT5 stock (scenarios/mpi-fwq-jaguar-xt5-stock.json): 49,152 ranks, 60 iterations (event queue)',
    scenarios: () => [loadPreset('mpi-fwq-jaguar-xt5-stock')],
    reps: 3,
  },
];
