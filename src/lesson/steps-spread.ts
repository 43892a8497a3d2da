// The run-to-run lesson's steps on NPB EP (seed 001, Kramer & Ryan): the same job on the same
// machine run again and again, one seed a run (a new seed is a new run: other phases, placements
// and event lengths). EP runs on scenarios/lemieux-ep.json: 128 tasks on 32 nodes × 4 of the
// Compaq SC "Lemieux", one compute and one allreduce, with ASCI Q 2002's noise (the same ES45,
// Tru64 and Quadrics) and one node activity fitted to EP's mean and CoV (001 Table 2; Lemieux's
// noise was not published); step 3 runs EP on scenarios/t3e-mcurie-ep.json, the Cray T3E with
// its job migration (001 sec 11). Each step's sweep makes the runs its reveal reads, with the seeds
// the run-to-run view on the stage uses (step.runs), so the histogram and the numbers agree.
import { fail } from './figures.ts';
import {
  covText,
  groupTimes,
  seconds,
  seedsPlan,
  spreadOf,
  spreadText,
} from './run-spread-figures.ts';
import type { LessonStep, RevealInput } from './types.ts';

const EP = 'lemieux-ep';
/** Runs of EP on 32 nodes: 100 (about 5 s of one core), enough that a few meet a rare long
 * activity, as the paper's 336 did; 20 runs often meet none. */
const RUNS = 100;
/** Runs of the T3E's EP, made twice (with and without the migration): 50 each. */
const STOP_RUNS = 50;

/** 001 Table 2, Compaq SC, NPB EP class C on 128 tasks: coefficient of variation, %. */
const COMPAQ_EP_COV_PERCENT = 6.91;
/** 001 sec 9: the single-node (four-CPU) EP on the Compaq, "less than 1.6%". */
const ONE_NODE_COV_PERCENT = 1.6;

/** The 100 runs of EP on 32 nodes; steps 1 and 6 share them (the page makes them once). */
const EP_RUNS_SWEEP = {
  label: `${RUNS} runs, one seed each`,
  tag: `${RUNS} runs`,
  key: 'ep-32-nodes-100-runs',
  plan: seedsPlan(RUNS),
};

/** The CoV axis: 001 Table 2 spans 0.17% to 15.58%, a decade and more either side. */
const COV_AXIS = {
  label: 'run-to-run CoV (standard deviation / mean)',
  unit: '%',
  min: 0.01,
  max: 30,
  log: true,
  ticks: [0.01, 0.1, 1, 10],
} as const;

/** The spread of a sweep of RUNS seeds on the step's own state. */
function spreadOfRuns(input: RevealInput, runs = RUNS) {
  const read = groupTimes(input.sweep, 1, runs);
  return read.ok ? { ok: true as const, value: spreadOf(read.value[0]) } : read;
}

export const sameJob: LessonStep = {
  id: 'same-job',
  number: 1,
  title: 'The same job on the same nodes: the same time every run?',
  intro:
    'Kramer and Ryan ran three NAS Parallel Benchmarks hundreds of times on four machines, on dedicated nodes (001 sec 8). EP, “embarrassingly parallel”, computes on its own and communicates only once, at the very end (001 sec 6). The simulator runs EP as 128 tasks on 32 nodes × 4 of that machine, the Compaq SC “Lemieux”: one run of about 5 s.',
  view: 'iterations',
  revealView: 'variability',
  runs: RUNS,
  state: { preset: EP, edits: [] },
  sweep: EP_RUNS_SWEEP,
  runNote: `EP on 32 nodes × 4, one run of 5 s of simulated time (about 0.1 s); then the same job ${RUNS} times, seeds 1 to ${RUNS}: 5 to 10 s on a two-core laptop (the histogram on the stage makes the same runs). Lemieux’s noise was never published: the simulator’s is ASCI Q’s (the same AlphaServer ES45 nodes, Tru64 and Quadrics network) and one node activity of its own (the preset’s description gives its provenance).`,
  question: {
    kind: 'marker',
    prompt:
      'On the Compaq SC, EP ran 336 times on dedicated nodes. How much did its run time vary from run to run? Place the coefficient of variation (standard deviation over mean) on the axis.',
    axis: COV_AXIS,
    // a twentieth of a decade (×1.12) an arrow, ten times that with Page Up/Down
    step: 0.05,
    initial: 0.1,
    answer: COMPAQ_EP_COV_PERCENT,
    guides: [{ value: 0.52, label: 'IBM SP, the same EP: 0.52%' }],
    simulated: (input) => {
      const s = spreadOfRuns(input);
      return s.ok ? Math.min(COV_AXIS.max, Math.max(COV_AXIS.min, s.value.cov * 100)) : null;
    },
  },
  published: {
    value: '6.91%',
    detail:
      'EP class C on 128 tasks, 336 runs on the Compaq SC: mean 5.03 s, standard deviation 0.35 s. The twelve CoVs of the table run from 0.17% (EP on the Intel cluster) to 15.58% (LU on the Cray T3E).',
    cite: '001 Table 2',
  },
  simulate: (input) => {
    const s = spreadOfRuns(input);
    if (!s.ok) return fail(s.reason);
    const ratio = COMPAQ_EP_COV_PERCENT / (s.value.cov * 100);
    return {
      ok: true,
      value: `CoV ${covText(s.value.cov)}`,
      detail: `${RUNS} runs of the same job (seeds ${input.scenario.seed} to ${input.scenario.seed + RUNS - 1}): ${spreadText(s.value)}; the paper’s 6.91% is ${ratio.toFixed(1)} times this`,
    };
  },
  explanation:
    'No: the same job on the same dedicated nodes takes a different time every run, by 0.17% to 15.58% on the four machines measured (001 Table 2); for EP on the Compaq SC by 6.91%. Each run meets the operating system’s noise at other moments, and a parallel job waits for its slowest task. In NoiseLab a run is a seed: the same seed gives the same time to the last digit, a new seed is a new run on the same machine, and the histogram on the stage is this step’s runs. The simulated spread was fitted to the paper’s: Lemieux’s noise was never published, so NoiseLab’s Lemieux has ASCI Q’s noise, whose short, frequent events average out in 5 s on 32 nodes (a CoV under 2%), and one unattributed node activity, once a minute per node with lognormal lengths, fitted to this 6.91% over 1,000 other runs (seeds 1001 to 2000). A hundred runs’ CoV depends on how many of the rare long events they meet: seeds 1–100 meet one of 9.5 s, and give about 10%; twenty runs can give anything from a few % to 20%. What the fit predicts is checked elsewhere: step 2’s single node, and LU’s and FT’s spreads on the same noise (4.53% and 3.18% measured; docs/validation.md, target 14).',
};

/** The one-node step: EP on 1 node (shown) and on 32, each over RUNS seeds. */
const NODES = [1, 32] as const;

export const oneNode: LessonStep = {
  id: 'one-node',
  number: 2,
  title: 'The network or the node?',
  intro:
    'EP hardly uses the network, yet it varied. Was it the network (another job’s traffic, a congested link) or the nodes themselves? Kramer and Ryan ran EP again without the network: on a single node of the Compaq SC, its four CPUs (001 sec 9). The simulator now runs EP as 4 tasks on one node.',
  view: 'iterations',
  revealView: 'variability',
  runs: RUNS,
  state: { preset: EP, edits: [{ kind: 'set', path: 'job.nodes', value: 1 }] },
  sweep: {
    label: `${RUNS} runs each on 1 and 32 nodes`,
    tag: `${RUNS} runs each`,
    plan: seedsPlan(RUNS, () => ({ path: 'job.nodes', values: [...NODES] })),
  },
  runNote: `EP on 1 node × 4 and on 32 nodes × 4, ${RUNS} runs each (seeds 1 to ${RUNS}): 5 to 10 s on a two-core laptop, nearly all of it the 32-node runs. The histogram on the stage makes the 1-node runs again; the 32-node ones are step 1’s histogram, and the reveal gives the two spreads side by side.`,
  question: {
    kind: 'choice',
    prompt: 'Run on one node, with no network at all, EP’s run time will vary…',
    options: [
      { id: 'a', label: 'not at all: without a network every run takes the same time' },
      { id: 'b', label: 'less, but still: something on the node itself varies' },
      { id: 'c', label: 'as much as on 32 nodes' },
      { id: 'd', label: 'more: one node has nobody to share its noise with' },
    ],
    answer: 'b',
  },
  published: {
    value: 'under 1.6% on one node (6.91% on 128 tasks)',
    detail:
      'On one node of the Compaq SC the CoV “dropped to less than 1.6%, indicating that something on the node was causing variation”. On the Cray T3E the network and the benchmark’s timing were to blame instead: only on the Compaq did the nodes themselves add to the variation.',
    cite: '001 sec 9',
  },
  simulate: (input) => {
    const read = groupTimes(input.sweep, NODES.length, RUNS);
    if (!read.ok) return fail(read.reason);
    const [one, many] = read.value.map((t) => spreadOf(t));
    return {
      ok: true,
      value: `CoV ${covText(one.cov)} on 1 node, ${covText(many.cov)} on 32`,
      detail: `${RUNS} runs each, seeds ${input.scenario.seed} to ${input.scenario.seed + RUNS - 1}; one node: ${spreadText(one)}; ${one.cov * 100 < ONE_NODE_COV_PERCENT ? 'under' : 'over'} the paper’s 1.6%`,
    };
  },
  explanation:
    'Something on the node: a single Compaq node still varied, by under 1.6% (001 sec 9), so the network could not be all of it. In NoiseLab the network never varies (a message always takes the same time), so all of the spread you see is the nodes’ noise: on one node the job waits for the slowest of 4 tasks instead of 128, and meets only one node’s rare long activities, so it varies less. On one node the job meets a thirty-second of the node activity’s events, and its spread stays under the paper’s 1.6% (the activity’s period and shape were chosen so that it could, as the preset’s description says). Kramer and Ryan also found no significant effect of the time of day or of which nodes the scheduler gave the job (001 sec 8).',
};

/** scenarios/t3e-mcurie-ep.json: NPB EP on 128 PEs of the Cray T3E, with its job migration. */
const T3E = 't3e-mcurie-ep';
/** The preset's migration: the GRM's scan every 5 s, which moves the job in some periods. */
const MIGRATION_ID = 'grm-migration';

export const twoHumps: LessonStep = {
  id: 'two-humps',
  number: 3,
  title: 'A bell with a tail, or two humps?',
  intro:
    'The Cray T3E packed its running jobs together to make room for big ones: every 5 s it looked for jobs to move (“migrate”), and a job was frozen while it moved, while the clock the benchmarks timed themselves with kept running (001 sec 11). The simulator now has the T3E: EP on 128 of its processors, with the migration as a noise source that stops the whole job at once, in some of the 5 s periods and not others.',
  view: 'iterations',
  revealView: 'variability',
  runs: STOP_RUNS,
  state: { preset: T3E, edits: [] },
  sweep: {
    label: `${STOP_RUNS} runs with the migration and ${STOP_RUNS} without`,
    tag: `${STOP_RUNS} runs, twice`,
    plan: seedsPlan(STOP_RUNS, (s) => ({
      path: `noise.${s.noise.findIndex((n) => n.id === MIGRATION_ID)}.enabled`,
      values: [true, false],
    })),
  },
  runNote: `EP on 128 T3E processors, ${STOP_RUNS} runs, and the same seeds without the migration (as the T3E’s accounting left it out): a second or two on a laptop. The histogram on the stage makes the runs with the migration again; the reveal gives both spreads, and switching the migration off in the panel shows the other histogram. The scan every 5 s is the paper’s; how often it moves the job and for how long are not published, and were fitted to EP’s CoV of 6.11% (001 Table 2) with a quarter of the runs moved (the preset’s description says how).`,
  question: {
    kind: 'choice',
    // 001 describes the T3E's distribution in words (sec 11) and draws LU's (Figs 5 and 6); the
    // simulation runs EP, whose CoV with and without migration Table 3 gives too
    prompt:
      'What did the run times of a benchmark on the T3E look like in a histogram (Kramer and Ryan describe them for their NPB runs and draw LU’s)? The simulation runs EP.',
    options: [
      {
        id: 'a',
        label: 'One tight bell: every run a little slower than the best',
        curve: [0.02, 0.1, 0.45, 0.95, 0.45, 0.1, 0.02, 0.01, 0.01],
        axes: 'runs (up) against run time (across)',
      },
      {
        id: 'b',
        label: 'A tight bell with a long right tail: a few runs much slower',
        curve: [0.1, 0.6, 0.95, 0.4, 0.15, 0.08, 0.05, 0.04, 0.03],
        axes: 'runs (up) against run time (across)',
      },
      {
        id: 'c',
        label: 'Two humps: most runs fast, and a sizeable group far slower',
        curve: [0.2, 0.9, 0.3, 0.02, 0.01, 0.05, 0.45, 0.2, 0.02],
        axes: 'runs (up) against run time (across)',
      },
      {
        id: 'd',
        label: 'Flat: any run time as likely as any other',
        curve: [0.4, 0.42, 0.4, 0.41, 0.4, 0.42, 0.41, 0.4, 0.41],
        axes: 'runs (up) against run time (across)',
      },
    ],
    answer: 'c',
  },
  published: {
    value: 'two groups on the T3E; CoV 6.11% by the clock, 0.8% without the migrations',
    detail:
      'On the T3E most runs saw a very small slowdown and a significant portion a far larger one, 40% or more in some cases (sec 11). Counted without the time spent migrating (the system’s accounting), EP’s CoV fell from 6.11% to 0.8%, LU’s from 15.58% to 0.6% (Table 3). The other three machines showed “tight bell curves with long right tails” (sec 11).',
    cite: '001 sec 11, Table 3',
  },
  simulate: (input) => {
    const read = groupTimes(input.sweep, 2, STOP_RUNS);
    if (!read.ok) return fail(read.reason);
    const migration = input.scenario.noise.find((n) => n.id === MIGRATION_ID);
    if (migration === undefined || migration.duration.dist !== 'fixed') {
      return fail('the T3E preset’s migration (a fixed freeze) is not in this scenario');
    }
    const freezeUs = migration.duration.valueUs;
    const [moved, still] = read.value;
    const a = spreadOf(moved);
    const b = spreadOf(still);
    // a run met a migration when it took more than half a freeze longer than the same seed
    // without; the one that met two, two freezes longer
    const met = moved.filter((t, k) => t - still[k] > freezeUs / 2).length;
    const twice = moved.filter((t, k) => t - still[k] > 1.5 * freezeUs).length;
    // Runs that take T or T + F: whatever share p of them is moved once, the CoV is
    // F·√(p(1 − p))/(T + pF) at most; a CoV above that needs runs moved twice or more.
    const oneMoveMost = Math.max(
      ...Array.from({ length: 999 }, (_, k) => {
        const p = (k + 1) / 1000;
        return (freezeUs * Math.sqrt(p * (1 - p))) / (b.minUs + p * freezeUs);
      }),
    );
    const bound =
      twice === 0
        ? `. A single move per run, whatever the share of runs it hits, gives a CoV of ${covText(oneMoveMost)} at most; the fit’s 6.11% counts on the few runs moved twice`
        : '';
    return {
      ok: true,
      value: `CoV ${covText(a.cov)} with the migration, ${covText(b.cov)} without`,
      detail: `${met} of ${STOP_RUNS} runs were moved at least once (${twice === 0 ? 'none twice' : `${twice} twice or more`}) and form the second hump: ${seconds(a.minUs)} without a move, ${seconds(a.minUs + freezeUs)} with one; without the migration every run takes ${b.minUs === b.maxUs ? seconds(b.minUs) : `${seconds(b.minUs)} to ${seconds(b.maxUs)}`}${bound}`,
    };
  },
  explanation:
    'Two humps on the T3E: most jobs were barely slowed, a sizeable group by far more, because some runs were moved while the clock ran and others were not (001 sec 11). Timed by the system’s accounting, which left the migration out, the spread nearly vanished: 6.11% became 0.8% for EP (001 Table 3). The simulation shows the same split: a run is its compute plus a whole number of migrations, so the histogram is bars with gaps between them, not a bell. Without the migration every run takes the same time here, since the preset has no other noise; the T3E’s 0.8% that remained is, by the paper’s reasoning, mostly the network’s: timed by CPU time alone EP varied less than 0.5% (sec 9), and the model’s network does not vary. Step 1’s EP on the Compaq SC is the other shape, a tight bell with a long right tail: almost every run slowed a little by its nodes’ noise, a few a lot by a rare long event. The paper’s “40% or more” is said of “a typical distribution for the T3E” (sec 11, Fig 6) without naming the code: with EP’s 6.11% one migration costs 11.5% here, so 40% would take three or four migrations in one run, rare in this model; LU’s 15.58% would leave more room for it.',
};

export const reportSpread: LessonStep = {
  id: 'report-spread',
  number: 6,
  title: 'What can you do about it?',
  intro:
    'Your job’s time varies from run to run, and you cannot change the machine. You need its time for a paper, or to ask the batch system for a time limit (a job that runs past its limit is killed). The simulator has step 1’s EP again, and its 100 runs.',
  view: 'iterations',
  revealView: 'variability',
  runs: RUNS,
  state: { preset: EP, edits: [] },
  sweep: EP_RUNS_SWEEP,
  runNote: `EP on 32 nodes × 4, ${RUNS} runs (seeds 1 to ${RUNS}): step 1’s, kept if step 1 made them, else 5 to 10 s on a two-core laptop; the histogram on the stage makes the same runs again.`,
  question: {
    kind: 'choice',
    prompt: 'What do you report as the job’s time?',
    options: [
      { id: 'a', label: 'The fastest run: it is what the machine can do' },
      { id: 'b', label: 'One run: they all take about the same time' },
      {
        id: 'c',
        label: 'Several runs: their mean, their spread and the slowest, and how many runs',
      },
      { id: 'd', label: 'The median of three runs, nothing else' },
    ],
    answer: 'c',
  },
  published: {
    value: 'measure the variation: it is part of the performance',
    detail:
      'With variable run times users must either ask for far more time than a run needs or lose the work of runs killed at their limit (001 sec 3); “responsibility for understanding variation also rests with the application user” (001 sec 14). Worley timed every process and reported the max, the min and the average, and found he “never” had “enough or the right kind of data” (004 summary slides).',
    cite: '001 secs 3 and 14; 004 summary slides',
  },
  simulate: (input) => {
    const read = groupTimes(input.sweep, 1, RUNS);
    if (!read.ok) return fail(read.reason);
    const times = read.value[0];
    const first = spreadOf(times.slice(0, 5));
    const all = spreadOf(times);
    const over = times.filter((t) => t > first.maxUs).length;
    return {
      ok: true,
      value: `${over} of ${RUNS} runs over the slowest of the first 5`,
      detail: `the first 5 runs: CoV ${covText(first.cov)}, slowest ${seconds(first.maxUs)}; all ${RUNS}: CoV ${covText(all.cov)}, mean ${seconds(all.meanUs)}, slowest ${seconds(all.maxUs)} (${(((all.maxUs - all.meanUs) / all.meanUs) * 100).toFixed(1)}% over the mean): a time limit set at the slowest of the first 5 would have killed ${over} of the ${RUNS} jobs`,
    };
  },
  explanation:
    'Repeat the run, and report its spread with its mean: how many runs, the standard deviation or CoV, and the slowest. One run, or the best of a few, hides what a user of the machine meets; a few runs can miss the rare slow one that decides a time limit, which is why the first five runs here under-state the spread of a hundred. Kramer and Ryan ask for variation to be measured and designed for, by the makers of machines and by their users (001 secs 12 and 14); Worley’s slides (004) report every process’s most, least and average time, and ask for whole-system monitoring to tell jitter from other users’ traffic. In NoiseLab, the Run to run view (and the command line’s noiselab repeat) does this for any scenario.',
};
