// The CLI's argument parsing, without spawning anything: commands and options, defaults, the
// splitting of --vary values, and that every mistake in a command line is reported at once.
import { describe, expect, it } from 'vitest';
import {
  parseArgs,
  parseNumberOption,
  parseVary,
  splitTopLevel,
  type Invocation,
} from '../../src/cli/args.ts';
import { CliError } from '../../src/cli/errors.ts';

/** The CliError lines parseArgs throws for `argv`. */
function problems(argv: string[]): string[] {
  try {
    parseArgs(argv);
  } catch (err) {
    if (err instanceof CliError) return err.lines;
    throw err;
  }
  throw new Error(`parseArgs accepted ${argv.join(' ')}`);
}

const invocation = (argv: string[]) => parseArgs(argv) as Invocation;

describe('parseArgs', () => {
  it('treats help, --help, -h and no arguments as a request for help', () => {
    for (const argv of [[], ['help'], ['--help'], ['-h'], ['run', 'x.json', '--help']]) {
      expect(parseArgs(argv)).toEqual({ command: 'help' });
    }
  });

  it('keeps repeated --set assignments in the order given, values parsed as JSON or bare text', () => {
    const inv = invocation([
      'run',
      's.json',
      '--set',
      'noise.2.enabled=false',
      '--set',
      'job.ranksPerNode=3',
      '--set=noise.0.cpu=any',
    ]);
    expect(inv.command).toBe('run');
    expect(inv.file).toBe('s.json');
    expect(inv.sets.map(({ path, value }) => [path, value])).toEqual([
      ['noise.2.enabled', false],
      ['job.ranksPerNode', 3],
      ['noise.0.cpu', 'any'],
    ]);
  });

  it('reads --seed and --detail in either position around the file', () => {
    const inv = invocation(['run', '--seed', '7', 's.json', '--detail']);
    expect(inv.seed).toBe(7);
    expect(inv.detail).toBe(true);
    expect(invocation(['run', 's.json']).detail).toBe(false);
  });

  it('names --seed when its value is not a number or out of range', () => {
    expect(invocation(['run', 's.json', '--seed', '4294967295']).seed).toBe(2 ** 32 - 1);
    expect(invocation(['run', 's.json', '--seed=0']).seed).toBe(0);
    expect(problems(['run', 's.json', '--seed', '-1'])).toEqual([
      '--seed: -1 is out of range; allowed: an integer 0..4294967295',
    ]);
    expect(problems(['run', 's.json', '--seed=4294967296'])).toEqual([
      '--seed: 4294967296 is out of range; allowed: an integer 0..4294967295',
    ]);
    expect(problems(['run', 's.json', '--seed', '2.5'])).toEqual([
      '--seed: 2.5 is not an integer; allowed: an integer 0..4294967295',
    ]);
    expect(problems(['run', 's.json', '--seed', 'abc'])).toEqual([
      '--seed: "abc" is not a number; allowed: an integer 0..4294967295',
    ]);
  });

  it('gives fwq its documented defaults and parses its numbers', () => {
    const d = invocation(['fwq', 's.json']);
    expect([d.samples, d.workUs, d.core, d.node, d.samplesOut]).toEqual([
      2000,
      1000,
      undefined,
      undefined,
      false,
    ]);
    const inv = invocation([
      'fwq',
      's.json',
      '--samples',
      '500',
      '--work-us=250.5',
      '--core',
      '3',
      '--node',
      '17',
      '--samples-out',
    ]);
    expect([inv.samples, inv.workUs, inv.core, inv.node, inv.samplesOut]).toEqual([
      500,
      250.5,
      3,
      17,
      true,
    ]);
  });

  it('parses sweep varies and the output format, json by default', () => {
    const inv = invocation([
      'sweep',
      's.json',
      '--vary',
      'job.nodes=64,128,256',
      '--vary',
      'job.waitMode=poll,block',
      '--format',
      'csv',
    ]);
    expect(inv.varies).toEqual([
      { path: 'job.nodes', values: [64, 128, 256] },
      { path: 'job.waitMode', values: ['poll', 'block'] },
    ]);
    expect(inv.format).toBe('csv');
    expect(invocation(['sweep', 's.json', '--vary', 'seed=1,2']).format).toBe('json');
  });

  it('reads run --threads, and refuses it where a command has no threads', () => {
    expect(invocation(['run', 'x.json', '--threads', '4']).threads).toBe(4);
    expect(invocation(['run', 'x.json']).threads).toBeUndefined();
    expect(problems(['validate', 'x.json', '--threads', '2'])).toEqual([
      '--threads is not an option of validate (it is one of run, sweep, repeat)',
    ]);
  });

  it('reads sweep --threads, leaving the default to the command, and refuses a bad value', () => {
    const base = ['sweep', 's.json', '--vary', 'job.nodes=1,2'];
    expect(invocation(base).threads).toBeUndefined();
    expect(invocation([...base, '--threads', '3']).threads).toBe(3);
    expect(invocation([...base, '--threads=1']).threads).toBe(1);
    expect(problems([...base, '--threads', '0'])).toEqual([
      '--threads: 0 is out of range; allowed: an integer 1..1024',
    ]);
    expect(problems([...base, '--threads', 'x'])).toEqual([
      '--threads: "x" is not a number; allowed: an integer 1..1024',
    ]);
    expect(problems([...base, '--threads', '1.5'])).toEqual([
      '--threads: 1.5 is not an integer; allowed: an integer 1..1024',
    ]);
    // Above the machine's cores is lowered later (main.ts, threads.ts); past 1024 is no count.
    expect(invocation([...base, '--threads', '1024']).threads).toBe(1024);
    expect(problems([...base, '--threads', '1025'])).toEqual([
      '--threads: 1025 is out of range; allowed: an integer 1..1024',
    ]);
    expect(problems([...base, '--threads', '-3'])).toEqual([
      '--threads: -3 is out of range; allowed: an integer 1..1024',
    ]);
    expect(problems(['fwq', 's.json', '--threads', '2'])).toEqual([
      '--threads is not an option of fwq (it is one of run, sweep, repeat)',
    ]);
  });

  it('reports every problem of a command line at once, one line each', () => {
    expect(
      problems(['fwq', '--samples', '0', '--work-us', 'fast', '--bogus', '--core=1.5']),
    ).toEqual([
      'unknown option --bogus for fwq; see noiselab help',
      'fwq needs a scenario file: noiselab fwq <scenario.json>',
      '--samples: 0 is out of range; allowed: an integer 1..1000000',
      '--work-us: "fast" is not a number; allowed: a number > 0 and ≤ 1000000000000',
      '--core: 1.5 is not an integer; allowed: a core index, an integer ≥ 0',
    ]);
  });

  it('names the command an option belongs to when it is given to another one', () => {
    expect(problems(['run', 's.json', '--vary', 'job.nodes=1,2'])).toEqual([
      '--vary is not an option of run (it is one of sweep, repeat)',
    ]);
  });

  it('refuses an unknown command, a missing value, a repeated single option and a value for a flag', () => {
    expect(problems(['runn', 's.json'])).toEqual([
      'unknown command "runn"; commands: run, sweep, repeat, merge, fwq, validate, help',
    ]);
    expect(problems(['run', 's.json', '--seed'])).toEqual(['--seed needs a value']);
    expect(problems(['run', 's.json', '--seed', '--detail'])).toEqual(['--seed needs a value']);
    expect(problems(['run', 's.json', '--seed', '1', '--seed', '2'])).toEqual([
      '--seed is given more than once',
    ]);
    expect(problems(['run', 's.json', '--detail=yes'])).toEqual(['--detail takes no value']);
  });

  it('refuses a second file, and a sweep without --vary', () => {
    expect(problems(['validate', 'a.json', 'b.json'])).toEqual([
      'unexpected argument "b.json"; validate reads one scenario file',
    ]);
    expect(problems(['sweep', 's.json'])).toEqual([
      'sweep needs at least one --vary <path>=<v1>,<v2>,..., e.g. --vary job.nodes=64,128',
    ]);
  });

  it('reports malformed --set and --vary arguments with the option name', () => {
    expect(problems(['run', 's.json', '--set', 'job.nodes'])).toEqual([
      '--set: "job.nodes": expected path=value, e.g. job.nodes=512',
    ]);
    expect(problems(['run', 's.json', '--set', 'job..nodes=1'])).toEqual([
      '--set: job.: empty segment in path "job..nodes"',
    ]);
    expect(problems(['sweep', 's.json', '--vary', 'job.nodes=1', '--vary', 'job.nodes=2'])).toEqual(
      ['--vary: job.nodes is varied twice'],
    );
  });

  it('treats names of Object.prototype members as unknown options', () => {
    expect(problems(['run', 's.json', '--toString', '--constructor=1'])).toEqual([
      'unknown option --toString for run; see noiselab help',
      'unknown option --constructor for run; see noiselab help',
    ]);
  });

  it('takes everything after -- as the file, even a name starting with a dash', () => {
    expect(invocation(['validate', '--', '--odd.json']).file).toBe('--odd.json');
  });
});

describe('splitTopLevel', () => {
  it('splits at commas outside JSON brackets and strings', () => {
    expect(splitTopLevel('64,128,256')).toEqual(['64', '128', '256']);
    expect(splitTopLevel('[0],[0,1],[]')).toEqual(['[0]', '[0,1]', '[]']);
    expect(splitTopLevel('{"kind":"all"},{"kind":"fraction","p":0.5}')).toEqual([
      '{"kind":"all"}',
      '{"kind":"fraction","p":0.5}',
    ]);
    expect(splitTopLevel('"a,b",c,"say \\"x,y\\""')).toEqual(['"a,b"', 'c', '"say \\"x,y\\""']);
  });

  it('refuses brackets or quotes that do not balance', () => {
    for (const text of ['[1,2', '1],[2', '"open,quote', '{"a":1']) {
      expect(() => splitTopLevel(text)).toThrow('brackets or quotes do not balance');
    }
  });
});

describe('parseVary', () => {
  it('parses each value as JSON, falling back to bare text', () => {
    expect(parseVary('noise.1.enabled=true,false')).toEqual({
      path: 'noise.1.enabled',
      values: [true, false],
    });
    expect(parseVary('job.reservedCores=[],[0]')).toEqual({
      path: 'job.reservedCores',
      values: [[], [0]],
    });
    expect(parseVary('noise.0.cpu=any, 1')).toEqual({ path: 'noise.0.cpu', values: ['any', 1] });
    expect(parseVary('title="a, b",plain text')).toEqual({
      path: 'title',
      values: ['a, b', 'plain text'],
    });
  });

  it('refuses a missing "=", an empty path, empty values and a malformed path', () => {
    expect(() => parseVary('job.nodes')).toThrow('expected path=v1,v2,..., e.g. job.nodes=64,128');
    expect(() => parseVary('=1,2')).toThrow('the path before "=" is empty');
    expect(() => parseVary('job.nodes=')).toThrow('job.nodes: no values after "="');
    expect(() => parseVary('job.nodes=1,,2')).toThrow('job.nodes: value 2 of 3 is empty');
    expect(() => parseVary('job.nodes=1,')).toThrow('job.nodes: value 2 of 2 is empty');
    expect(() => parseVary('noise.__proto__.x=1')).toThrow('cannot be a path segment');
  });
});

describe('parseNumberOption', () => {
  it('accepts JSON number syntax only, within the rule', () => {
    const rule = { integer: true, min: 1, max: 10 };
    expect(parseNumberOption('n', '7', rule)).toBe(7);
    expect(parseNumberOption('n', '1e1', rule)).toBe(10);
    for (const text of ['', ' 7', '0x7', '7abc', 'Infinity', '+7']) {
      expect(() => parseNumberOption('n', text, rule)).toThrow('is not a number');
    }
    expect(() => parseNumberOption('n', '11', rule)).toThrow('--n: 11 is out of range');
    expect(() => parseNumberOption('w', '0', { min: 0, minExclusive: true, max: 5 })).toThrow(
      'allowed: a number > 0 and ≤ 5',
    );
  });
});
