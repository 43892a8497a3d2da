// ASCI Q's published numbers that a chart of the page draws (seed 000, Petrini et al., SC'03),
// from ../shared/reference/published.json. Times in µs.
import type { PublishedValue } from './types.ts';

type Row = Omit<PublishedValue, 'chart' | 'kind' | 'unit' | 'bound' | 'cite'>;

const S = 1e6; // µs per second

/** 000 Table 3: SAGE's cycle time (13,500 cells per PE) on the cycle-time view. Every row but
 * the first ("Unoptimized") is read as measured on the optimised (2003) system, as
 * src/validation/targets/applications.ts reads it. */
const table3: PublishedValue[] = (
  [
    {
      id: 'table3-unoptimized',
      label: 'Unoptimized system',
      value: 1.6 * S,
      printed: '1.60 s',
      config: { machines: ['asci-q-2002'], workload: 'sage', nodes: 2048, ranksPerNode: 4 },
      note: 'the paper extrapolates the 8,192-PE figure from 4,096 PEs',
    },
    {
      id: 'table3-3ppn',
      label: '3 processes/node',
      value: 0.64 * S,
      printed: '0.64 s',
      config: { machines: ['asci-q-2003'], workload: 'sage', nodes: 2048, ranksPerNode: 3 },
      note: '',
    },
    {
      id: 'table3-without-0',
      label: 'Without node 0',
      value: 0.87 * S,
      printed: '0.87 s',
      config: {
        machines: ['asci-q-2003'],
        workload: 'sage',
        nodes: 1984,
        ranksPerNode: 4,
        excludeOffsets: [0],
      },
      note: '',
    },
    {
      id: 'table3-without-0-31',
      label: 'Without nodes 0 and 31',
      value: 0.86 * S,
      printed: '0.86 s',
      config: {
        machines: ['asci-q-2003'],
        workload: 'sage',
        nodes: 1920,
        ranksPerNode: 4,
        excludeOffsets: [0, 31],
      },
      note: '',
    },
    {
      id: 'table3-without-0-31-best',
      label: 'Without nodes 0 and 31 (best observed)',
      value: 0.68 * S,
      printed: '0.68 s',
      config: {
        machines: ['asci-q-2003'],
        workload: 'sage',
        nodes: 1920,
        ranksPerNode: 4,
        excludeOffsets: [0, 31],
      },
      note: '',
    },
    {
      id: 'table3-model',
      label: 'Model',
      value: 0.63 * S,
      printed: '0.63 s',
      config: {
        machines: ['asci-q-2002', 'asci-q-2003'],
        workload: 'sage',
        nodes: 2048,
        ranksPerNode: 4,
      },
      note: "the paper's performance model, not a measurement",
    },
  ] satisfies Row[]
).map((r): PublishedValue => ({
  ...r,
  chart: 'cycle-time',
  kind: 'mean-iteration',
  unit: 'µs',
  bound: 'exact',
  config: { excludeOffsets: [], waitMode: 'poll', ...r.config },
  cite: '000 Table 3',
}));

/** 000 Fig 6: the allreduce benchmark (g = 0) at about 1,000 nodes, by processes per node. The
 * paper gives bounds only: under 300 µs with up to 3 per node, over 3 ms with 4. */
const figure6: PublishedValue[] = [1, 2, 3, 4].map((ppn): PublishedValue => ({
  id: `fig6-${ppn}ppn`,
  chart: 'cycle-time',
  kind: 'mean-iteration',
  unit: 'µs',
  value: ppn === 4 ? 3000 : 300,
  bound: ppn === 4 ? 'over' : 'under',
  printed: ppn === 4 ? 'over 3 ms' : 'under 300 µs',
  label: `allreduce latency, ${ppn} process${ppn === 1 ? '' : 'es'} per node`,
  config: {
    machines: ['asci-q-2002'],
    workload: 'allreduce',
    nodes: 1024,
    ranksPerNode: ppn,
    excludeOffsets: [],
    granularityUs: 0,
    waitMode: 'poll',
  },
  cite: '000 Fig 6',
  note: 'the paper: "about 1,000 nodes"',
}));

/** 000 Fig 4: 1,000 SAGE cycles on 3,584 processors (896 nodes × 4) of the 2002 machine. */
const figure4: PublishedValue[] = [
  {
    id: 'fig4-shortest',
    kind: 'shortest-iteration',
    value: 0.7 * S,
    printed: 'just over 0.7 s',
    label: 'shortest of 1,000 SAGE cycles',
  },
  {
    id: 'fig4-longest',
    kind: 'longest-iteration',
    value: 3.0 * S,
    printed: 'over 3.0 s',
    label: 'longest of 1,000 SAGE cycles',
  },
].map((r): PublishedValue => ({
  ...r,
  kind: r.kind as PublishedValue['kind'],
  chart: 'iteration-times',
  unit: 'µs',
  bound: 'over',
  config: {
    machines: ['asci-q-2002'],
    workload: 'sage',
    nodes: 896,
    ranksPerNode: 4,
    waitMode: 'poll',
  },
  cite: '000 Fig 4',
  note: 'a factor of 4 in variability',
}));

/** 000 Fig 18 and Finding #4 (sec 6): the optimised machine, 960 nodes, barrier benchmark: the
 * share of the lost time of the source that dominates at each granularity. */
const figure18: PublishedValue[] = [
  { g: 0, panel: 'a', category: 'kernel', share: 0.66, what: 'kernel noise' },
  { g: 1000, panel: 'b', category: 'rms', share: 0.4, what: 'RMS daemons, largest single source' },
  { g: 5000, panel: 'c', category: 'trucluster', share: 0.52, what: 'TruCluster daemons' },
].map(({ g, panel, category, share, what }): PublishedValue => ({
  id: `fig18${panel}-${category}`,
  chart: 'loss-by-duration',
  kind: 'loss-share',
  unit: 'share',
  value: share,
  bound: 'exact',
  printed: `${Math.round(share * 100)}%`,
  label: `${what}, g = ${g === 0 ? '0' : `${g / 1000} ms`}`,
  config: {
    machines: ['asci-q-2003'],
    workload: 'barrier',
    nodes: 960,
    granularityUs: g,
    category,
  },
  cite: `000 Fig 18(${panel})`,
  note: 'Finding #4 (sec 6)',
}));

/** 000 sec 2, Fig 1 (Mystery #1): SAGE's cycle at 4,096 PEs, twice the model's. The paper
 * states the ratio; the chart places it on its own model line (cycle-time.ts modelMarks). */
const figure1: PublishedValue[] = [
  {
    id: 'fig1-twice-model',
    chart: 'cycle-time',
    kind: 'model-ratio',
    unit: 'ratio',
    value: 2,
    bound: 'exact',
    label: 'SAGE cycle at 4,096 processors',
    printed: 'twice the model',
    config: {
      machines: ['asci-q-2002'],
      workload: 'sage',
      nodes: 1024,
      ranksPerNode: 4,
      excludeOffsets: [],
      waitMode: 'poll',
    },
    cite: '000 Fig 1',
    note: 'Mystery #1 (sec 2): “the time to process one cycle of SAGE was twice that predicted by the model”',
  },
];

export const ASCI_Q_PUBLISHED: readonly PublishedValue[] = [
  ...table3,
  ...figure1,
  ...figure6,
  ...figure4,
  ...figure18,
];
