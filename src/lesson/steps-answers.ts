// Steps 10–13: the answers to ASCI Q's noise (co-scheduling, Jaguar XT5's Reduced Noise kernel,
// Blue Gene/P's compute node kernel) and open questions.
import { fail, measured, pct, time, times, variation } from './figures.ts';
import type { LessonStep } from './types.ts';

/** Jaguar runs: 1,024 nodes × 400 iterations keeps the stock kernel near 1 s in a browser. */
const JAGUAR_SIZE = [
  { kind: 'set', path: 'job.nodes', value: 1024 },
  { kind: 'set', path: 'workload.iterations', value: 400 },
] as const;

/** The stock side of 003 Table 2 (Shark): POP on the same 1,024 nodes, all 8 cores, none kept
 * for the OS (-N 8). The RN side is the preset pop-jaguar-xt5-rn (-N 7 -cc 1-7). */
const POP_STOCK_ON_8 = [
  { kind: 'set', path: 'job.nodes', value: 1024 },
  { kind: 'set', path: 'job.ranksPerNode', value: 8 },
  { kind: 'set', path: 'job.reservedCores', value: [] },
] as const;

/** Latency against nodes on a log scale (1 to 40,960 nodes, 9 points): three shapes to choose. */
const LATENCY_AXES = 'barrier latency (up) against nodes, 1 to 40,960 on a log scale (across)';
const CURVES = {
  /** ASCI Q-like: the chance that some node is late grows with the nodes */
  steep: [0.02, 0.03, 0.05, 0.09, 0.16, 0.28, 0.45, 0.68, 0.95],
  flat: [0.2, 0.2, 0.21, 0.21, 0.22, 0.22, 0.22, 0.23, 0.23],
  /** a straight line on a log axis */
  log: [0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85],
};

export const coScheduling: LessonStep = {
  id: 'co-scheduling',
  number: 10,
  title: 'Co-scheduling: align the noise across nodes and pay once',
  intro:
    'Suppose the periodic noise could not be removed, but could be made to run at the same moment on every node. The simulator runs ASCI Q 2002 (1 ms barrier loop, 1,024 nodes) as shipped, its noise unaligned (shown), and with every periodic source aligned (the comparison run); after Reveal the timeline draws the two one above the other.',
  view: 'timeline',
  revealAligned: true,
  // Shown as shipped (random phases), so that the reveal's timeline draws it above the same
  // noise co-scheduled, as its labels say; the aligned run is the comparison.
  state: {
    preset: 'asci-q-2002',
    edits: [{ kind: 'set', path: 'workload.iterations', value: 1000 }],
  },
  compare: {
    label: 'noise aligned',
    state: {
      preset: 'asci-q-2002',
      edits: [
        { kind: 'set', path: 'workload.iterations', value: 1000 },
        { kind: 'sources', arrival: 'periodic', phase: 'aligned' },
      ],
    },
  },
  runNote:
    'Barrier loop, 1,024 nodes × 4, g = 1 ms, 1,000 iterations, as shipped and aligned: about 1 s each. Poisson sources cannot be aligned and stay random.',
  question: {
    kind: 'choice',
    prompt: 'With the same noise aligned across all 1,024 nodes, the barrier latency will…',
    options: [
      { id: 'a', label: 'stay the same: it is the same amount of noise' },
      { id: 'b', label: 'drop to about what a single node pays' },
      { id: 'c', label: 'get worse: every node stops at once' },
    ],
    answer: 'b',
  },
  published: {
    value: 'pay the noise once, whatever the machine size',
    detail:
      'Co-scheduled activities cost the penalty only once, irrespective of machine size; uncoordinated noise has been shown to slow tightly coupled kernels by up to 800% (Burger et al.).',
    cite: '000 sec 3.3, Fig 14(b); 000 sec 7',
  },
  simulate: ({ run, compare }) => {
    const random = measured(run, 'shown');
    const aligned = measured(compare, 'comparison');
    if (!random.ok) return fail(random.reason);
    if (!aligned.ok) return fail(aligned.reason);
    const a = compare!.summary.meanLatencyUs;
    const r = run.summary.meanLatencyUs;
    return {
      ok: true,
      value: `${time(a)} aligned vs ${time(r)} unaligned`,
      detail: `mean barrier latency, ${times(r / a, 1)} lower when the periodic noise is aligned; slowdown ${times(compare!.summary.slowdown ?? NaN, 2)} against ${times(run.summary.slowdown ?? NaN, 2)}`,
    };
  },
  explanation:
    'When the noise of different nodes falls at different times, a barrier pays for the worst node of each iteration; when every node is interrupted at the same moment, all processes are late together and the barrier pays one interruption, however many nodes there are (000 sec 3.3, Fig 14(b)). The paper proposes co-scheduling system activities when they cannot be removed; Mraz obtained much of it on the IBM SP1 by synchronising the nodes’ clocks (000 sec 7). In the simulation what remains is the noise that cannot be aligned (the random kernel activity) and what one node pays.',
};

export const jaguar: LessonStep = {
  id: 'jaguar-xt5',
  number: 11,
  title: 'Jaguar XT5: give up a core to gain speed, and the core-1 surprise',
  intro:
    'Jaguar XT5 (2009) has 8 cores per node. Its Reduced Noise kernel pins the operating system’s services to core 0, and the application runs on cores 1–7. The simulator runs the ocean model POP, as Oral et al. did on Cray’s Shark, on 1,024 nodes: with the RN kernel on 7 cores per node (shown) and with the stock kernel on all 8 (the comparison run), the same work each time.',
  view: 'iterations',
  revealView: 'iterations',
  state: { preset: 'pop-jaguar-xt5-rn', edits: [] },
  compare: {
    label: 'stock kernel, 8 cores per node',
    state: { preset: 'pop-jaguar-xt5-stock', edits: POP_STOCK_ON_8 },
  },
  runNote:
    'POP on 1,024 nodes, 12 steps (the first 2 not measured) on each kernel: a few seconds each.',
  question: {
    kind: 'numeric',
    prompt:
      'Giving one core of eight to the OS: how much less time (%) does POP take for the same steps?',
    unit: '%',
    min: -30,
    max: 90,
    step: 1,
    initial: 0,
    answer: 24,
  },
  published: {
    value: '24% less time (POP: 499 → 379 s)',
    detail:
      'POP on 1,024 nodes of Cray’s Shark, an XT5 like Jaguar: stock kernel on 8 cores (8,192 processes) 499 s; RN kernel on 7 cores (7,168) 379.03 s for 2,000 steps. On Jaguar at 24,576 processes (6 cores per node) RN took 94.58 s against 137.94 s.',
    cite: '003 Table 2; 003 Table 1',
  },
  simulate: ({ run, compare }) => {
    const rn = measured(run, 'shown');
    const stock = measured(compare, 'stock-kernel');
    if (!rn.ok) return fail(rn.reason);
    if (!stock.ok) return fail(stock.reason);
    // POP's work is fixed (003 Table 2): 7 ranks per node each do 8/7 as much, so the step
    // times compare as they are.
    const rnStep = rn.value.summary.meanIterationUs;
    const stockStep = stock.value.summary.meanIterationUs;
    return {
      ok: true,
      value: `${pct(1 - rnStep / stockStep)} less time`,
      detail: `a POP step takes ${time(stockStep)} on 8 cores per node with the stock kernel and ${time(rnStep)} on 7 with the RN kernel, the same work (Jaguar’s POP of 003 Table 1, on Shark’s 1,024 nodes; Shark’s own mesh is larger and not modelled)`,
    };
  },
  explanation:
    'Oral et al. pinned Jaguar’s OS services and interrupts to core 0 and ran applications on the other cores (003 sec 3). On Cray’s Shark, an XT5 like Jaguar, POP on 1,024 nodes took 24% less time on 7 cores per node with the RN kernel than on all 8 with the stock kernel (003 Table 2), and on Jaguar at 24,576 processes the RN kernel cut POP’s time by 31% (003 Table 1). The seven cores do more work each, yet POP gains: on the stock kernel every core’s ticks and daemons stop some process at each of POP’s allreduces, and all the others wait. A loop with less work between its barriers gains far more: compare the presets “Jaguar XT5, Reduced Noise kernel” and “Jaguar XT5, stock kernel” (1 ms between barriers). On the stock kernel alone, reserving core 0 helps little: its noise runs on every core, not only core 0. The prototype RN kernel had a surprise: some interrupts were pinned to core 1 by mistake, so cores 0 and 1 had FWQ kurtosis four orders of magnitude above cores 2–7 (003 sec 4); hence the runs on cores 2–7. Try it: choose “Jaguar XT5, prototype RN kernel”, set 7 ranks per node and reserve only core 0: core 1’s interrupts now stop a rank, and the slowdown climbs well above the RN kernel’s. (The simulator’s FWQ of that kernel puts cores 0 and 1 far above cores 2–7, but not four orders of magnitude: a kurtosis of 2,000 samples cannot exceed about 2,000; the validation report, fwq-kurtosis-prototype, says more.)',
};

export const bgp: LessonStep = {
  id: 'bgp',
  number: 12,
  title: 'Blue Gene/P: a lightweight kernel on 40,960 nodes',
  intro:
    'Blue Gene/P’s compute node kernel boots, starts the application and then stays out of the way; a global barrier network synchronises the nodes in hardware. The simulator runs the 1 ms barrier loop on Intrepid’s 40,960 nodes (shown) and on 1 node (the comparison run).',
  view: 'timeline',
  revealView: 'latency',
  // ASCI Q's range (1 µs to 100 ms): fitted to BG/P's 2 µs, the flat curve would fill the axis
  latencyAxisUs: [1, 100_000],
  state: {
    preset: 'bgp-intrepid',
    edits: [{ kind: 'set', path: 'workload.iterations', value: 200 }],
  },
  compare: {
    label: '1 node',
    state: {
      preset: 'bgp-intrepid',
      edits: [
        { kind: 'set', path: 'job.nodes', value: 1 },
        { kind: 'set', path: 'workload.iterations', value: 200 },
      ],
    },
  },
  runNote: 'Barrier loop, 40,960 nodes × 4 (163,840 ranks), 200 iterations: about 2 s.',
  question: {
    kind: 'choice',
    prompt: 'From 1 node to 40,960 nodes, how does BG/P’s barrier latency change?',
    options: [
      {
        id: 'a',
        label: 'It grows many times, as on ASCI Q',
        curve: CURVES.steep,
        axes: LATENCY_AXES,
      },
      { id: 'b', label: 'It stays nearly flat', curve: CURVES.flat, axes: LATENCY_AXES },
      {
        id: 'c',
        label: 'It grows with log₂ of the nodes, as a software tree would',
        curve: CURVES.log,
        axes: LATENCY_AXES,
      },
    ],
    answer: 'b',
  },
  published: {
    value: 'flat; FWQ kurtosis 6.76',
    detail:
      'BG/P is very quiet: all cores show a uniform noise pattern, FWQ kurtosis 6.76 against 595.98 for the stock XT5 kernel and 4.27 for Reduced Noise.',
    cite: '003 sec 4, Fig 1; 002 slides 24–26',
  },
  simulate: ({ run, compare }) => {
    const big = measured(run, 'shown');
    const one = measured(compare, '1-node');
    if (!big.ok) return fail(big.reason);
    if (!one.ok) return fail(one.reason);
    return {
      ok: true,
      value: `${time(compare!.summary.meanLatencyUs)} → ${time(run.summary.meanLatencyUs)}`,
      detail: `mean barrier latency on 1 node and on the run shown; slowdown ${times(run.summary.slowdown ?? NaN, 3)}`,
    };
  },
  explanation:
    'Blue Gene’s designers took the opposite road from ASCI Q: a lightweight compute node kernel with no daemons, whose only job is to “boot, start the app and then stay out of the way” (002 slides 24–26), and a barrier network in hardware. Oral et al. measured BG/P with FWQ: very quiet, the same uniform pattern on every core, kurtosis 6.76 (003 sec 4, Fig 1). With nothing to amplify, a barrier across 163,840 ranks costs about what it costs on one node. In the simulator it still grows by a microsecond or two from 1 node to 40,960 (the hardware network’s levels and the rare event of one node among many): on the axis of ASCI Q’s latencies, which grow from microseconds to tens of milliseconds, that is flat; a software tree would add a hop of microseconds at each of 16 levels.',
};

export const openQuestions: LessonStep = {
  id: 'open-questions',
  number: 13,
  title: 'Open questions: variability that is not OS noise',
  intro:
    'Worley’s slides (004) compare two very similar Cray XT systems, the XT3 “jaguarcnl” at ORNL and the XT4 Franklin at NERSC: Franklin showed performance variability that jaguarcnl did not. The simulator shows Jaguar XT5 with the Reduced Noise kernel; the reveal gives the variability of its iteration times.',
  view: 'iterations',
  state: { preset: 'jaguar-xt5-rn', edits: JAGUAR_SIZE },
  runNote: 'Barrier loop, 1,024 nodes, g = 1 ms, 400 iterations: under 1 s.',
  question: {
    kind: 'choice',
    prompt:
      'Franklin’s variability did not look like OS jitter. What is the likeliest other cause?',
    options: [
      { id: 'a', label: 'OS noise after all, only better hidden' },
      { id: 'b', label: 'Other users’ jobs sharing the machine and its network' },
      { id: 'c', label: 'Faulty processors' },
    ],
    answer: 'b',
  },
  published: {
    value: 'not OS jitter: interference from other users?',
    detail:
      'Variability seen on Franklin and not on jaguarcnl; its signature does not look like OS jitter, and interference from other users had been seen on the ORNL system. Run-to-run variability differs widely between machines: NPB LU on 128 processors, coefficient of variation 15.58% on a Cray T3E, 4.58% on an IBM SP.',
    cite: '004 summary slides; 001 Table 2',
  },
  simulate: ({ run }) => {
    const r = measured(run, 'shown');
    if (!r.ok) return fail(r.reason);
    return {
      ok: true,
      value: `CoV ${pct(variation(run), 2)}`,
      detail: `coefficient of variation of ${run.iterationsUs.length.toLocaleString('en-US')} iteration times (mean ${time(run.summary.meanIterationUs)}) on a machine whose OS services are confined to one core (each application core keeps only its own timer tick, what the headline’s “costs most” names): noise that quiet cannot make the percents of 001 Table 2 or Franklin’s spread, which is the point; the simulator models only OS noise`,
    };
  },
  explanation:
    'NoiseLab simulates one cause of variability: operating-system noise. Real machines have others. Worley (004) found variability on Franklin that did not appear on the very similar jaguarcnl, with a signature unlike OS jitter, and conjectured that other users were impacting the benchmarks; Kramer and Ryan (001 Table 2) measured coefficients of variation from under 1% to over 15% for the same benchmarks on different machines. Questions for discussion: what would network contention look like in the iteration times? Which of the lesson’s findings would still hold for it? How would you tell the two apart on a real machine?',
};
