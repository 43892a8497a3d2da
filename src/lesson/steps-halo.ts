// The run-to-run lesson's steps on halo exchanges (seed 004, Worley's HALO measurements on the
// Cray XT3 "jaguarcnl" and XT4 "Franklin"; docs/workloads.md §7): a code with no global
// synchronisation, where a delay travels one neighbour per update, and the most and least a
// process waits as the job grows. They run scenarios/halo-jaguar-xt5-stock.json: a halo on a 2-D
// torus with Jaguar XT5's stock CNL noise standing in for the XT3/XT4's (not published).
import { HIT_ITERATION, RIPPLE_DEFAULTS, rippleOf, type RippleRun } from '../engine/ripple.ts';
import { fail, time, treeOf } from './figures.ts';
import type { LessonStep } from './types.ts';

const HALO = 'halo-jaguar-xt5-stock';
/** µs below which a rank counts as on time (rounding in the release sums), as the ripple view */
const ON_TIME_US = 1e-6;
/** Iterations after the hit the reveal counts late ranks at: the next three. */
const AFTER = [1, 2, 3] as const;

/** µs as the waits read: `778 µs`, `2.27 µs`, `0.0043 µs` (a wait near nothing keeps its digits). */
const wait = (us: number) => (us >= 0.1 ? time(us) : `${us.toPrecision(2)} µs`);

/** Ranks released late from iteration i of a ripple run. */
function lateRanks(run: RippleRun, ranks: number, i: number): number {
  let late = 0;
  for (let r = 0; r < ranks; r++) if (run.lateUs[i * ranks + r] > ON_TIME_US) late++;
  return late;
}

export const ripple: LessonStep = {
  id: 'ripple',
  number: 4,
  title: 'A code without a barrier: how far does one delay travel?',
  intro:
    'Many codes never stop everyone at once: a stencil code trades the edges of its patch with its grid neighbours (a halo exchange) and goes on when theirs are in. Wallcraft’s HALO benchmark, which Worley ran on the Cray XT3 and XT4, does only that (004). The simulator runs a halo exchange on a 2-D torus of processes with Jaguar XT5’s operating-system noise; for Reveal it holds up one process by 1 ms in iteration 2, on a small grid of a few hundred.',
  view: 'timeline',
  revealView: 'ripple',
  state: {
    preset: HALO,
    edits: [{ kind: 'set', path: 'workload.iterations', value: 200 }],
  },
  runNote:
    'Halo exchange, 4,096 processes, 200 updates (under 1 s); then the ripple: the same machine on a grid of a few hundred processes, one 1 ms delay, run as a halo exchange and as a barrier (a fraction of a second).',
  question: {
    kind: 'choice',
    prompt:
      'One process is held up by 1 ms. One update later, which processes of the halo exchange are late?',
    options: [
      { id: 'a', label: 'Only the one that was held up' },
      {
        id: 'b',
        label: 'It and its four neighbours; with a barrier, every process would be',
      },
      { id: 'c', label: 'Every process, as with a barrier' },
      { id: 'd', label: 'None: the others wait for nobody' },
    ],
    answer: 'b',
  },
  published: {
    value: 'a barrier waits for the slowest; a halo update only for the neighbours',
    detail:
      'At a barrier every process waits for the slowest of them all, at every step (000 sec 3.3). HALO has no global synchronisation: each update trades boundaries with the grid neighbours (004, “HALO on Jaguarcnl”), so a delay reaches the others only through its neighbours.',
    cite: '000 sec 3.3; 004 (slide “HALO on Jaguarcnl”)',
  },
  simulate: ({ scenario }) => {
    const r = rippleOf(scenario, RIPPLE_DEFAULTS);
    const at = (run: RippleRun) =>
      AFTER.map((k) => lateRanks(run, r.ranks, HIT_ITERATION + k)).join(', ');
    return {
      ok: true,
      value: `halo: ${at(r.halo)} late; barrier: ${at(r.barrier)}`,
      detail: `of ${r.ranks} processes (a ${r.sides[0]} × ${r.sides[1]} torus), 1, 2 and 3 updates after the ${time(RIPPLE_DEFAULTS.eventUs)} hold-up; in the halo the delay spreads one neighbour per update and never shrinks`,
    };
  },
  explanation:
    'At a barrier one late process holds up everyone at once (000 sec 3.3). In a halo exchange a process waits only for its neighbours, so the delay spreads one neighbour per update: 5 processes, then 13, then 25, a diamond on the grid (docs/workloads.md §7 derives it). It never shrinks, and on a large machine it reaches everyone in the end; but noise elsewhere meets it only where two delays cross, so a halo code pays less for the same noise than a barrier code, which pays for the latest process at every step. Drag the ripple’s iteration slider, or switch its delay to the scenario’s own noise. Run to run, this is why a halo code’s time still varies: each run its processes are held up at other moments, and how the delays meet differs.',
};

/** The comparison: 16 processes (4 nodes × 4), the smallest count on Worley's slides. */
const FEW_NODES = 4;

export const maxMin: LessonStep = {
  id: 'max-min',
  number: 5,
  title: 'The slowest and the fastest process as the job grows',
  intro:
    'Worley timed a single halo update on every process of the Cray XT4 Franklin and reported the most, the least and the average over the processes (004). The simulator runs 2,000 halo updates on 4,096 processes (shown) and on 16 (the comparison run), with Jaguar XT5’s noise standing in for the XT4’s.',
  view: 'timeline',
  revealView: 'cycle-time',
  state: { preset: HALO, edits: [] },
  compare: {
    label: '16 processes',
    state: { preset: HALO, edits: [{ kind: 'set', path: 'job.nodes', value: FEW_NODES }] },
  },
  runNote:
    'Halo exchange, 2,000 updates on 4,096 processes (about 3 s) and on 16 (a fraction of a second), in parallel.',
  question: {
    kind: 'choice',
    prompt:
      'From 16 to 4,096 processes, what happens to the most a process waits in one update, and to the least?',
    options: [
      { id: 'a', label: 'Both grow' },
      { id: 'b', label: 'The most grows; the least stays about the same' },
      { id: 'c', label: 'Neither changes: there is no global synchronisation' },
      { id: 'd', label: 'The least grows; the most stays about the same' },
    ],
    answer: 'b',
  },
  published: {
    value: 'the max grows with the process count; the min does not',
    detail:
      '“Minimum time does not show total process count dependence”, while the maximum, 5 to 10 times the minimum for small halos, grows and gets noisier with the process count (“HALO on Franklin: max vs. min”). On the XT3 the cost of an update grew 3 times from 16 to 4,096 processes (“HALO on Jaguarcnl”).',
    cite: '004 (slides “HALO on Franklin: max vs. min”, “HALO on Jaguarcnl”)',
  },
  simulate: ({ run, compare }) => {
    const many = treeOf(run, 'shown');
    const few = treeOf(compare, '16-process');
    if (!many.ok) return fail(many.reason);
    if (!few.ok) return fail(few.reason);
    const a = many.value.rankCollectiveUs;
    const b = few.value.rankCollectiveUs;
    if (a === null || b === null) return fail('the runs are not halo exchanges');
    const cost = run.summary.meanIterationUs / compare!.summary.meanIterationUs;
    return {
      ok: true,
      value: `most wait ${wait(b.max)} → ${wait(a.max)}; least ${wait(b.min)} → ${wait(a.min)}`,
      detail: `per update, averaged over 2,000, from 16 to ${many.value.ranks.toLocaleString('en-US')} processes; the update’s cost grows ${cost.toFixed(2)} times (the paper: 3 times); the least wait ${a.min < b.min * 0.8 ? 'falls' : a.min > b.min * 1.2 ? 'grows' : 'stays about the same'}`,
    };
  },
  explanation:
    'The most grows: with more processes, in more updates some process is held up by noise, and its neighbours wait for it (004, “HALO on Franklin: max vs. min”). Worley’s least stayed flat; here it falls toward nothing, and that is a miss of the model: a process whose neighbours’ messages are already in when it arrives goes on at once, because taking a message costs no time in NoiseLab (docs/workloads.md §7), while a real update still copies its halo in and out, a floor that does not depend on the process count (docs/validation.md, target 13). The cost of an update grows too, though less surely than the paper’s 3 times: from seed to seed it ranges widely, since one long event is a large share of a few milliseconds of updates. Worley could not tell from his data whether other users’ jobs or the operating system made Franklin vary from run to run (004, summary slides); the simulation has only the operating system. The Cycle time tab on the stage draws the cost of an update against the process count, as Worley’s XT3 slide does, and its summary gives the most and least wait.',
};
