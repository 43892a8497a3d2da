import { describe, expect, it } from 'vitest';
import { roundTimes } from '../../src/cli/round-times.ts';

describe('roundTimes: µs fields to the picosecond, nothing else', () => {
  it('takes the last-place error of a difference of large times off a µs field', () => {
    const out = roundTimes({
      minLatencyUs: 6.999999999992724,
      maxLatencyUs: 100.00000000005821,
      slowdown: 1.0000000000001,
      share: 0.123456789123,
    });
    expect(out).toEqual({
      minLatencyUs: 7,
      maxLatencyUs: 100,
      slowdown: 1.0000000000001,
      share: 0.123456789123,
    });
  });

  it('rounds arrays under a µs key, keys nested in them by their own names, and keeps -0 out', () => {
    const out = roundTimes({
      nodeDelayUs: [1.0000000000004, -0.0000000000001],
      bySource: [{ lostUs: 2.5000000000001, cov: 0.0100000000001 }],
      runTimeUs: { meanUs: 3.1234567891, cov: 0.5000000000001, n: 3 },
    });
    expect(out.nodeDelayUs).toEqual([1, 0]);
    expect(Object.is(out.nodeDelayUs[1], -0)).toBe(false);
    expect(out.bySource[0]).toEqual({ lostUs: 2.5, cov: 0.0100000000001 });
    expect(out.runTimeUs).toEqual({ meanUs: 3.123457, cov: 0.5000000000001, n: 3 });
  });

  it('reads min, mean and max inside a µs object as µs (the tree report’s rankUpdateUs)', () => {
    const out = roundTimes({
      rankUpdateUs: { min: 21.000000000000004, mean: 21.0918131868, max: 21.3948063196111 },
      spread: { min: 0.1000000000001 },
    });
    expect(out.rankUpdateUs).toEqual({ min: 21, mean: 21.091813, max: 21.394806 });
    expect(out.spread).toEqual({ min: 0.1000000000001 });
  });

  it('leaves non-finite and very large times, strings, booleans and nulls alone', () => {
    const out = roundTimes({ aUs: Infinity, bUs: 1e12 + 0.1234567, label: 'x', ok: true, n: null });
    expect(out).toEqual({ aUs: Infinity, bUs: 1e12 + 0.1234567, label: 'x', ok: true, n: null });
  });
});
