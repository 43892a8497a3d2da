// The Jaguar XT5 RN shape, small: core 0 reserved for the OS, a tick on every core, several
// sources on core 0 (periodic and Poisson, long-tailed), and "any" sources that land on core 0
// when it is free and otherwise preempt a rank. The dense loop's hardest case (dense-loop.ts).
import { scenario, source } from '../helpers/scenario.ts';

export const rnShape = (waitMode: 'poll' | 'block', seed: number) =>
  scenario({
    nodes: 160,
    cores: 8,
    ranksPerNode: 7,
    reservedCores: [0],
    g: 1000,
    iterations: 700,
    warmup: 10,
    waitMode,
    wakeupUs: waitMode === 'block' ? 15 : 0,
    seed,
    collective: { kind: 'software', baseUs: 1, perLevelUs: 4 },
    noise: [
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((c) =>
        source({
          id: `tick${c}`,
          periodUs: 4000,
          cpu: c,
          duration: { dist: 'uniform', minUs: 2.5, maxUs: 3.5 },
        }),
      ),
      source({ id: 'tod', periodUs: 4000, cpu: 0, duration: { dist: 'fixed', valueUs: 1.5 } }),
      source({
        id: 'rca',
        periodUs: 30_000,
        cpu: 0,
        duration: { dist: 'lognormal', medianUs: 400, sigma: 1 },
      }),
      source({
        id: 'tcp',
        periodUs: 20_000,
        cpu: 0,
        arrival: 'poisson',
        duration: { dist: 'exponential', meanUs: 300 },
      }),
      source({
        id: 'packets',
        periodUs: 40_000,
        cpu: 'any',
        arrival: 'poisson',
        duration: { dist: 'lognormal', medianUs: 30, sigma: 1.2 },
      }),
      source({
        id: 'lustre',
        periodUs: 90_000,
        cpu: 'any',
        arrival: 'poisson',
        duration: { dist: 'pareto', scaleUs: 50, shape: 1.5 },
      }),
    ],
  });
