// `noiselab sweep --precision`: each point runs until its mean iteration time is known to the
// stated share (src/engine/precision-run.ts), with its iterations as the cap; the rows say the
// precision reached and whether it met the target. The output is the same for any number of
// threads and any split into shards; a bad value is refused with what is allowed.
import { describe, expect, it } from 'vitest';
import { parseArgs, parsePrecision, type Invocation } from '../../src/cli/args.ts';
import { sweepCommand } from '../../src/cli/commands/sweep.ts';
import { mergeShards } from '../../src/cli/shards.ts';
import { refusal } from '../helpers/cli.ts';

const BASE = [
  'sweep',
  'scenarios/example-asci-q.json',
  '--vary',
  'job.nodes=4,16',
  '--vary',
  'workload.granularityUs=1000,5000',
  '--set',
  'workload.iterations=4000',
  '--set',
  'workload.warmup=0',
];

const sweep = (...more: string[]) => sweepCommand(parseArgs([...BASE, ...more]) as Invocation);

describe('--precision', () => {
  it('reads a percentage or a fraction', () => {
    expect(parsePrecision('0.5%')).toBeCloseTo(0.005, 15);
    expect(parsePrecision('0.005')).toBe(0.005);
    expect(parsePrecision('2%')).toBeCloseTo(0.02, 15);
  });

  it.each(['0', '0%', '100%', '1', '-1%', 'abc', '%', '5 %', ''])('refuses %j', (text) => {
    const lines = refusal(() => parsePrecision(text));
    expect(lines[0]).toMatch(
      /^--precision: .* (is not a number|is out of range( \(did you mean \d+%\?\))?); allowed: /,
    );
    expect(lines[0]).toMatch(/0\.5% or 0\.005/);
  });

  it('asks whether a bare whole number meant a percentage', () => {
    expect(refusal(() => parsePrecision('1'))[0]).toMatch(/is out of range \(did you mean 1%\?\)/);
    expect(refusal(() => parsePrecision('100'))[0]).not.toMatch(/did you mean/);
  });

  it('is refused on the command line with the other problems, naming the option', () => {
    const lines = refusal(() => parseArgs([...BASE, '--precision', 'tight', '--threads', '0']));
    expect(lines.join('\n')).toMatch(/--precision: "tight" is not a number/);
    expect(lines.join('\n')).toMatch(/--threads: 0 is out of range/);
  });

  it('runs each point until precise and says so, in fewer iterations than the cap', async () => {
    const rows = JSON.parse(await sweep('--precision', '1%', '--threads', '1')) as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(
        expect.arrayContaining(['precision', 'precisionMet', 'iterations']),
      );
      expect(row.precisionMet).toBe(true);
      expect(row.precision as number).toBeLessThanOrEqual(0.01);
      expect(row.iterations as number).toBeLessThan(4000);
    }
  });

  it('says when the cap came first', async () => {
    const rows = JSON.parse(
      await sweep('--precision', '0.001%', '--threads', '1', '--set', 'workload.iterations=200'),
    ) as Record<string, unknown>[];
    for (const row of rows) {
      expect(row.precisionMet).toBe(false);
      expect(row.iterations).toBe(200);
      // the measured time it ran and the time its rarest source needs, in µs
      expect(row.simulatedUs as number).toBeGreaterThan(0);
      expect(typeof row.neededUs).toBe('number');
    }
  });

  it('gives the same bytes on 1 and 2 threads, and in shards merged', async () => {
    const one = await sweep('--precision', '1%', '--threads', '1', '--format', 'csv');
    const two = await sweep('--precision', '1%', '--threads', '2', '--format', 'csv');
    expect(two).toBe(one);
    const parts = [];
    for (let i = 1; i <= 3; i++) {
      const text = await sweep('--precision', '1%', '--format', 'csv', '--shard', `${i}/3`);
      parts.push({ file: `s${i}.csv`, text });
    }
    expect(mergeShards(parts)).toBe(one);
  });

  it('makes another sweep: its shards do not merge with those of a fixed count', async () => {
    const a = await sweep('--precision', '1%', '--shard', '1/2');
    const b = await sweep('--shard', '2/2');
    const lines = refusal(() =>
      mergeShards([
        { file: 'a.json', text: a },
        { file: 'b.json', text: b },
      ]),
    );
    expect(lines.join('\n')).toMatch(/sweep/);
  });
});
