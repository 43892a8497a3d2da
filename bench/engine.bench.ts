// `npm run bench`: the engine's speed and memory on full-machine scenarios,
// printed as a table and written to docs/benchmarks.md. Never a
// timed test: shared machines are noisy, so each case reports the median of
// several runs and the dense case is compared with a floor measured in the
// same run. Each case runs in a child process so its peak RSS is its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { runPoints } from '../src/cli/sweep-pool.ts';
import { createRun } from '../src/engine/run.ts';
import { validateScenario } from '../src/scenario/validate.ts';
import { CASES } from './cases.ts';
import { floorLoop } from './floor.ts';
import { runSplit } from '../src/cli/split-run.ts';

interface Row {
  name: string;
  about: string;
  /** ranks of the largest scenario, and the smallest (sweeps) */
  ranks: number;
  minRanks: number;
  /** iterations summed over the case's scenarios */
  iterations: number;
  rankIterations: number;
  noiseEvents: number;
  wallMs: number;
  allMs: number[];
  maxRssMB: number;
  target?: string;
}

const FLOOR_RANKS = 149_504;
const FLOOR_ITERATIONS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Child mode: run one case and print its row as JSON. */
async function runCase(name: string): Promise<Row> {
  if (name === 'floor') {
    const allMs: number[] = [];
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      floorLoop(FLOOR_RANKS, FLOOR_ITERATIONS);
      allMs.push(performance.now() - t0);
    }
    return {
      name: 'floor',
      about: 'tight typed-array loop, 149,504 ranks × 1,000 iterations',
      ranks: FLOOR_RANKS,
      minRanks: FLOOR_RANKS,
      iterations: FLOOR_ITERATIONS,
      rankIterations: FLOOR_RANKS * FLOOR_ITERATIONS,
      noiseEvents: 0,
      wallMs: median(allMs),
      allMs,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
    };
  }
  const c = CASES.find((x) => x.name === name);
  if (!c) throw new Error(`unknown case ${name}`);
  // Through the validator, as every scenario a user runs.
  const scenarios = c.scenarios().map((s) => validateScenario(s));
  const allMs: number[] = [];
  let events = 0;
  for (let k = 0; k < c.reps; k++) {
    events = 0;
    const t0 = performance.now();
    if (c.threads !== undefined) {
      // As `noiselab sweep --threads`: fresh workers each repetition, timed from their start
      // to the last result.
      const points = scenarios.map((scenario) => ({ assignments: [], scenario }));
      for (const { result } of await runPoints(points, c.threads)) {
        events += result.engine.noiseEvents;
      }
    } else if (c.parts !== undefined) {
      for (const s of scenarios) {
        events += (await runSplit(s, c.parts, c.exact)).result.engine.noiseEvents;
      }
    } else {
      for (const s of scenarios) events += createRun(s, { exact: c.exact }).run().noiseEvents;
    }
    allMs.push(performance.now() - t0);
  }
  let rankIterations = 0;
  let iterations = 0;
  const ranks = scenarios.map((s) => s.job.nodes * s.job.ranksPerNode);
  for (const s of scenarios) {
    rankIterations += s.job.nodes * s.job.ranksPerNode * s.workload.iterations;
    iterations += s.workload.iterations;
  }
  return {
    name,
    about: c.about,
    ranks: Math.max(...ranks),
    minRanks: Math.min(...ranks),
    iterations,
    rankIterations,
    noiseEvents: events,
    wallMs: median(allMs),
    allMs,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    target: c.target,
  };
}

function spawnCase(name: string): Row {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--case', name], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`case ${name} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Row;
}

const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function report(rows: Row[]): string {
  const floor = rows.find((r) => r.name === 'floor')!;
  const floorNs = (floor.wallMs * 1e6) / floor.rankIterations;
  const lines = [
    '| case | ranks | iterations | noise events | wall ms (median) | ns / rank-iteration | ns / noise event | peak RSS MB | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  const verdicts: string[] = [];
  for (const r of rows) {
    const nsRank = (r.wallMs * 1e6) / r.rankIterations;
    const nsEvent = r.noiseEvents > 0 ? (r.wallMs * 1e6) / r.noiseEvents : NaN;
    let target = '';
    let met = '';
    if (r.target === 'sparse') {
      target = '< 300 ms';
      met = r.wallMs < 300 ? 'yes' : `no (${fmt(r.wallMs / 300, 1)}×)`;
    } else if (r.target === 'dense') {
      target = '≤ 5 × floor';
      const ratio = nsRank / floorNs;
      met = ratio <= 5 ? `yes (${fmt(ratio, 1)}×)` : `no (${fmt(ratio, 1)}× floor)`;
    } else if (r.target === 'floor') {
      // The floor itself for the same rank-iterations: cost below one add per rank.
      target = '≤ floor';
      const ratio = nsRank / floorNs;
      met = ratio <= 1 ? `yes (${fmt(ratio, 2)}×)` : `no (${fmt(ratio, 1)}× floor)`;
    } else if (r.target === 'sweep' || r.target === 'view') {
      // 'view': the page's full-machine Jaguar view in 2 s (the engine's share of it)
      target = '< 2,000 ms';
      met = r.wallMs < 2000 ? 'yes' : `no (${fmt(r.wallMs / 2000, 1)}×)`;
    }
    if (r.maxRssMB >= 300)
      verdicts.push(`${r.name}: peak RSS ${fmt(r.maxRssMB)} MB is over 300 MB`);
    if (met.startsWith('no')) verdicts.push(`${r.name}: ${met} against ${target}`);
    lines.push(
      `| ${r.about} | ${r.minRanks === r.ranks ? fmt(r.ranks) : `${fmt(r.minRanks)} … ${fmt(r.ranks)}`} | ${fmt(r.iterations)} | ${fmt(r.noiseEvents)} | ${fmt(r.wallMs, 1)} | ${fmt(nsRank, 2)} | ${Number.isNaN(nsEvent) ? '–' : fmt(nsEvent, 1)} | ${fmt(r.maxRssMB)} | ${target} | ${met} |`,
    );
  }
  lines.push('');
  lines.push(verdicts.length ? `Targets missed: ${verdicts.join('; ')}.` : 'Every target met.');
  return lines.join('\n');
}

const argv = process.argv.slice(2);
if (argv[0] === '--case') {
  console.log(JSON.stringify(await runCase(argv[1])));
} else {
  const rows = [spawnCase('floor'), ...CASES.map((c) => spawnCase(c.name))];
  const table = report(rows);
  console.log(table);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const doc = [
    '# Engine benchmarks',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${cpu}, ${os.cpus().length} cores, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    'Each case ran in its own Node process (so peak RSS, which includes Node and tsx, about 60–90 MB, is its own);',
    'wall time is the median of several runs of the whole case and includes building the run (layout and noise table);',
    'a case on worker threads also includes starting the workers and building each result, as `noiselab sweep --threads` does.',
    '',
    table,
    '',
  ].join('\n');
  // Hand-written notes below the marker survive regeneration.
  const file = new URL('../docs/benchmarks.md', import.meta.url);
  const marker = '<!-- notes: kept by npm run bench -->';
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = old.includes(marker) ? old.slice(old.indexOf(marker)) : `${marker}\n`;
  writeFileSync(file, `${doc}\n${notes}`);
}
