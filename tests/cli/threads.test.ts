// --threads capped at the machine's cores, with the cores given to the function, so
// the rule is checked the same on any machine. The CLI applying it: tests/cli/e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { capThreads } from '../../src/cli/threads.ts';

describe('capThreads(asked, available)', () => {
  it('keeps an asked number up to the cores, and no number when none was asked', () => {
    expect(capThreads(1, 2)).toEqual({ threads: 1 });
    expect(capThreads(2, 2)).toEqual({ threads: 2 });
    expect(capThreads(7, 64)).toEqual({ threads: 7 });
    expect(capThreads(undefined, 2)).toEqual({ threads: undefined });
  });

  it('lowers a larger number to the cores, with a one-line note', () => {
    expect(capThreads(32, 2)).toEqual({
      threads: 2,
      note: "--threads 32 is more than this machine's 2 cores; using 2",
    });
    expect(capThreads(1024, 16)).toEqual({
      threads: 16,
      note: "--threads 1024 is more than this machine's 16 cores; using 16",
    });
    expect(capThreads(2, 1)).toEqual({
      threads: 1,
      note: "--threads 2 is more than this machine's 1 core; using 1",
    });
  });

  it('counts at least one core, whatever it is told', () => {
    expect(capThreads(4, 0).threads).toBe(1);
    expect(capThreads(4, 2.5).threads).toBe(2);
  });
});
