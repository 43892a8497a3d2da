// The CLI as a user runs it: `node --import tsx src/cli/main.ts <command> ...` in a child
// process, checking stdout, stderr and the exit status. Runs are shrunk with --set (16 nodes,
// 200 iterations) so each spawn takes well under a second.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SUMMARY_KEYS } from '../../src/cli/commands/run.ts';
import { capThreads } from '../../src/cli/threads.ts';
import { partsForSize } from '../../src/engine/partitioned-run.ts';
import { loadPreset, variant } from '../../src/validation/presets.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = 'scenarios/example-asci-q.json';
const SMALL = ['--set', 'job.nodes=16', '--set', 'workload.iterations=200'];

const dir = mkdtempSync(join(tmpdir(), 'noiselab-cli-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** This machine's cores, as the CLI reads them. */
const CORES = availableParallelism();
/** What stderr says for --threads `asked`: '' up to the cores, else the cap's note. */
const capNote = (asked: number) => {
  const { note } = capThreads(asked, CORES);
  return note ? `noiselab: ${note}\n` : '';
};

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A copy of the example with `edit` applied, written to a temporary file. */
function exampleFile(name: string, edit: (s: Record<string, unknown>) => void): string {
  const s = JSON.parse(readFileSync(join(root, EXAMPLE), 'utf8'));
  edit(s);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(s));
  return path;
}

/** The run report without its timing, which is the only part allowed to differ between runs. */
function untimed(stdout: string) {
  const report = JSON.parse(stdout);
  delete report.engine.wallMs;
  return report;
}

describe('noiselab run', () => {
  it("runs a tree workload and reports the root's view instead of the attribution", () => {
    const file = exampleFile('sage.json', (s) => {
      s.workload = {
        kind: 'sage',
        computeUsPerCycle: 60_000,
        allreducesPerCycle: 10,
        iterations: 3,
      };
    });
    const { status, stdout, stderr } = cli('run', file, '--set', 'job.nodes=16');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(Object.keys(report)).toEqual(['title', 'seed', 'summary', 'tree', 'engine']);
    // 64 ranks, binary tree of depth 6, default hop 5 µs: 10 × (6 ms + 2·6·5 µs) without noise.
    expect(report.tree).toMatchObject({ workload: 'sage', ranks: 64, depth: 6, phases: 10 });
    expect(report.tree.modelIterationUs).toBeCloseTo(60_000 + 10 * 60, 6);
    expect(report.summary.meanIterationUs).toBeGreaterThanOrEqual(report.tree.modelIterationUs);
    expect(report.engine.mode).toBe('events');
  });

  it('prints one JSON object with the documented keys for the example scenario', () => {
    const { status, stdout, stderr } = cli('run', EXAMPLE, ...SMALL);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.title).toBe('ASCI Q, November 2002 (before noise removal)');
    expect(report.seed).toBe(1);
    expect(Object.keys(report.summary)).toEqual([...SUMMARY_KEYS, 'warmup']);
    expect(report.summary.iterations).toBe(150);
    expect(report.attribution.bySource).toHaveLength(1);
    expect(Object.keys(report.attribution.bySource[0])).toEqual([
      'id',
      'label',
      'category',
      'enabled',
      'lostUs',
      'share',
    ]);
    expect(report.attribution.bySource[0].id).toBe('heartbeat-125ms');
    expect(Object.keys(report.engine)).toEqual([
      'wallMs',
      'noiseEvents',
      'iterationsRun',
      'mode',
      'counted',
      'threads',
    ]);
    expect(report.engine.threads).toBe(1); // 64 ranks: far too small to split
    expect(report.engine.iterationsRun).toBe(200);
    expect(report.engine.noiseEvents).toBeGreaterThan(0);
  });

  it('splits a whole machine over --threads threads with one thread’s numbers', () => {
    // Jaguar XT5 RN on all 18,688 nodes, 300 iterations: 39 million rank-iterations, past the
    // size where splitting pays (partsForSize).
    // --exact: a run that counts its ranks (the default for this preset) stays on one thread
    // over fewer than 3 parts (src/engine/split-size.ts COUNTED_MIN_PARTS).
    const whole = ['--set', 'job.nodes=18688', '--set', 'workload.iterations=300', '--exact'];
    const one = cli('run', 'scenarios/jaguar-xt5-rn.json', ...whole, '--threads=1', '--detail');
    const two = cli('run', 'scenarios/jaguar-xt5-rn.json', ...whole, '--threads', '2', '--detail');
    expect([one.status, two.status, one.stderr, two.stderr]).toEqual([0, 0, '', capNote(2)]);
    expect(JSON.parse(one.stdout).engine.threads).toBe(1);
    expect(JSON.parse(two.stdout).engine.threads).toBe(Math.min(2, CORES));
    const strip = (stdout: string) => {
      const r = untimed(stdout);
      delete r.engine.threads;
      return r;
    };
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
  }, 60_000);

  it('counts the ranks of a whole Jaguar XT5 RN, on one thread over 2, unless --exact', () => {
    const whole = ['--set', 'job.nodes=18688', '--set', 'workload.iterations=300'];
    const r = cli('run', 'scenarios/jaguar-xt5-rn.json', ...whole, '--threads', '2');
    expect([r.status, r.stderr]).toEqual([0, capNote(2)]);
    const out = JSON.parse(r.stdout);
    expect(out.engine.counted).toBe(true);
    expect(out.engine.threads).toBe(1);
    const small = ['--set', 'job.nodes=64', '--set', 'workload.iterations=100'];
    const exact = JSON.parse(
      cli('run', 'scenarios/jaguar-xt5-rn.json', ...small, '--exact').stdout,
    );
    expect(exact.engine.counted).toBe(false);
  }, 60_000);

  it("splits a whole machine over at most the machine's cores, saying so", () => {
    const whole = ['--set', 'job.nodes=18688', '--set', 'workload.iterations=300', '--exact'];
    const asked = CORES + 62;
    const r = cli('run', 'scenarios/jaguar-xt5-rn.json', ...whole, '--threads', String(asked));
    expect(r.stderr).toBe(
      `noiselab: --threads ${asked} is more than this machine's ${CORES} ${CORES === 1 ? 'core' : 'cores'}; using ${CORES}\n`,
    );
    expect(r.status).toBe(0);
    const s = variant(loadPreset('jaguar-xt5-rn'), (d) => {
      d.job.nodes = 18688;
      d.workload.iterations = 300;
    });
    // As many parts as the cores call for (before the cap: 8 parts on any machine).
    expect(JSON.parse(r.stdout).engine.threads).toBe(partsForSize(s, CORES));
    expect(JSON.parse(r.stdout).engine.threads).toBeLessThanOrEqual(CORES);
  }, 60_000);

  it('gives identical output apart from wallMs for the same seed, and different output for --seed 2', () => {
    const a = cli('run', EXAMPLE, ...SMALL);
    const b = cli('run', EXAMPLE, ...SMALL);
    const c = cli('run', EXAMPLE, ...SMALL, '--seed', '2');
    expect([a.status, b.status, c.status]).toEqual([0, 0, 0]);
    expect(untimed(b.stdout)).toEqual(untimed(a.stdout));
    const seeded = untimed(c.stdout);
    expect(seeded.seed).toBe(2);
    expect(seeded.summary).not.toEqual(untimed(a.stdout).summary);
  });
});

describe('noiselab sweep', () => {
  it('prints a JSON array with one row per point, named by the varied path', () => {
    const { status, stdout, stderr } = cli(
      'sweep',
      EXAMPLE,
      ...SMALL,
      '--vary',
      'job.nodes=8,16,32',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const rows = JSON.parse(stdout);
    expect(rows.map((r: Record<string, unknown>) => r['job.nodes'])).toEqual([8, 16, 32]);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['job.nodes', 'seed', ...SUMMARY_KEYS, 'noiseEvents']);
    }
    expect(new Set(rows.map((r: { seed: number }) => r.seed)).size).toBe(3);
  });

  it('prints CSV with a header and one line per point of the product', () => {
    const { status, stdout } = cli(
      'sweep',
      EXAMPLE,
      ...SMALL,
      '--vary',
      'job.nodes=8,16',
      '--vary',
      'job.waitMode=poll,block',
      '--format',
      'csv',
    );
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      ['job.nodes', 'job.waitMode', 'seed', ...SUMMARY_KEYS, 'noiseEvents'].join(','),
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '8,poll',
      '8,block',
      '16,poll',
      '16,block',
    ]);
  });

  it('writes a varied title that would start a formula as text in the CSV', () => {
    const { status, stdout, stderr } = cli(
      'sweep',
      EXAMPLE,
      ...SMALL,
      '--vary',
      'title==1+1,"-1",a "b"',
      '--vary',
      'job.nodes=4',
      '--format',
      'csv',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0].startsWith('title,job.nodes,seed,')).toBe(true);
    // Text is neutralised and quoted as needed; numbers (job.nodes, seed, …) stay numbers.
    expect(lines.slice(1).map((l) => l.slice(0, l.indexOf(',4,') + 3))).toEqual([
      "'=1+1,4,",
      "'-1,4,",
      '"a ""b""",4,',
    ]);
    for (const line of lines.slice(1)) {
      const numbers = line.slice(line.indexOf(',4,') + 1).split(',');
      expect(numbers.every((n) => n === '' || Number.isFinite(Number(n)))).toBe(true);
    }
  });

  it('prints the same bytes on 2 worker threads as on 1; --timings adds the wall time', () => {
    const args = ['sweep', EXAMPLE, ...SMALL, '--vary', 'job.nodes=4,8,16,32', '--format', 'csv'];
    const one = cli(...args, '--vary', 'job.waitMode=poll,block', '--threads', '1');
    const two = cli(...args, '--vary', 'job.waitMode=poll,block', '--threads', '2');
    expect([one.stderr, two.stderr]).toEqual(['', capNote(2)]);
    expect([one.status, two.status]).toEqual([0, 0]);
    expect(two.stdout.trimEnd().split('\n')).toHaveLength(9);
    expect(two.stdout).toBe(one.stdout);
    const timed = cli(...args, '--timings');
    const lines = timed.stdout.trimEnd().split('\n');
    expect(lines[0].endsWith(',noiseEvents,wallMs')).toBe(true);
    expect(lines.slice(1).every((l) => Number(l.split(',').at(-1)) >= 0)).toBe(true);
  });

  it('runs a sweep as shards in separate processes, and merge gives the sweep’s bytes', () => {
    const args = ['sweep', EXAMPLE, ...SMALL, '--vary', 'job.nodes=4,8,16', '--vary', 'seed=1,2'];
    const whole = cli(...args);
    const files: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const part = cli(...args, '--shard', `${i}/4`);
      expect([part.status, part.stderr]).toEqual([0, '']);
      files.push(join(dir, `shard-${i}.json`));
      writeFileSync(files.at(-1)!, part.stdout);
    }
    const merged = cli('merge', ...[...files].reverse());
    expect([merged.status, merged.stderr]).toEqual([0, '']);
    expect(merged.stdout).toBe(whole.stdout);
    const missing = cli('merge', files[0], files[1], files[3]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^noiselab: shard 3 of 4 of sweep [0-9a-f]{13} is missing\n$/);
    expect(missing.stdout).toBe('');
  });

  it("runs at most the machine's cores of workers, with a line on stderr", () => {
    const args = ['sweep', EXAMPLE, ...SMALL, '--vary', 'job.nodes=4,8', '--format', 'csv'];
    for (const asked of [CORES + 1, 1024]) {
      const r = cli(...args, '--threads', String(asked));
      expect(r.stderr).toBe(capNote(asked));
      expect(r.stderr).toMatch(
        /^noiselab: --threads \d+ is more than this machine's \d+ cores?; using \d+\n$/,
      );
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
    }
    // A value that is no thread count is still refused.
    const absurd = cli(...args, '--threads', '1025');
    expect(absurd.status).toBe(2);
    expect(absurd.stderr).toBe(
      'noiselab: --threads: 1025 is out of range; allowed: an integer 1..1024\n',
    );
  });
});

describe('noiselab fwq', () => {
  it('prints per-core statistics with kurtosis for every core, or for one with --core', () => {
    const all = cli('fwq', EXAMPLE, '--samples', '500');
    expect(all.status).toBe(0);
    const out = JSON.parse(all.stdout);
    expect(out).toMatchObject({ node: 0, workUs: 1000, samples: 500 });
    expect(out.cores.map((c: { core: number }) => c.core)).toEqual([0, 1, 2, 3]);
    for (const c of out.cores) {
      expect(Object.keys(c)).toEqual([
        'core',
        'meanUs',
        'sdUs',
        'minUs',
        'maxUs',
        'kurtosis',
        'overheadUs',
      ]);
      expect(c.kurtosis === null || typeof c.kurtosis === 'number').toBe(true);
    }
    const one = JSON.parse(cli('fwq', EXAMPLE, '--samples', '50', '--core', '2').stdout);
    expect(one.cores.map((c: { core: number }) => c.core)).toEqual([2]);
  });
});

describe('noiselab validate', () => {
  it('exits 0 and prints ok with the title for a valid scenario', () => {
    const { status, stdout, stderr } = cli('validate', EXAMPLE);
    expect(status).toBe(0);
    expect(stdout).toBe('ok: ASCI Q, November 2002 (before noise removal)\n');
    expect(stderr).toBe('');
  });

  it('still says ok for a source whose events outlast their period, with a note naming it', () => {
    // 200 ms every 125 ms on "any" core of four: a load of 40% a core, valid; a unit slip?
    const { status, stdout } = cli('validate', EXAMPLE, '--set', 'noise.0.duration.valueUs=200000');
    expect(status).toBe(0);
    const [ok, note, ...rest] = stdout.trimEnd().split('\n');
    expect(ok).toBe('ok: ASCI Q, November 2002 (before noise removal)');
    expect(note).toMatch(
      /^note: noise\[0\] \(heartbeat-125ms\): its events last 200 ms on average and come every 125 ms: .*check the units/,
    );
    expect(rest).toEqual([]);
  });

  it('exits 2 and prints every issue, each starting with its path, for an invalid one', () => {
    const { status, stdout, stderr } = cli(
      'validate',
      EXAMPLE,
      '--set',
      'job.nodes=0',
      '--set',
      'noise.0.periodUs=-5',
    );
    expect(status).toBe(2);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^noiselab: .*example-asci-q\.json: job\.nodes: 0 .* \(from --set job\.nodes=0\)$/,
    );
    expect(lines[1]).toMatch(
      /^noiselab: .*: noise\[0\] \(heartbeat-125ms\)\.periodUs: -5 .* \(from --set noise\.0\.periodUs=-5\)$/,
    );
  });

  it("names the --set a file's own value was refused against", () => {
    // warmup 50 is the file's; the iterations the reader set made it too many.
    const { status, stderr } = cli('run', EXAMPLE, '--set', 'workload.iterations=10');
    expect(status).toBe(2);
    expect(stderr.trimEnd()).toMatch(
      /^noiselab: .*: workload\.warmup: 50 is not less than iterations 10.* \(the file's value, against --set workload\.iterations=10\)$/,
    );
  });
});

describe('scenarios that validated once and never ended', () => {
  // The cases of a hostile review: each now refused before anything runs, with its reason.
  it('refuses N(0, 2 s) clamped at 0: its events last 0.8 s on average, not 0', () => {
    const { status, stderr } = cli(
      'run',
      EXAMPLE,
      '--set',
      'workload.iterations=200',
      '--set',
      'workload.warmup=0',
      '--set',
      'noise.0.duration={"dist":"normal","meanUs":0,"sdUs":2000000}',
    );
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^noiselab: .*: noise: the enabled noise would keep core 0 busy 160% of the time/,
    );
  });

  it('refuses a Pareto tail of shape 0.5 on the rank cores: no mean, no bound', () => {
    const { status, stderr } = cli(
      'run',
      EXAMPLE,
      '--set',
      'noise.0.duration={"dist":"pareto","scaleUs":0.01,"shape":0.5}',
    );
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^noiselab: .*: noise\[0\] \(heartbeat-125ms\)\.duration\.shape: 0\.5 gives events without a finite mean.* \(from --set noise\.0\.duration=/,
    );
  });
});

describe('bad input', () => {
  const unknownField = exampleFile('unknown-field.json', (s) => {
    s.colour = 'blue';
  });
  const badJson = join(dir, 'bad.json');
  writeFileSync(badJson, '{"format": "noiselab-scenario",');

  it.each([
    [
      'an unknown field',
      ['run', unknownField],
      /^noiselab: .*unknown-field\.json: colour: unknown field/,
    ],
    ['invalid JSON', ['run', badJson], /^noiselab: .*bad\.json: is not valid JSON: /],
    [
      'a missing file',
      ['run', 'no/such/file.json'],
      /^noiselab: cannot read no\/such\/file\.json: no such file\n$/,
    ],
    [
      'a wrong --set path',
      ['run', EXAMPLE, '--set', 'jobs.nodes=3'],
      /^noiselab: --set: jobs: not found/,
    ],
    [
      'an unknown option',
      ['sweep', EXAMPLE, '--very', 'job.nodes=1,2'],
      /^noiselab: unknown option --very/,
    ],
    [
      'a bad --samples',
      ['fwq', EXAMPLE, '--samples', 'many'],
      /^noiselab: --samples: "many" is not a number/,
    ],
    [
      'a --threads of 0',
      ['sweep', EXAMPLE, '--vary', 'job.nodes=1,2', '--threads', '0'],
      /^noiselab: --threads: 0 is out of range; allowed: an integer 1\.\.1024\n$/,
    ],
    [
      'a --threads that is not a number',
      ['sweep', EXAMPLE, '--vary', 'job.nodes=1,2', '--threads', 'x'],
      /^noiselab: --threads: "x" is not a number; allowed: an integer 1\.\.1024\n$/,
    ],
    [
      'a --vary path that does not exist',
      ['sweep', EXAMPLE, '--vary', 'noise.4.enabled=true,false'],
      /^noiselab: --vary: noise\.4: there is only 1 noise source/,
    ],
  ])('%s exits 2 with a one-line message and no stack trace', (_, args, message) => {
    const { status, stdout, stderr } = cli(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).not.toContain('    at ');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('an unknown command exits 2, and no arguments print the usage on stderr with exit 2', () => {
    const unknown = cli('simulate', EXAMPLE);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      'noiselab: unknown command "simulate"; commands: run, sweep, repeat, merge, fwq, validate, help\n',
    );
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^Usage: noiselab <command>/);
  });
});

describe('help', () => {
  it('prints the usage on stdout and exits 0', () => {
    for (const arg of ['help', '--help']) {
      const { status, stdout, stderr } = cli(arg);
      expect(status).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^Usage: noiselab <command> <scenario.json> \[options\]/);
      expect(stdout).toContain('--vary <path>=<v1>,<v2>,...');
    }
  });
});

describe('bin/noiselab.mjs', () => {
  it('runs the CLI from any working directory and passes the exit status through', () => {
    const bin = join(root, 'bin/noiselab.mjs');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    const ok = run('validate', join(root, EXAMPLE));
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('ok: ASCI Q, November 2002 (before noise removal)\n');
    const bad = run('validate', 'missing.json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('noiselab: cannot read missing.json: no such file\n');
  });

  it('runs a sweep on worker threads from another working directory', () => {
    const bin = join(root, 'bin/noiselab.mjs');
    const args = [
      'sweep',
      join(root, EXAMPLE),
      ...SMALL,
      '--vary',
      'job.nodes=4,8',
      '--threads',
      '2',
    ];
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toBe(capNote(2));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).map((row: Record<string, unknown>) => row['job.nodes'])).toEqual([
      4, 8,
    ]);
  });
});
