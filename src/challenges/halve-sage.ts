// "Halve the cycle time on ASCI Q at the smallest loss of processors": SAGE on all
// 8,192 processors of ASCI Q as of 2002 runs far slower than its model (000 Table 3); the
// student may give processors up (fewer nodes, processes per node, reserved cores, excluded
// cluster offsets) but not touch the noise, the machine, the workload or the seed.
import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';
import { forbiddenChanges } from './diff.ts';
import { compared, count, duration, RESTART_LINE } from './format.ts';
import type { Challenge, CheckPlan, Verdict } from './types.ts';

/** The job fields that trade processors for noise; every other field must stay as at the start. */
const ALLOWED = ['job.nodes', 'job.ranksPerNode', 'job.reservedCores', 'job.excludeOffsets'];

/** The speed-up asked for: the cycle at most half the start's. */
const TARGET = 2;

/**
 * The fewest processors given up among the solutions we know: 3 processes per node on all 2,048
 * nodes (6,144 PEs, 0.74 s against 1.74 s). Excluding the special nodes 0, 1 and 31 of every
 * cluster keeps 7,424 PEs but only reaches 1.64× (tests/challenges/halve-sage.test.ts).
 */
export const BEST_KNOWN_PROCESSORS = 6144;

const processors = (s: Scenario) => s.job.nodes * s.job.ranksPerNode;

function plan(student: Scenario, start: Scenario): CheckPlan {
  const forbidden = forbiddenChanges(start, student, ALLOWED);
  if (forbidden.length > 0) {
    const shown = forbidden.slice(0, 4).join(', ');
    const more = forbidden.length > 4 ? ` and ${forbidden.length - 4} more` : '';
    return {
      verdict: {
        pass: false,
        refused: true,
        summary: `your scenario changes ${shown}${more}, which this challenge keeps as at the start.`,
        lines: [
          'Only the job’s nodes, processes per node, reserved cores and excluded cluster offsets may change: the noise sources are the machine’s (none may be switched off or edited), and the workload, machine and seed stay as they are.',
          RESTART_LINE,
        ],
      },
    };
  }
  return {
    runs: [
      { label: 'the start', scenario: start },
      { label: 'your scenario', scenario: student },
    ],
  };
}

function judge(student: Scenario, start: Scenario, results: readonly RunResult[]): Verdict {
  const [before, after] = results.map((r) => r.summary.meanIterationUs);
  const speedup = before / after;
  const used = processors(student);
  const all = processors(start);
  const pass = speedup >= TARGET;
  const best =
    used > BEST_KNOWN_PROCESSORS
      ? `better than the best known, which uses ${count(BEST_KNOWN_PROCESSORS)}!`
      : `the best known uses ${count(BEST_KNOWN_PROCESSORS)}.`;
  const measured = `cycle time ${duration(after)} is ${compared(speedup)} the start’s ${duration(before)}, using ${count(used)} of ${count(all)} processors`;
  return {
    pass,
    summary: pass ? `${measured}: passes; ${best}` : `${measured}: not yet, the goal is 2×.`,
    lines: pass
      ? [
          used === all
            ? 'No processor given up?'
            : `You gave up ${count(all - used)} processors (${((100 * (all - used)) / all).toFixed(1)}%) to halve the cycle.`,
        ]
      : [
          speedup < 1
            ? 'Your change made the cycle slower.'
            : `Still ${duration(after - before / TARGET)} per cycle too slow.`,
          'The noise is on every node, not only on a few (look at the daemons’ placements).',
        ],
  };
}

export const halveSage: Challenge = {
  id: 'halve-sage',
  title: 'Halve SAGE’s cycle on ASCI Q, giving up as few processors as you can',
  goal: 'SAGE runs on all 8,192 processors of ASCI Q as it was in 2002, far slower than its model (the paper: 1.60 s a cycle against the model’s 0.63 s, 000 Table 3). What you halve is the simulator’s own start, a short run of three measured cycles on this seed, not the paper’s figure: Check before changing anything shows it. Make the cycle at least twice as fast while keeping as many processors as you can: you may change only the job (nodes, processes per node, reserved cores, excluded cluster offsets); the noise, the machine, the workload and the seed stay as they are.',
  hints: [
    'The paper’s first clue (000 Fig 2): with 1, 2 or 3 processes per node SAGE matches its model; only with 4 does it fall behind.',
    'Taking whole nodes out (Machine & job: exclude cluster offsets 0, 1 and 31) removes the worst daemons but not the noise every node has.',
    'A node with a spare processor runs its own daemons there, instead of on one of the application’s.',
  ],
  /** SAGE's cycle against processors, 1 to 4 per node (000 Fig 2, the hints' first clue): the
   * node map, which would show the nodes worth giving up, draws barrier workloads only */
  view: 'cycle-time',
  start: {
    preset: 'sage-asci-q-2002',
    edits: [
      { kind: 'set', path: 'job.nodes', value: 2048 },
      { kind: 'set', path: 'workload.iterations', value: 5 },
    ],
  },
  runNote:
    'SAGE on up to 8,192 PEs, 5 cycles (2 warm-up), twice (the start and yours, in parallel): about 5 s.',
  plan,
  judge,
};
