// The engine worker started before the app (main.ts): the first run takes it, once; one that
// failed to load meanwhile is closed and a fresh one started.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWorker {
  static made: FakeWorker[] = [];
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.resetModules(); // a fresh module: nothing prestarted
});
afterEach(() => vi.unstubAllGlobals());

describe('the prestarted engine worker', () => {
  it('is the one the first run takes, and only the first', async () => {
    const { prestartEngineWorker, takeEngineWorker } =
      await import('../../src/state/engine-worker.ts');
    prestartEngineWorker();
    prestartEngineWorker(); // once
    expect(FakeWorker.made).toHaveLength(1);
    const first = FakeWorker.made[0];
    expect(String(first.url)).toMatch(/workers\/engine\.worker\.ts$/);
    expect(first.options).toEqual({ type: 'module' });
    expect(takeEngineWorker()).toBe(first);
    expect(first.onerror).toBeNull(); // the taker's handlers, not the waiting one's
    const second = takeEngineWorker();
    expect(second).not.toBe(first);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('is closed and replaced when it failed to load before it was taken', async () => {
    const { prestartEngineWorker, takeEngineWorker } =
      await import('../../src/state/engine-worker.ts');
    prestartEngineWorker();
    const early = FakeWorker.made[0];
    let prevented = false;
    early.onerror!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    const taken = takeEngineWorker();
    expect(taken).not.toBe(early);
    expect(early.terminated).toBe(true);
  });

  it('starts a fresh worker for a run when none was prestarted', async () => {
    const { takeEngineWorker } = await import('../../src/state/engine-worker.ts');
    takeEngineWorker();
    expect(FakeWorker.made).toHaveLength(1);
  });
});
