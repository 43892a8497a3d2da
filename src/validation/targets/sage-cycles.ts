// Target 18: SAGE's cycle time from cycle to cycle (000 sec 2, Fig 4): 1,000 cycles on 3,584
// processors of one ASCI Q segment, each the same work, took from "just over 0.7 s to over
// 3.0 s, indicating greater than a factor of 4 in variability".
import { PhaseRun } from '../../engine/phase-run.ts';
import type { Scenario } from '../../scenario/types.ts';
import { loadPreset, variant } from '../presets.ts';
import { overSeeds, overSeedsText } from '../tolerance.ts';
import type { Check, Target, TargetContext } from '../types.ts';
import { SAGE_ALLREDUCES_PER_CYCLE, sageWorkload } from '../workloads.ts';

const SEEDS = [1, 2, 3, 4, 5];
const PRESET = 'asci-q-2002'; // sec 2 measured the machine before the January 2003 changes
const JOB = { nodes: 896, ranksPerNode: 4 }; // 3,584 processors, all four of each node

/**
 * The published figure is a range over 1,000 cycles, and a range depends on how many cycles it
 * is taken over. 1,000 cycles on each of five seeds would take some 30 minutes here; instead each
 * seed runs 200 and the range is taken over the 1,000 together (seeds are machine states: the
 * phases of every source; the slowest source's period is 60 s, a seed's 200 cycles cover about
 * four minutes of machine time, so five of them stand for one run of 1,000). Each seed's own range
 * is shown beside it. Fixed before any result was looked at. Fast mode (CI): 10 cycles per seed.
 */
const PLAN = {
  full: { iterations: 202, warmup: 2 },
  fast: { iterations: 12, warmup: 2 },
} as const;

/** Published (000 sec 2): "just over 0.7 s" and "over 3.0 s", "greater than a factor of 4". */
const FASTEST_S = 0.7;
/** "Just over" a value: at or above it, and within the report's ±20% of it (tolerance.ts). */
const JUST_OVER = 0.2;
const SLOWEST_OVER_S = 3.0;
const SPREAD_OVER = 4;

const seconds = (x: number) => `${x.toFixed(2)} s`;
const times = (x: number) => `${x.toFixed(2)}×`;

function cycleTimes(s: Scenario): Float64Array {
  const run = new PhaseRun(s).run();
  return run.durations.slice(0, run.measured);
}

const sageCycles: Target = {
  number: 18,
  title: 'SAGE’s cycle time from cycle to cycle: 0.7 s to over 3 s on 3,584 processors (Fig 4)',
  cite: '000 sec 2, Fig 4',
  fast: true,
  run(ctx: TargetContext): Check[] {
    const { iterations, warmup } = PLAN[ctx.mode];
    const base = variant(loadPreset(PRESET), (d) => {
      d.job = { ...d.job, ...JOB };
      d.workload = sageWorkload(d, iterations, warmup);
    });
    // Seconds per cycle, per seed in the order of SEEDS.
    const perSeed = SEEDS.map((seed) =>
      Array.from(
        cycleTimes(
          variant(base, (d) => {
            d.seed = seed;
          }),
        ),
        (us) => us / 1e6,
      ),
    );
    const all = perSeed.flat();
    const lo = Math.min(...all);
    const hi = Math.max(...all);
    const seedLo = overSeeds(
      perSeed.map((c) => Math.min(...c)),
      SEEDS,
    );
    const seedHi = overSeeds(
      perSeed.map((c) => Math.max(...c)),
      SEEDS,
    );
    const sorted = [...all].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))];
    const shape = `median ${seconds(at(0.5))}, 90th percentile ${seconds(at(0.9))}, 99th ${seconds(at(0.99))}`;
    // The noiseless cycle of this job (the seed changes nothing without noise).
    const model =
      cycleTimes(
        variant(base, (d) => {
          d.noise = [];
          d.workload = sageWorkload(d, 2, 0);
        }),
      )[0] / 1e6;
    const n = all.length;
    const run =
      `${PRESET}: ${JOB.nodes} nodes × ${JOB.ranksPerNode} (${JOB.nodes * JOB.ranksPerNode} ranks), ` +
      `SAGE cycles (compute and allreduces, src/validation/workloads.ts), ${n / SEEDS.length} ` +
      `cycles on each of seeds ${SEEDS[0]}–${SEEDS[SEEDS.length - 1]} after ${warmup} warm-up, ` +
      `${n} in all`;
    const pooled = `over the ${n} cycles of seeds ${SEEDS[0]}–${SEEDS[SEEDS.length - 1]}`;
    const why =
      `In the model a cycle is ${seconds(model)} of work without noise, in ` +
      `${SAGE_ALLREDUCES_PER_CYCLE} allreduce phases each of which waits for the longest noise ` +
      `event any of the ${JOB.nodes} nodes meets in it. `;
    return [
      {
        id: 'fig4-fastest-cycle',
        claim: 'the fastest of 1,000 SAGE cycles on 3,584 processors takes just over 0.7 s',
        published: 'just over 0.7 s',
        simulated: `${seconds(lo)} ${pooled}; each seed's fastest ${overSeedsText(seedLo, seconds)}`,
        tolerance: `0.70–${seconds(FASTEST_S * (1 + JUST_OVER))} (just over 0.7 s: at most 20% over)`,
        pass: lo >= FASTEST_S && lo <= FASTEST_S * (1 + JUST_OVER),
        run,
        note:
          lo > FASTEST_S * (1 + JUST_OVER)
            ? why +
              'With the heartbeats (640 µs every 125 ms on every node), the kernel activity and ' +
              'the RMS daemons at their published rates, almost every phase meets one, so no ' +
              'cycle comes near the noiseless one. The same shortfall as Table 3’s best observed ' +
              'cycle (target 1): what let some of Q’s cycles escape the noise is not in the ' +
              'published sources.'
            : '',
      },
      {
        id: 'fig4-slowest-cycle',
        claim: 'the slowest of 1,000 SAGE cycles on 3,584 processors takes over 3.0 s',
        published: 'over 3.0 s',
        simulated: `${seconds(hi)} ${pooled}; each seed's slowest ${overSeedsText(seedHi, seconds)}`,
        tolerance: '> 3.0 s',
        pass: hi > SLOWEST_OVER_S,
        run,
        note:
          hi <= SLOWEST_OVER_S
            ? why +
              `Over 3 s needs ${seconds(SLOWEST_OVER_S - model)} of delay in one cycle, several ` +
              'of the longest published events (the quorum node’s 335 ms once a minute per ' +
              'cluster, the cluster manager’s up to 200 ms) in its phases; the simulated ' +
              `cycles have a right tail (${shape}) that stops short of that. What made Q’s ` +
              'slowest cycles is not in the published sources.'
            : '',
      },
      {
        id: 'fig4-spread',
        claim: 'cycle times vary by more than a factor of 4',
        published: '> 4× (slowest / fastest)',
        simulated: `${times(hi / lo)} ${pooled} (${seconds(lo)} to ${seconds(hi)}; ${shape})`,
        tolerance: '> 4×',
        pass: hi / lo > SPREAD_OVER,
        run,
        note: hi / lo <= SPREAD_OVER ? 'See the two checks above: both ends miss.' : '',
      },
    ];
  },
};

export const sageCycleTargets: Target[] = [sageCycles];
