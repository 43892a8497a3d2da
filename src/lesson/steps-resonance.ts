// Step 9: Finding #4 of the ASCI Q paper (000 sec 6, Fig 18), resonance: which noise costs most
// depends on the program's granularity. The student sketches the barrier loop's slowdown against
// its granularity; the reveal draws a sweep of the engine over it (the step's machine at seven
// granularities, in the sweep workers), split into each noise class's part, with the paper's
// largest class at 0, 1 and 5 ms marked along the top.
import type { Vary } from '../engine/sweep.ts';
import { PUBLISHED, publishedText } from '../published/index.ts';
import { canonicalJson } from '../scenario/canonical.ts';
import { coveredJobNodes } from '../scenario/cost.ts';
import type { BarrierWorkload, Scenario } from '../scenario/types.ts';
import { fail, pct } from './figures.ts';
import { formatValue, levelOf } from './sketch.ts';
import type { Axis, LessonStep, PublishedNote, RevealInput } from './types.ts';

/** The sweep's granularities (µs): the paper's 0, 1 and 5 ms, and between and around them. */
export const GRANULARITIES = [0, 100, 300, 1000, 3000, 5000, 10_000] as const;
/**
 * Iterations per granularity: about 1.5 to 2.5 s of simulated time each, so that the 15–18 ms
 * RMS stalls (about 32 a second over 960 nodes) are met some 50 times at every point; the whole
 * sweep takes about 2 s of one core (4 s with the other core busy).
 */
export const SWEEP_ITERATIONS = [1500, 1500, 1000, 600, 300, 200, 150] as const;

const GRANULARITY_AXIS: Axis = {
  label: 'granularity g, compute between barriers',
  unit: ' µs',
  min: 10,
  max: 10_000,
  log: true,
  zeroAtMin: true,
  ticks: [0, 100, 1000, 5000, 10_000],
};
const SLOWDOWN_AXIS: Axis = {
  label: 'slowdown',
  unit: '×',
  min: 1,
  max: 300,
  log: true,
  ticks: [1, 3, 10, 30, 100, 300],
};

const CATEGORY_LABELS: Record<string, string> = {
  kernel: 'kernel noise',
  rms: 'RMS daemons',
  trucluster: 'TruCluster daemons',
  daemon: 'other daemons',
};
const labelOf = (category: string) => CATEGORY_LABELS[category] ?? category;
/** “kernel noise’s part”, “RMS daemons’ part” */
const partLabel = (label: string) => (label.endsWith('s') ? `${label}’ part` : `${label}’s part`);
const gText = (g: number) => (g === 0 ? '0' : formatValue(GRANULARITY_AXIS, g));

/** Finding #4's published shares (src/published: 000 Fig 18(a)–(c)), by granularity. */
const FIG18 = PUBLISHED.filter((v) => v.id.startsWith('fig18'));

const NOTES: PublishedNote[] = FIG18.map((v) => ({
  x: v.config.granularityUs ?? 0,
  text: `${labelOf(v.config.category ?? '').split(' ')[0]} ${v.printed}`,
  title: publishedText(v),
  cite: v.cite,
}));

/** The sweep: the step's barrier loop at each granularity, with its iterations there. */
export function resonancePlan(s: Scenario): { varies: Vary[]; total: number } {
  const w = s.workload as BarrierWorkload;
  const workloads = GRANULARITIES.map((g, i) => {
    const iterations = SWEEP_ITERATIONS[i];
    return {
      ...w,
      granularityUs: g,
      iterations,
      warmup: Math.min(w.warmup, Math.floor(iterations / 10)),
    };
  });
  return { varies: [{ path: 'workload', values: workloads }], total: workloads.length };
}

/** One granularity of the sweep: its slowdown and each noise class's share of the lost time. */
interface SweepPoint {
  g: number;
  slowdown: number;
  shares: Map<string, number>;
}

/** `own`: the index of the point that is the run on show, −1 when none is */
type Points = { ok: true; points: SweepPoint[]; own: number } | { ok: false; reason: string };

/**
 * The point that is the run on show: while the page shows the step's own scenario unchanged (g
 * = 0, as the step opens), its run is a run of the sweep's machine at that granularity, and a
 * longer one than the sweep's point; taking it makes the curve and the header give one slowdown
 * there, not two runs' (the sweep's point has its own seed and 1,500 iterations). Anything
 * changed on the page (nodes, a source, the seed) and the sweep's own point stays.
 */
function ownPoint({ scenario, sweepScenario }: RevealInput): number {
  if (!sweepScenario || scenario.workload.kind !== 'barrier') return -1;
  if (canonicalJson(scenario) !== canonicalJson(sweepScenario)) return -1;
  return GRANULARITIES.indexOf(scenario.workload.granularityUs as (typeof GRANULARITIES)[number]);
}

function pointsOf(input: RevealInput): Points {
  const { sweep, run: onShow } = input;
  if (!sweep || sweep.length !== GRANULARITIES.length)
    return { ok: false, reason: 'the granularity sweep is not available yet' };
  const own = ownPoint(input);
  const points: SweepPoint[] = [];
  for (const [i, swept] of sweep.entries()) {
    const run = i === own ? onShow : swept;
    const slowdown = run.summary.slowdown;
    const a = run.attribution;
    if (slowdown === null || !Number.isFinite(slowdown) || a === null)
      return { ok: false, reason: 'the sweep’s runs are not barrier runs' };
    const shares = new Map<string, number>();
    if (a.totalLostUs > 0) for (const c of a.byCategory) shares.set(c.category, c.share);
    points.push({ g: GRANULARITIES[i], slowdown, shares });
  }
  return { ok: true, points, own };
}

/** The largest noise class of a point, with its share; null when nothing was lost. */
function largest(p: SweepPoint): { category: string; share: number } | null {
  let top: { category: string; share: number } | null = null;
  for (const [category, share] of p.shares)
    if (!top || share > top.share) top = { category, share };
  return top && top.share > 0 ? top : null;
}

/**
 * For each of Finding #4's classes no enabled source of `s` runs on the job's nodes: a sentence
 * saying why the paper's figure has no counterpart in this sweep (the optimised machine without
 * nodes 0 and 31 has no TruCluster noise: its TruCluster daemons ran on node 0 after January
 * 2003), or '' when every class is there.
 */
export function missingClasses(s: Scenario): string {
  const excluded = new Set(s.job.excludeOffsets);
  return FIG18.flatMap((v) => {
    const cat = v.config.category ?? '';
    const sources = s.noise.filter((n) => n.category === cat);
    if (sources.some((n) => n.enabled && coveredJobNodes(n.placement, s) > 0)) return [];
    const label = labelOf(cat);
    // the cluster offsets the class's enabled sources are placed on, which the job leaves out
    const left = [
      ...new Set(
        sources.flatMap((n) =>
          n.enabled && n.placement.kind === 'clusterOffsets'
            ? n.placement.offsets.filter((o) => excluded.has(o))
            : [],
        ),
      ),
    ].sort((x, y) => x - y);
    const why =
      left.length > 0
        ? `this job leaves out cluster offset${left.length === 1 ? '' : 's'} ${left.join(' and ')}, where its ${label} run`
        : sources.some((n) => n.enabled)
          ? `none of its ${label} runs on this job's nodes`
          : `its ${label} are switched off`;
    return [
      ` No ${label} here: ${why}; the paper measured with every node of its clusters (000 sec 6, footnote 2), so its ${v.printed} at g = ${gText(v.config.granularityUs ?? 0)} has no counterpart in this sweep.`,
    ];
  }).join('');
}

/** "kernel noise 58% at g = 0; RMS daemons 60% at 1 ms; …" at the paper's granularities. */
function largestAtPaper(points: readonly SweepPoint[]): string {
  return FIG18.map((v) => {
    const p = points.find((q) => q.g === v.config.granularityUs);
    const top = p ? largest(p) : null;
    const at = `g = ${gText(v.config.granularityUs ?? 0)}`;
    return top ? `${at}: ${labelOf(top.category)} ${pct(top.share)}` : `${at}: nothing lost`;
  }).join('; ');
}

const slowdownText = (s: number) => formatValue(SLOWDOWN_AXIS, s);

export const resonance: LessonStep = {
  id: 'resonance',
  number: 9,
  title: 'Finding #4: resonance, the noise that hurts depends on the granularity',
  intro:
    'The optimised ASCI Q (960 nodes, without nodes 0 and 31) runs a barrier loop: g of computation, then a barrier, over and over. Its kernel noise is short (at most 3 ms) and frequent; its RMS daemons stall a node for 15–18 ms about once a minute. For Reveal the lesson runs the loop at seven granularities, from back-to-back barriers (g = 0) to 10 ms.',
  view: 'timeline',
  revealView: 'resonance',
  state: {
    preset: 'asci-q-2003-without-0-31',
    edits: [{ kind: 'set', path: 'workload.granularityUs', value: 0 }],
  },
  sweep: { label: '7 granularities', plan: resonancePlan },
  runNote:
    'Barrier loop, 960 nodes × 4, g = 0, 2,000 iterations (under 1 s); then the sweep: g = 0 to 10 ms, 150 to 1,500 iterations each, a few seconds.',
  question: {
    kind: 'sketch',
    prompt:
      'How many times slower than on a noiseless machine does the loop run, from back-to-back barriers (g = 0) to 10 ms of computation between them? Sketch the slowdown (each iteration’s time over the noiseless g + barrier) against the granularity.',
    x: GRANULARITY_AXIS,
    y: SLOWDOWN_AXIS,
    xs: GRANULARITIES,
    initial: levelOf(SLOWDOWN_AXIS, 2),
    shape: true,
    curve: (input) => {
      const read = pointsOf(input);
      if (!read.ok) return read;
      const { points, own } = read;
      const whose =
        own >= 0
          ? `the sweep’s, and at g = ${gText(points[own].g)} the run on show, whose slowdown the header gives`
          : 'the sweep’s';
      // a class's part of the slowdown: 1 + its share of the lost time × (slowdown − 1)
      const categories = [...new Set(points.flatMap((p) => [...p.shares.keys()]))].filter((c) =>
        points.some((p) => (p.shares.get(c) ?? 0) >= 0.05),
      );
      const parts = categories.map((c) => ({
        label: partLabel(labelOf(c)),
        category: c,
        ys: points.map((p) => 1 + (p.shares.get(c) ?? 0) * (p.slowdown - 1)),
      }));
      const first = points[0];
      const last = points.at(-1)!;
      return {
        ok: true,
        ys: points.map((p) => p.slowdown),
        runs: points.map((p) => ({ x: p.g, y: p.slowdown })),
        parts,
        note: `Curve: a run of the step’s machine at each granularity, ${whose} (${slowdownText(first.slowdown)} at g = 0, ${slowdownText(last.slowdown)} at ${gText(last.g)}). Thin lines: each noise class’s part, 1 + its share of the lost time × (slowdown − 1). Along the top, the paper’s largest class (000 Fig 18); this sweep’s: ${largestAtPaper(points)}. The Resonance view beside it runs a sweep of its own, each point until its sources are known to ±10 %: its numbers differ from these by their spread.${missingClasses(input.sweepScenario ?? input.scenario)}`,
      };
    },
    // Finding #4 gives shares of the lost time, not slowdowns: marked along the top
    published: [],
    notes: NOTES,
    notesLabel: 'the noise that caused the largest share of the lost time',
  },
  published: {
    value: 'g = 0: kernel 66%; 1 ms: RMS 40%; 5 ms: TruCluster 52%',
    detail:
      'The largest share of the barrier’s lost time on the optimised machine, by granularity.',
    cite: '000 sec 6, Fig 18',
  },
  simulate: (input) => {
    const read = pointsOf(input);
    if (!read.ok) return fail(read.reason);
    const at = (g: number) => read.points.find((p) => p.g === g)!;
    return {
      ok: true,
      value: largestAtPaper(read.points),
      detail: `the largest class of lost time in the sweep’s run at each of the paper’s granularities${read.own >= 0 ? ` (at g = ${gText(read.points[read.own].g)} the run on show)` : ''}; slowdown ${slowdownText(at(0).slowdown)} at g = 0, ${slowdownText(at(1000).slowdown)} at 1 ms, ${slowdownText(at(5000).slowdown)} at 5 ms`,
    };
  },
  explanation:
    'Finding #4 (000 sec 6): an application suffers most from the noise whose granularity resonates with its own. With no computation between barriers, nearly every barrier meets one of the frequent short kernel events, and a 9 µs barrier that waits for a 640 µs heartbeat is a hundred times slower: the kernel noise causes 66% of the loss. As g grows, each short event costs a smaller part of a longer iteration and the slowdown falls; what is left is the long daemons, which stall an iteration whatever its length: at 1 ms the RMS daemons are the largest single source (40%), at 5 ms the TruCluster daemons (52%) (000 Fig 18). Fine-grained noise hurts fine-grained programs; coarse-grained noise hurts coarse-grained ones. Where NoiseLab differs: its curve falls the same way and the kernel leads at g = 0, but with a smaller share than 66%, and at 1 ms its RMS daemons take well over the paper’s 40%; at 5 ms it has no TruCluster daemons at all, because the January 2003 changes confined them to node 0, which this 960-node job leaves out (docs/validation.md, target 8, runs every node of 30 clusters instead, as the paper did, and finds them the largest at 5 ms). TruCluster’s kernel heartbeats (640 µs every 125 ms, 350 µs every 600 ms) run on every node: they are kernel noise, in the paper’s classes as here, so a run may name a “TruCluster kernel heartbeat” as what costs most while its TruCluster daemons’ part is nothing. Ask what the published sources leave out.',
};
