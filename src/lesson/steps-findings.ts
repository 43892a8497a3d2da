// Steps 5–8: the findings of the ASCI Q paper (000 sec 3.2–5): where the noise is, why a barrier
// amplifies it, which noise matters, and the fix of January 2003. Step 9: steps-resonance.ts.
import {
  attributionOf,
  delayedFraction,
  fail,
  mcells,
  measured,
  offsetsByDelay,
  pct,
  time,
  times,
  treeOf,
} from './figures.ts';
import { levelOf } from './sketch.ts';
import { standingOut, standOutMedian, STANDS_OUT_OVER_MEDIAN } from '../engine/attribution.ts';
import type { Axis, LessonStep } from './types.ts';

/** The sources of the special nodes of each cluster: 0 (cluster manager), 1 (quorum), 31 (RMS). */
const NODES_0_1_31 = [
  'cluster-manager-1',
  'cluster-manager-2',
  'cluster-manager-3',
  'cluster-manager-4',
  'quorum-node',
  'rms-cluster-monitor',
] as const;

/** Step 6's chart: 1 to 1,024 nodes, doubling. */
const NODE_COUNTS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024] as const;
const NODES_AXIS: Axis = { label: 'nodes', unit: ' nodes', min: 1, max: 1024, log: true };
/** Step 6's comparison run: one node, whose delayed share is p itself. */
const ONE_NODE = 1;
const DELAYED_AXIS: Axis = { label: 'barriers delayed', unit: '%', min: 0, max: 100 };

export const perNode: LessonStep = {
  id: 'per-node',
  number: 5,
  title: 'Finding #1: look per node, not per processor',
  intro:
    'ASCI Q is built of clusters of 32 nodes. The simulator runs the 1 ms barrier loop on 1,024 nodes (32 clusters); the node map folds every node’s lost time onto its position in its cluster.',
  view: 'timeline',
  revealView: 'node-map',
  state: { preset: 'asci-q-2002', edits: [] },
  runNote: 'Barrier loop, 1,024 nodes × 4, g = 1 ms, 2,000 iterations: about 2 s.',
  question: {
    kind: 'choice',
    prompt: 'Which nodes of each 32-node cluster delay the barrier the most?',
    options: [
      { id: 'a', label: 'All 32 nodes alike' },
      { id: 'b', label: 'Nodes 0, 1 and 31 of each cluster' },
      { id: 'c', label: 'The nodes in the middle, around node 15' },
      { id: 'd', label: 'No pattern: different random nodes' },
    ],
    answer: 'b',
  },
  published: {
    value: 'nodes 0, 1 and 31',
    detail:
      'Node 0 runs the cluster manager, node 1 the quorum daemon, node 31 the RMS cluster monitor; the other nodes show the same, lighter noise.',
    cite: '000 sec 3.2, Figs 11–13',
  },
  simulate: ({ scenario, run }) => {
    const a = attributionOf(run, 'shown');
    if (!a.ok) return fail(a.reason);
    const size = scenario.machine.clusterSize;
    const ranked = offsetsByDelay(a.value, size);
    const total = ranked.reduce((sum, o) => sum + o.delayUs, 0);
    const top = ranked.slice(0, 3);
    // The map beside marks only positions that stand out from the rest: say which of these do.
    const means = new Array<number>(size).fill(0);
    for (const o of ranked) means[o.offset] = o.meanUs;
    const marked = new Set(standingOut(means, 3));
    const median = standOutMedian(means);
    const unmarked = top.filter((o) => !marked.has(o.offset));
    const unmarkedText = unmarked
      .map((o) => `node ${o.offset}${median > 0 ? ` at ${times(o.meanUs / median, 1)}` : ''}`)
      .join(' and ');
    const byOrder = (x: number, y: number) => x - y;
    const list = (offsets: number[]) => offsets.sort(byOrder).join(', ');
    const topOffsets = top.map((o) => o.offset);
    // The headline names what the map beside it marks, then the rest of the three: a position
    // named there and not marked on the map read as a contradiction on a projector.
    const markedTop = topOffsets.filter((o) => marked.has(o));
    const value =
      unmarked.length === 0
        ? `nodes ${list(topOffsets)}`
        : markedTop.length > 0
          ? `nodes ${list(markedTop)}, then ${list(unmarked.map((o) => o.offset))}`
          : `no position stands out; most: ${list(topOffsets)}`;
    return {
      ok: true,
      value,
      detail:
        `the three cluster positions with the most delay, ${pct(top.reduce((s, o) => s + o.delayUs, 0) / total)} of the delay of all ${size} positions (${a.value.nodeIds.length.toLocaleString('en-US')} nodes folded)` +
        (unmarked.length > 0
          ? `; the map marks only those over ${times(STANDS_OUT_OVER_MEDIAN, 2)} the median position’s delay${marked.size > 0 ? ` (${[...marked].sort(byOrder).join(', ')})` : ''}, and ${unmarkedText} ${unmarked.length > 1 ? 'are' : 'is'} not among them`
          : ''),
    };
  },
  explanation:
    'Looking per node rather than per processor, and folding the 1,024 nodes onto their position in a 32-node cluster, the paper found that nodes 0, 1 and 31 of every cluster are far noisier than the rest (000 sec 3.2, Figs 11–12): node 0 runs the TruCluster cluster manager (up to 200 ms), node 1 the quorum daemon (335 ms every minute), node 31 the RMS cluster monitor (about 7 ms every second). Every other node shows the same fine-grained kernel noise, heartbeats of 640 µs every 125 ms (000 sec 4). Averaged over processors, these few nodes disappear; per node, they stand out. The simulated map shows them less starkly than the paper’s figures, which measured each node’s own noise with a fixed work quantum: the delay of a barrier is caused by every node’s frequent kernel noise as well, so the three positions hold a share above their 3 in 32 (9.4%), not most of it (the detail above gives the share); their bars, each the mean of a column, stand out more than single cells.',
};

export const barrierAmplifies: LessonStep = {
  id: 'barrier-amplifies',
  number: 6,
  title: 'Why a barrier amplifies noise',
  intro:
    'On one node, 10% of 1 ms work quanta are delayed by noise (002 slide 69). With a barrier, every process waits for the slowest: one delayed process delays everyone. After Reveal the stage shows the barrier’s latency against the number of nodes, and its Timeline tab shows it happen on 1,024 nodes: every process waiting at the barrier for the one the noise held up.',
  view: 'timeline',
  revealView: 'latency',
  state: {
    preset: 'asci-q-2002',
    edits: [{ kind: 'set', path: 'workload.iterations', value: 1000 }],
  },
  compare: {
    label: '1 node',
    state: {
      preset: 'asci-q-2002',
      edits: [
        { kind: 'set', path: 'job.nodes', value: ONE_NODE },
        { kind: 'set', path: 'workload.iterations', value: 1000 },
      ],
    },
  },
  runNote:
    'Barrier loop, 1,024 nodes × 4 and 1 node × 4, g = 1 ms, 1,000 iterations: about 1 s. The curve between is the model 1 − (1 − p)ᴺ, not a run per node count.',
  question: {
    kind: 'sketch',
    prompt:
      'If 10% of the 1 ms quanta are delayed on each node, sketch the percentage of barrier iterations delayed as the job grows from 1 to 1,024 nodes.',
    x: NODES_AXIS,
    y: DELAYED_AXIS,
    xs: NODE_COUNTS,
    initial: levelOf(DELAYED_AXIS, 10),
    // the paper's argument: each node escapes with probability 0.9, all N with 0.9^N
    answer: NODE_COUNTS.map((n) => levelOf(DELAYED_AXIS, 100 * (1 - 0.9 ** n))),
    curve: ({ scenario, run, compare }) => {
      const big = measured(run, 'shown');
      const small = measured(compare, '1-node');
      if (!big.ok) return { ok: false, reason: big.reason };
      if (!small.ok) return { ok: false, reason: small.reason };
      const g = 'granularityUs' in scenario.workload ? scenario.workload.granularityUs : 0;
      const atBig = delayedFraction(run, g, 10);
      const atSmall = delayedFraction(compare!, g, 10);
      // p per node from the 1-node run (1 − (1 − P₁)^(1/1) = P₁); a run with every barrier late
      // only bounds p, so P is capped half an iteration short of 1
      const capped = Math.min(atSmall, 1 - 0.5 / compare!.iterationsUs.length);
      const p = 1 - (1 - capped) ** (1 / ONE_NODE);
      return {
        ok: true,
        ys: NODE_COUNTS.map((n) => 100 * (1 - (1 - p) ** n)),
        runs: [
          { x: ONE_NODE, y: 100 * atSmall },
          { x: scenario.job.nodes, y: 100 * atBig },
        ],
        label: `model 1 − (1 − p)ᴺ, p = ${pct(p, 1)} from the 1-node run`,
        note: `Curve: the model 1 − (1 − p)ᴺ with p = ${pct(p, 1)}, the share of barriers delayed (by more than 10 µs) in the 1-node run; dots: the two runs, 1 and ${scenario.job.nodes.toLocaleString('en-US')} nodes.${
          Math.abs(p - 0.1) > 0.02
            ? ` The simulated node is delayed ${p > 0.1 ? 'more' : 'less'} often than the paper’s 10%: any delay over 10 µs counts here (the paper’s threshold is not given), so the curve rises ${p > 0.1 ? 'sooner' : 'later'} than the paper’s argument, which with 10% gives 97% at 32 nodes.`
            : ''
        }`,
      };
    },
    published: [
      { x: 1, y: 10 },
      { x: 1024, y: 100 },
    ],
  },
  published: {
    value: '10% per node → about 100%',
    detail:
      '10% of quanta delayed on each of nodes 2–30; if nodes are independent, 1 − 0.9¹⁰²⁴ of the barriers, practically all, wait for someone.',
    cite: '002 slide 69; 000 sec 3.3',
  },
  simulate: ({ scenario, run }) => {
    const r = measured(run, 'shown');
    if (!r.ok) return fail(r.reason);
    const g = 'granularityUs' in scenario.workload ? scenario.workload.granularityUs : 0;
    // "Delayed": more than 10 µs (1% of a 1 ms quantum) past the noiseless g + L.
    const late = delayedFraction(run, g, 10);
    return {
      ok: true,
      value: `${pct(late, 1)} delayed`,
      detail: `of ${run.iterationsUs.length.toLocaleString('en-US')} iterations on ${scenario.job.nodes.toLocaleString('en-US')} nodes, more than 10 µs past g + L; mean barrier latency ${time(run.summary.meanLatencyUs)}`,
    };
  },
  explanation:
    'A barrier ends when the last process arrives, so an iteration is delayed when any one of the n·P processes is (000 sec 3.3, Fig 14(a)). If each node is delayed with probability p per quantum, all n escape with probability (1 − p)ⁿ: with p = 0.1, already 32 nodes are delayed 97% of the time and 1,024 nodes essentially always. The curve drawn over your sketch is this model with p measured by the simulator on one node (there, delays of more than 10 µs count, so p comes out above 10%). Try fewer nodes in the Machine & job controls and watch the timeline: at 2 nodes about half the barriers are on time; at 1,024 none is. Noise that costs each processor 2.5% costs the synchronised program far more.',
};

export const finding2: LessonStep = {
  id: 'fine-noise',
  number: 7,
  title: 'Finding #2: the kernel’s noise everywhere, or the noisiest nodes: which to remove?',
  intro:
    'Two ways to clean the machine, simulated for a fine-grained loop (0.25 ms of work per barrier): remove the kernel noise of every node (shown; at most 3 ms events) or remove the long daemons of nodes 0, 1 and 31 (the comparison run; up to 335 ms events).',
  view: 'timeline',
  revealView: 'loss',
  state: {
    preset: 'asci-q-2002',
    edits: [
      { kind: 'set', path: 'workload.granularityUs', value: 250 },
      { kind: 'sources', categories: ['kernel', 'daemon'], enabled: false },
    ],
  },
  compare: {
    label: 'without the noise of nodes 0, 1 and 31',
    state: {
      preset: 'asci-q-2002',
      edits: [
        { kind: 'set', path: 'workload.granularityUs', value: 250 },
        { kind: 'sources', categories: ['daemon'], enabled: false },
        { kind: 'sources', ids: NODES_0_1_31, enabled: false },
      ],
    },
  },
  runNote:
    'Barrier loop, 1,024 nodes × 4, g = 0.25 ms, 2,000 iterations, twice: under 1 s each. The “daemon” sources (removed in 2003, not in the paper’s simulation) are off in both.',
  question: {
    kind: 'choice',
    prompt: 'Which removal makes the fine-grained barrier loop faster?',
    options: [
      { id: 'a', label: 'Removing the long daemons of nodes 0, 1 and 31' },
      { id: 'b', label: 'Removing the short kernel noise of all nodes' },
      { id: 'c', label: 'Both about the same' },
    ],
    answer: 'b',
  },
  published: {
    value: 'kernel noise: “dramatically” more',
    detail:
      'At g = 1 ms, removing the noise of nodes 0, 1 and 31 gains 35%; removing the kernel noise of all nodes “dramatically” more.',
    cite: '000 sec 3.4, Fig 15, Finding #2',
  },
  simulate: ({ run, compare }) => {
    const kernel = measured(run, 'shown');
    const special = measured(compare, 'comparison');
    if (!kernel.ok) return fail(kernel.reason);
    if (!special.ok) return fail(special.reason);
    const k = run.summary.meanLatencyUs;
    const s = compare!.summary.meanLatencyUs;
    return {
      ok: true,
      value: `${time(k)} vs ${time(s)} latency`,
      detail: `mean barrier latency without kernel noise (shown) against without nodes 0, 1, 31: ${k < s ? `the kernel removal leaves ${times(s / k, 1)} less` : 'here the special nodes matter more'}`,
    };
  },
  explanation:
    'The paper’s simulator (000 sec 3.4, Fig 15) showed that removing the noise of node 0, 1 or 31 alone gains about 15% at g = 1 ms, all three 35%, and removing the kernel noise everywhere “dramatically” more: Finding #2, for fine-grained applications more performance is lost to short but frequent noise on all nodes than to long but rare noise on a few. Short events on every node hit nearly every barrier (step 6); a 200 ms event on node 0 is huge but comes once in minutes. In NoiseLab the effect is clear at 0.25 ms; at 1 ms the two removals come out close (docs/validation.md, target 6).',
};

export const january2003: LessonStep = {
  id: 'january-2003',
  number: 8,
  title: 'The fix of January 2003 (Finding #3): SAGE faster without touching its code',
  intro:
    'In January 2003 about ten daemons were removed, RMS monitoring slowed from 30 s to 60 s, the TruCluster daemons moved to node 0, and nodes 0 and 31 of each cluster left the compute pool. The simulator runs SAGE on the full machine after the fix (shown, 7,680 PEs) and before it (the comparison run, 8,192 PEs).',
  view: 'iterations',
  revealView: 'cycle-time',
  state: {
    preset: 'sage-asci-q-2003-without-0-31',
    edits: [{ kind: 'set', path: 'workload.iterations', value: 5 }],
  },
  compare: {
    label: 'before the fix, 8,192 PEs',
    state: {
      preset: 'sage-asci-q-2002',
      edits: [
        { kind: 'set', path: 'job.nodes', value: 2048 },
        { kind: 'set', path: 'workload.iterations', value: 5 },
      ],
    },
  },
  runNote:
    'SAGE on the whole machine, 5 cycles (2 warm-up): about 3 s after and 5 s before, in parallel; the heaviest step of the lesson.',
  question: {
    kind: 'numeric',
    prompt:
      'With 6% fewer processors but far less noise, how many times more cells per second does SAGE process after the fix?',
    unit: '×',
    min: 0.5,
    max: 3,
    step: 0.05,
    initial: 1,
    answer: 1.75,
  },
  published: {
    value: '1.75× (69.1 → 120.6 M cells/s)',
    detail:
      'Unoptimized 8,192 PEs: 1.60 s per cycle; without nodes 0 and 31, 7,680 PEs: 0.86 s (best observed 0.68 s, 2.21×); the analysis had predicted 2.2×.',
    cite: '000 Table 3; 000 sec 4',
  },
  simulate: ({ run, compare }) => {
    const after = treeOf(run, 'shown');
    const before = treeOf(compare, 'before-the-fix');
    if (!after.ok) return fail(after.reason);
    if (!before.ok) return fail(before.reason);
    return {
      ok: true,
      value: `${times(mcells(after.value) / mcells(before.value))} (${mcells(before.value).toFixed(1)} → ${mcells(after.value).toFixed(1)} M cells/s)`,
      detail: `cycle ${time(compare!.summary.meanIterationUs)} on ${before.value.ranks.toLocaleString('en-US')} PEs → ${time(run.summary.meanIterationUs)} on ${after.value.ranks.toLocaleString('en-US')} PEs`,
    };
  },
  explanation:
    'Guided by the noise analysis, the system administrators removed or slowed the daemons and confined the cluster services to nodes that no longer computed (000 sec 4). SAGE’s cycle at 8,192 processors fell from an extrapolated 1.60 s to 0.86 s, and to 0.68 s at best (000 Table 3): Finding #3, the performance doubled without changing a line of the application, and with fewer processors. In the simulator both cycles come out longer than measured (the detail above gives them): the published RMS events that remain delay most of SAGE’s allreduces in the model (docs/validation.md, target 1), and the 2002 machine’s noise does more still, so their ratio, the gain, lands near the published one while each cycle is long.',
};
