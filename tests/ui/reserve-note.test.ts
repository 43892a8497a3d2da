// What a reservation leaves on the ranks' cores: on Jaguar XT5's stock kernel every core keeps
// its own work queue (4 ms median, σ 0.5: a mean of 4000·e^(σ²/2) µs), on the RN kernel only the
// 2.5–3.5 µs tick (003 sec 3): why reserving core 0 helps one and not the other.
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/edits/apply.ts';
import { longestOnRankCores } from '../../src/ui/controls/reserve-note.ts';
import { preset } from '../lesson/presets.ts';

/** the preset with core 0 kept for the OS and a rank on each other core */
const reserve0 = (id: string) => {
  const s = preset(id);
  return applyEdits(s, [
    { kind: 'set', path: 'job.reservedCores', value: [0] },
    { kind: 'set', path: 'job.ranksPerNode', value: s.machine.coresPerNode - 1 },
  ]);
};

describe('longestOnRankCores', () => {
  it('finds the stock kernel’s work queue on the first rank core', () => {
    const left = longestOnRankCores(reserve0('jaguar-xt5-stock'))!;
    expect(left.label).toBe('Kernel work queue (events/1), core 1');
    expect(left.meanUs).toBeCloseTo(4000 * Math.exp(0.5 ** 2 / 2), 6);
  });

  it('finds only the tick on the RN kernel’s rank cores', () => {
    const left = longestOnRankCores(reserve0('jaguar-xt5-rn'))!;
    expect(left.label).toBe('Timer interrupt (scheduler tick), core 1');
    expect(left.meanUs).toBeCloseTo(3, 9); // uniform 2.5–3.5 µs
  });

  it('leaves out noise on any core and disabled sources: none on ASCI Q', () => {
    expect(longestOnRankCores(reserve0('asci-q-2002'))).toBeNull();
  });
});
