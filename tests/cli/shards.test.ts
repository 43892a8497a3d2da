// Sweeps split into shards for a job array, and merged (src/cli/shards.ts): a sweep split into
// 1, 3 and 7 shards and merged is the unsharded sweep byte for byte, in JSON and CSV, whatever
// the order the shards come in; shards that do not make one sweep are refused, each reason
// named. The commands run in this process (their points on a worker thread).
import { describe, expect, it } from 'vitest';
import { parseArgs, type Invocation } from '../../src/cli/args.ts';
import { sweepCommand } from '../../src/cli/commands/sweep.ts';
import { mergeShards, parseShard, shardPoints } from '../../src/cli/shards.ts';
import { refusal } from '../helpers/cli.ts';

const BASE = [
  'sweep',
  'scenarios/example-asci-q.json',
  '--vary',
  'job.nodes=8,16,32',
  '--vary',
  'workload.granularityUs=0,1000,5000',
  '--set',
  'workload.iterations=120',
  '--set',
  'workload.warmup=0',
  '--threads',
  '1',
];

const sweep = (...more: string[]) => sweepCommand(parseArgs([...BASE, ...more]) as Invocation);

async function shards(n: number, format: 'json' | 'csv', ...more: string[]) {
  const out: { file: string; text: string }[] = [];
  for (let i = 1; i <= n; i++) {
    out.push({
      file: `shard-${i}.${format}`,
      text: await sweep('--format', format, '--shard', `${i}/${n}`, ...more),
    });
  }
  return out;
}

describe('a sweep in shards, merged', () => {
  for (const format of ['json', 'csv'] as const) {
    it(`is the unsharded sweep byte for byte in ${format.toUpperCase()}, for 1, 3 and 7 shards`, async () => {
      const whole = await sweep('--format', format);
      for (const n of [1, 3, 7]) {
        const parts = await shards(n, format);
        expect(mergeShards(parts), `${n} shards`).toBe(whole);
        // in any order, as a shell's glob or a job array's files come
        expect(mergeShards([...parts].reverse())).toBe(whole);
      }
    }, 120_000);
  }

  it('assigns points round robin: shard i of N has points i−1, i−1+N, …', () => {
    expect(shardPoints(9, { index: 1, count: 3 })).toEqual([0, 3, 6]);
    expect(shardPoints(9, { index: 3, count: 3 })).toEqual([2, 5, 8]);
    expect(shardPoints(9, { index: 7, count: 7 })).toEqual([6]);
  });
});

describe('merge refuses', () => {
  it('shards of different sweeps, naming the files', async () => {
    const a = await shards(2, 'json');
    const b = await shards(2, 'json', '--seed', '9');
    const lines = refusal(() => mergeShards([a[0], { ...b[1], file: 'other-2.json' }]));
    expect(lines).toEqual([
      expect.stringMatching(
        /^other-2\.json is a shard of another sweep \([0-9a-f]{13}\) than shard-1\.json \([0-9a-f]{13}\): its scenario, --set, --seed or --vary differ$/,
      ),
    ]);
  }, 60_000);

  it('missing, repeated, cut short, mixed or foreign files', async () => {
    const json = await shards(3, 'json');
    const csv = await shards(3, 'csv');
    expect(refusal(() => mergeShards([json[0], json[2]]))).toEqual([
      expect.stringMatching(/^shard 2 of 3 of sweep [0-9a-f]{13} is missing$/),
    ]);
    expect(refusal(() => mergeShards([json[0]]))).toEqual([
      expect.stringMatching(/^shards 2, 3 of 3 of sweep [0-9a-f]{13} are missing$/),
    ]);
    expect(refusal(() => mergeShards([...json, { ...json[1], file: 'again.json' }]))).toEqual([
      'shard 2 of 3 is given twice: shard-2.json and again.json',
    ]);
    expect(refusal(() => mergeShards([json[0], csv[1], json[2]]))).toEqual([
      'shard-2.csv is CSV and shard-1.json JSON; merge shards of one format',
    ]);
    // a CSV shard whose last line was lost
    const cut = csv[1].text.split('\n').slice(0, -2).join('\n') + '\n';
    expect(refusal(() => mergeShards([csv[0], { ...csv[1], text: cut }, csv[2]]))).toEqual([
      'shard-2.csv lacks the row of point 7: the shard is incomplete (cut short?)',
    ]);
    // … or cut in the middle of a line, or of a quoted field
    for (const text of [
      csv[2].text.slice(0, -20),
      csv[2].text.slice(0, csv[2].text.lastIndexOf(',') + 1),
    ]) {
      expect(refusal(() => mergeShards([csv[0], csv[1], { ...csv[2], text }]))[0]).toMatch(
        /^shard-3\.csv is not a shard of noiselab sweep --shard: (it ends in the middle of a line|line \d+ has not the header's \d+ fields)/,
      );
    }
    // saved with CR LF line ends by an editor
    const crlf = csv[1].text.replaceAll('\n', '\r\n');
    expect(refusal(() => mergeShards([csv[0], { ...csv[1], text: crlf }, csv[2]]))).toEqual([
      'shard-2.csv is not a shard of noiselab sweep --shard: its lines end in CR LF (saved by a Windows editor?); use the file sweep wrote',
    ]);
    // one shard timed, the others not: another sweep (its rows have another field)
    const timed = await sweep('--shard', '2/3', '--timings');
    expect(
      refusal(() => mergeShards([json[0], { file: 'timed.json', text: timed }, json[2]]))[0],
    ).toMatch(/^timed\.json is a shard of another sweep/);
    // every file that is no shard is named, not only the first
    expect(
      refusal(() =>
        mergeShards([
          { file: 'a.txt', text: 'hello' },
          { file: 'b.json', text: '{}' },
        ]),
      ),
    ).toHaveLength(2);
    const whole = await sweep('--format', 'csv');
    expect(refusal(() => mergeShards([{ file: 'sweep.csv', text: whole }]))).toEqual([
      'sweep.csv is not a shard of noiselab sweep --shard: its header does not start with sweep,shard,shards,points,point',
    ]);
    const wholeJson = await sweep();
    expect(refusal(() => mergeShards([{ file: 'sweep.json', text: wholeJson }]))).toEqual([
      'sweep.json is not a shard of noiselab sweep --shard: it is a whole sweep’s output (run without --shard)',
    ]);
    expect(refusal(() => mergeShards([{ file: 'x.json', text: '{"rows": []}' }]))).toEqual([
      'x.json is not a shard of noiselab sweep --shard: it has no "noiselabShard": 1',
    ]);
  }, 60_000);

  it('a --shard that is no shard, and more shards than points', async () => {
    expect(refusal(() => parseShard('0/3'))).toEqual([
      '--shard: "0/3" is not i/N; allowed: i/N with 1 ≤ i ≤ N ≤ 100,000, e.g. --shard 3/8',
    ]);
    expect(refusal(() => parseShard('1/1000000'))[0]).toMatch(
      /^--shard: 1\/1000000 is out of range/,
    );
    expect(refusal(() => parseShard('01/04'))[0]).toMatch(/is not i\/N/);
    expect(refusal(() => parseShard('4/3'))[0]).toMatch(/^--shard: 4\/3 is out of range/);
    expect(refusal(() => parseShard('two/3'))[0]).toMatch(/^--shard: "two\/3" is not i\/N/);
    await expect(sweep('--shard', '1/10')).rejects.toThrow(
      '--shard: 1/10 splits a sweep of 9 points into more shards than it has points; allowed: at most 9 shards',
    );
  });
});
