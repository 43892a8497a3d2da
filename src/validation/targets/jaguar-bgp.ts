// Targets 10 (the FWQ kurtosis half; the MPI-FWQ and POP half is in applications.ts) and 11:
// Jaguar XT5 with the stock, Reduced Noise and prototype RN kernels, and Blue Gene/P
// (003 sec 4, Figs 1–2; 002 slides 24–26). The presets are scenarios/jaguar-xt5-*.json and
// scenarios/bgp-intrepid.json; their noise sources say what each value was calibrated against.
import { FWQ_W18_US } from '../workloads.ts';
import { BarrierRun } from '../../engine/barrier-run.ts';
import { runFwq } from '../../engine/fwq.ts';
import { resultOf } from '../../engine/result.ts';
import type { Scenario } from '../../scenario/types.ts';
import { loadPreset, variant } from '../presets.ts';
import {
  median,
  nearOrders,
  nearOrdersText,
  nearValue,
  nearValueText,
  overSeeds,
  overSeedsText,
} from '../tolerance.ts';
import type { Check, Target, TargetContext } from '../types.ts';

/** The FWQ quantum of w = 18 on Jaguar XT5, µs (not published; see workloads.ts). */
export const FWQ_W18_XT5_US = FWQ_W18_US;

/** The same 1.66 million cycles on BG/P's 850 MHz PowerPC 450 (Figure 1 compares cycles). */
export const FWQ_W18_BGP_US = 1950;

/** Samples per core of every FWQ run here, as the paper's (003 sec 4: "2,000 data samples"). */
export const FWQ_SAMPLES = 2000;

const fmt = (x: number, digits = 1) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Seeds of the FWQ runs: 1–5 in CI, 1–20 for the report (each run takes milliseconds). */
function fwqSeeds(ctx: TargetContext): number[] {
  const n = ctx.mode === 'full' ? 20 : 5;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Per-core kurtosis of one FWQ run (2,000 quanta per core) on the preset's first job node. */
function kurtosisByCore(base: Scenario, seed: number, workUs: number): number[] {
  const s = variant(base, (d) => {
    d.seed = seed;
  });
  // A core whose samples are all equal has no kurtosis (null); that would be a perfectly quiet
  // core, and counts as the normal distribution's 3 would: below every threshold here.
  return runFwq(s, { workUs, samples: FWQ_SAMPLES }).cores.map((c) => c.kurtosis ?? 3);
}

function fwqRunText(file: string, cores: string, workUs: number, seeds: number[]): string {
  return (
    `scenarios/${file}.json, FWQ on node 0: a process on each core, ${cores}, ` +
    `${FWQ_SAMPLES.toLocaleString('en-US')} quanta of ${workUs} µs per core, ` +
    `seeds ${seeds[0]}–${seeds[seeds.length - 1]}`
  );
}

const range = (xs: number[]) => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

const fwqKurtosis: Target = {
  number: 12,
  title: 'Jaguar XT5 and BG/P FWQ kurtosis',
  cite: '003 sec 4, Fig 1, Fig 2 and footnote 1',
  fast: true,
  run(ctx) {
    const seeds = fwqSeeds(ctx);
    const checks: Check[] = [];

    // Stock kernel (Chester, 003 Fig 1): every core is noisy.
    const stock = loadPreset('jaguar-xt5-stock');
    const stockRuns = seeds.map((seed) => kurtosisByCore(stock, seed, FWQ_W18_XT5_US));
    const stockMedians = stockRuns.map((k) => median(k));
    const stockAll = stockRuns.flat();
    checks.push({
      id: 'fwq-kurtosis-stock',
      claim: 'FWQ kurtosis of an XT5 node with the stock kernel is in the hundreds',
      published: '595.98 (Chester, w = 18, 2,000 samples)',
      simulated:
        `${fmt(median(stockMedians))} (median over seeds of each run’s median over the 8 ` +
        `cores, ${range(stockMedians)}; all cores and seeds ${fmt(median(stockAll))}; single ` +
        `cores ${range(stockAll)})`,
      tolerance: `median over seeds of the runs’ medians ${nearValueText(595.98, (x) => fmt(x, 0))}`,
      pass: nearValue(median(stockMedians), 595.98),
      basis: 'calibrated',
      run: fwqRunText('jaguar-xt5-stock', 'cores 0–7', FWQ_W18_XT5_US, seeds),
      note:
        'Kurtosis from 2,000 samples is dominated by the few largest events of a run, so it ' +
        'varies from core to core and seed to seed; the check takes the median over the cores ' +
        'of each run. The quantum of w = 18 is not published (690 µs assumed, see FWQ_W18_XT5_US). ' +
        'A fit: the stock kernel’s periods were solved for this kurtosis (its provenance).',
    });

    // Production Reduced Noise kernel: the application cores 1–7 are quiet.
    const rn = loadPreset('jaguar-xt5-rn');
    const rnRuns = seeds.map((seed) => kurtosisByCore(rn, seed, FWQ_W18_XT5_US).slice(1));
    const rnMedians = rnRuns.map((k) => median(k));
    const rnAll = rnRuns.flat();
    checks.push({
      id: 'fwq-kurtosis-rn',
      claim: 'with the Reduced Noise kernel the application cores’ FWQ kurtosis drops to about 4',
      published: '4.27 (Chester, RN kernel, w = 18, 2,000 samples)',
      simulated:
        `${fmt(median(rnAll), 2)} (median over cores 1–7 and seeds; per-run medians ` +
        `${range(rnMedians)}; single cores ${range(rnAll)})`,
      tolerance: `median over seeds of the runs’ medians ${nearValueText(4.27, (x) => fmt(x, 2))}`,
      pass: nearValue(median(rnMedians), 4.27),
      basis: 'calibrated',
      run: fwqRunText('jaguar-xt5-rn', 'application cores 1–7 reported', FWQ_W18_XT5_US, seeds),
      note:
        'What is left on an application core is its own timer interrupt (a 250 Hz tick lands in ' +
        'about 17% of the 690 µs quanta: a two-valued sample of kurtosis about 4) and the ' +
        'unrestricted Lustre, DVS and packet-mapping work. A rare Lustre or DVS event landing on ' +
        'one application core gives that core a kurtosis in the hundreds (the largest single ' +
        'core above), hence the median. A fit: the tick was set for this kurtosis (its provenance).',
    });

    // Prototype RN kernel (003 Fig 2, footnote 1): cores 0 and 1 noisy, cores 2–7 quiet.
    const proto = loadPreset('jaguar-xt5-rn-prototype');
    const protoRuns = seeds.map((seed) => kurtosisByCore(proto, seed, FWQ_W18_XT5_US));
    const ratios = protoRuns.map((k) => Math.min(k[0], k[1]) / median(k.slice(2)));
    const core01 = protoRuns.flatMap((k) => [k[0], k[1]]);
    const core27 = protoRuns.flatMap((k) => k.slice(2));
    const factor = median(ratios);
    checks.push({
      id: 'fwq-kurtosis-prototype',
      claim:
        'prototype RN kernel: cores 0 and 1 have a kurtosis far above that of cores 2–7 ' +
        '(some interrupts inadvertently pinned to core 1)',
      published: 'four orders of magnitude (Fig 2)',
      simulated:
        `${fmt(factor, 0)}× (median over seeds of min(core 0, core 1) / median(cores 2–7); ` +
        `per run ${range(ratios)}×; cores 0–1: ${fmt(median(core01))}, cores 2–7: ` +
        `${fmt(median(core27), 2)})`,
      tolerance: `median over seeds ${nearOrdersText(4)}`,
      pass: nearOrders(factor, 4),
      basis: 'calibrated',
      run: fwqRunText('jaguar-xt5-rn-prototype', 'cores 0–7', FWQ_W18_XT5_US, seeds),
      note:
        'Four orders of magnitude cannot be reached with 2,000 samples: with the formula ' +
        'Σ(x − x̄)⁴/((n − 1)s⁴) a sample of n values has a kurtosis of at most about n − 3 ' +
        '(one outlier), 1,997 here, while the quiet cores sit near 4; the ceiling is about ' +
        '500× (2.7 orders). Fig 2 does not say how many samples it used. Cores 0 and 1 carry ' +
        'many events of tens to hundreds of µs (core 0: the OS services; core 1: TCP/IP and ' +
        'machine-check interrupts), so their kurtosis is in the hundreds rather than at the ceiling.',
    });

    // Blue Gene/P (003 Fig 1): very quiet, the same on every core.
    const bgp = loadPreset('bgp-intrepid');
    const bgpRuns = seeds.map((seed) => kurtosisByCore(bgp, seed, FWQ_W18_BGP_US));
    const bgpMedians = bgpRuns.map((k) => median(k));
    const bgpAll = bgpRuns.flat();
    checks.push({
      id: 'fwq-kurtosis-bgp',
      claim: 'BG/P is very quiet: FWQ kurtosis near that of a normal distribution, on every core',
      published: '6.76 (IBM BG/P, w = 18, 2,000 samples)',
      simulated:
        `${fmt(median(bgpAll), 2)} (median over cores and seeds; per-run medians ` +
        `${range(bgpMedians)}; single cores ${range(bgpAll)})`,
      tolerance: `median over seeds of the runs’ medians ${nearValueText(6.76, (x) => fmt(x, 2))}`,
      pass: nearValue(median(bgpMedians), 6.76),
      basis: 'calibrated',
      run: fwqRunText('bgp-intrepid', 'cores 0–3', FWQ_W18_BGP_US, seeds),
      note:
        'The noise is a Poisson stream of fixed, tiny events per core; such a sample has ' +
        'kurtosis 3 + 1/λ for λ events per quantum, and the period was set for λ = 0.266 ' +
        '(3 + 1/0.266 = 6.76) with a quantum of 1,950 µs (assumed: the XT5 quantum’s cycle ' +
        'count at 850 MHz). So this check confirms the calibration, it does not test a prediction.',
    });
    return checks;
  },
};

/** Node counts of the BG/P barrier series (target 11): one node to the full machine. */
export const BGP_NODE_COUNTS = [1, 8, 64, 512, 4096, 40960];

/**
 * Seeds and iterations per node count of the BG/P barrier series, fixed before any result was
 * looked at: seeds 1–5 in both modes, judged on the median over seeds. Full mode runs 500
 * iterations a seed where it ran 1,000 on the preset's one seed (2.5× the cost); fast mode 100.
 */
const BGP_SEEDS = [1, 2, 3, 4, 5];
const BGP_PLAN = {
  full: { iterations: 500, warmup: 20 },
  fast: { iterations: 100, warmup: 10 },
} as const;

interface BarrierPoint {
  nodes: number;
  latencyUs: number;
}

/** Mean barrier latency ℓ = Δ − g of the BG/P preset at each node count, on one seed. */
function bgpSeries(base: Scenario, seed: number, g: number, iterations: number, warmup: number) {
  return BGP_NODE_COUNTS.map((nodes): BarrierPoint => {
    const s = variant(base, (d) => {
      d.seed = seed;
      d.job.nodes = nodes;
      d.workload = { kind: 'barrier', granularityUs: g, iterations, warmup };
    });
    const r = resultOf(new BarrierRun(s).run());
    return { nodes, latencyUs: r.summary.meanLatencyUs };
  });
}

const bgpBarrier: Target = {
  number: 11,
  title: 'BG/P barrier latency stays flat from 1 to 40,960 nodes',
  cite: '003 sec 4; 002 slides 24–26; model.md §4',
  fast: true,
  run(ctx) {
    const base = loadPreset('bgp-intrepid');
    const { iterations, warmup } = BGP_PLAN[ctx.mode];
    const { baseUs, perLevelUs } = base.machine.collective;
    const d = base.noise[0].duration;
    const eventUs = d.dist === 'fixed' ? d.valueUs : NaN;
    return [0, 1000].map((g): Check => {
      const series = BGP_SEEDS.map((seed) => bgpSeries(base, seed, g, iterations, warmup));
      // Per seed, every node count on that seed: the largest latency over the one-node one.
      const worst = overSeeds(
        series.map((pts) => Math.max(...pts.map((p) => p.latencyUs / pts[0].latencyUs))),
        BGP_SEEDS,
      );
      const list = BGP_NODE_COUNTS.map(
        (nodes, i) =>
          `${nodes.toLocaleString('en-US')}: ${fmt(median(series.map((pts) => pts[i].latencyUs)), 2)}`,
      ).join(', ');
      return {
        id: `bgp-barrier-flat-g${g}`,
        claim:
          `BG/P barrier at g = ${g === 0 ? '0' : '1 ms'}: the global barrier network and the ` +
          'quiet CNK keep the latency within 2× of one node’s up to the full machine',
        published: 'BG/P "very quiet" (003 sec 4); no barrier latency published',
        simulated:
          `median over seeds of the mean latency (µs) by nodes: ${list}; the largest over the ` +
          `one-node value: ${overSeedsText(worst, (x) => `${fmt(x, 2)}×`)}`,
        tolerance:
          'none published; shown: ≤ 2× the one-node value at every size (median over seeds of ' +
          'each seed’s largest ratio)',
        pass: worst.median <= 2,
        basis: 'illustration',
        run:
          `scenarios/bgp-intrepid.json, 4 ranks per node, poll, g = ${g} µs, seeds ` +
          `${BGP_SEEDS[0]}–${BGP_SEEDS[BGP_SEEDS.length - 1]} × ${iterations} iterations ` +
          `(${warmup} warm-up) at each of ` +
          `${BGP_NODE_COUNTS.map((n) => n.toLocaleString('en-US')).join(', ')} nodes`,
        note:
          `Mostly by construction: the barrier is ${baseUs} µs + ${perLevelUs} µs per doubling ` +
          `(${fmt(baseUs + perLevelUs * 16, 2)} µs at 40,960 nodes; assumed, BG/P's latency is not ` +
          `in the seeds), and the noise per event is tiny (${eventUs} µs; its length is not ` +
          'published either). What grows with the nodes is the chance that some core has an event in the ' +
          'iteration, and at full scale several on the same core (with 1 ms of work, up to about ' +
          'four on one of the 163,840 cores): the latency climbs by about a µs. With events of ' +
          '0.5 µs instead, g = 1 ms would reach about 2.15× (tried with seeds 1–3 and 2008).',
      };
    });
  },
};

export const jaguarBgpTargets: Target[] = [fwqKurtosis, bgpBarrier];
