// "Find a noise source that hurts g = 5 ms but not g = 0" (Finding #4, resonance, 000
// sec 6, Fig 18). The checker runs the student's one enabled source alone on a fixed test bed
// (ASCI Q, 1,024 nodes × 4, polling, hardware barrier) twice: back-to-back barriers (g = 0) and
// 5 ms of work per barrier. Everything else in the student's scenario is ignored.
import { collectiveLatency } from '../engine/collective.ts';
import type { RunResult } from '../engine/result.ts';
import { validateScenario } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { duration } from './format.ts';
import type { Challenge, CheckPlan, Verdict } from './types.ts';

/**
 * The two runs: 2,000 barriers at g = 0 (about 20 ms simulated) and 400 at g = 5 ms (2 s), each
 * with its warm-up: under 0.3 s of engine time each for any one source on 4,096 ranks.
 */
export const RUNS = [
  { granularityUs: 0, iterations: 2000, warmup: 50 },
  { granularityUs: 5000, iterations: 400, warmup: 20 },
] as const;

/** "Not hurt" at g = 0: the mean barrier latency at most 25% above the noiseless L. */
const CALM = 1.25;
/** "Hurts" at 5 ms: the mean latency at least 100 µs (2% of the quantum) above L. */
const HURT_US = 100;

const enabled = (s: Scenario) => s.noise.filter((n) => n.enabled);

/** The test bed with `source` as its only noise, at one granularity. */
function testBed(start: Scenario, source: Scenario['noise'][number], run: (typeof RUNS)[number]) {
  const workload = start.workload;
  if (workload.kind !== 'barrier') throw new Error('the test bed must be a barrier loop');
  return validateScenario({
    ...start,
    noise: [{ ...source, enabled: true }],
    workload: { ...workload, ...run },
  });
}

function refuse(summary: string, line: string): CheckPlan {
  return { verdict: { pass: false, refused: true, summary, lines: [line] } };
}

function plan(student: Scenario, start: Scenario): CheckPlan {
  const on = enabled(student);
  if (on.length === 0) {
    return refuse(
      'no noise source is switched on.',
      'No noise hurts nothing: switch on exactly one source (the one you designed or chose) and check again.',
    );
  }
  if (on.length > 1) {
    return refuse(
      `${on.length} noise sources are switched on; the checker judges one source alone.`,
      `Switch off all but one (on now: ${on.map((s) => s.label).join('; ')}).`,
    );
  }
  const [source] = on;
  if (source.phase === 'aligned') {
    return refuse(
      `“${source.label}” is aligned across nodes.`,
      'An aligned source could simply start after the short g = 0 run has ended: give it a random phase, as real daemons have.',
    );
  }
  try {
    return {
      runs: RUNS.map((run) => ({
        label: `g = ${run.granularityUs === 0 ? '0' : duration(run.granularityUs)}`,
        scenario: testBed(start, source, run),
      })),
    };
  } catch (e) {
    return refuse(`“${source.label}” cannot run on the test bed.`, (e as Error).message);
  }
}

function judge(student: Scenario, start: Scenario, results: readonly RunResult[]): Verdict {
  const [source] = enabled(student);
  const L = collectiveLatency(start.machine.collective, start.job.nodes, start.job.ranksPerNode);
  const [zero, five] = results.map((r) => r.summary.meanLatencyUs);
  const calm = zero <= CALM * L;
  const hurts = five >= L + HURT_US;
  const pass = calm && hurts;
  const at0 = `at g = 0 the mean barrier latency is ${duration(zero)} (noiseless ${duration(L)}): ${calm ? 'not hurt' : `hurt, more than ${duration(CALM * L)}`}`;
  const at5 = `at g = 5 ms it is ${duration(five)}: ${hurts ? 'hurt' : `not hurt enough, the goal is at least ${duration(L + HURT_US)}`}`;
  const lines = [`${source.label}, alone on 1,024 nodes × 4: ${at0}; ${at5}.`];
  if (!calm) {
    lines.push(
      'With no work between barriers, anything that strikes some node within a few microseconds delays the barrier: frequent noise resonates with g = 0.',
    );
  }
  if (!hurts) {
    lines.push(
      'A 5 ms quantum is delayed when an event strikes some node during it, by about the event’s duration: the source needs events long enough, and often enough across 1,024 nodes.',
    );
  }
  return {
    pass,
    summary: pass
      ? `“${source.label}” hurts g = 5 ms (mean barrier latency ${duration(five)}) but not g = 0 (${duration(zero)}).`
      : `“${source.label}” ${!calm ? 'hurts g = 0 too' : 'does not hurt g = 5 ms enough'}.`,
    lines,
  };
}

export const resonantNoise: Challenge = {
  id: 'resonant-noise',
  title: 'Find a noise source that hurts g = 5 ms but not g = 0',
  goal: 'Leave exactly one noise source switched on (any of ASCI Q’s, or one you edit, duplicate or design) such that, alone on 1,024 nodes × 4, it raises the mean barrier latency of a 5 ms loop by at least 100 µs yet leaves back-to-back barriers (g = 0) within 25% of the noiseless latency. On the Resonance view on the stage, whose curves are slowdowns, that is at least about 1.02× at g = 5 ms (100 µs on 5 ms of work) and at most 1.25× at g = 0. The checker runs your source alone at both granularities; the rest of your scenario does not count.',
  hints: [
    'The kernel heartbeat on show strikes every node 8 times a second: at g = 0 some node is nearly always in the middle of one.',
    'In 2,000 back-to-back barriers only about 20 ms pass; in 400 quanta of 5 ms, 2 s. Which sources rarely fire within 20 ms across 1,024 nodes?',
    'The paper’s Figure 18: at 5 ms the long, rare TruCluster and RMS activities cost most; at g = 0 the short, frequent kernel noise.',
  ],
  /** the slowdown against granularity: where a source hurts and where it does not */
  view: 'resonance',
  start: {
    preset: 'asci-q-2002',
    edits: [
      { kind: 'sources', enabled: false },
      { kind: 'sources', ids: ['kernel-heartbeat-125ms'], enabled: true },
    ],
  },
  runNote:
    'your source alone, 1,024 nodes × 4: 2,000 barriers at g = 0 and 400 at g = 5 ms, in parallel: well under a second each.',
  plan,
  judge,
};
