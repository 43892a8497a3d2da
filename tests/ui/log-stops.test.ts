import { describe, expect, it } from 'vitest';
import {
  GRANULARITY_STOPS_US,
  nearestStop,
  nodeStops,
  stopsWith,
} from '../../src/ui/controls/log-stops.ts';

describe('log-scale slider stops', () => {
  it('granularity starts at 0 and runs 10 µs … 1 s in a 1-2-5 sequence', () => {
    expect(GRANULARITY_STOPS_US.slice(0, 5)).toEqual([0, 10, 20, 50, 100]);
    expect(GRANULARITY_STOPS_US.at(-1)).toBe(1e8);
    expect(GRANULARITY_STOPS_US).toContain(1000);
  });

  it('stopsWith adds a value between stops in order, once', () => {
    expect(stopsWith([0, 10, 20], 15)).toEqual([0, 10, 15, 20]);
    expect(stopsWith([0, 10, 20], 10)).toEqual([0, 10, 20]);
  });

  it('nodeStops are the powers of two up to the maximum, plus the marks and the maximum', () => {
    expect(nodeStops(2048)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
    const jaguar = nodeStops(18688, [1024, 18688]);
    expect(jaguar.at(-2)).toBe(16384);
    expect(jaguar.at(-1)).toBe(18688);
    expect(nodeStops(1)).toEqual([1]);
    expect(nodeStops(1984, [1024, 2048])).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1984,
    ]);
  });

  it('nearestStop maps a value to the index of the closest stop', () => {
    expect(nearestStop(GRANULARITY_STOPS_US, 1000)).toBe(GRANULARITY_STOPS_US.indexOf(1000));
    expect(nearestStop([0, 10, 20], 14)).toBe(1);
    expect(nearestStop([0, 10, 20], 1e9)).toBe(2);
    expect(nearestStop([0, 10, 20], 15)).toBe(1); // a tie goes to the lower stop
  });
});
