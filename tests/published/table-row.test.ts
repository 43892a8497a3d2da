// Which row of 001 Table 2 a scenario runs: the run-to-run view rings it among the twelve.
import { describe, expect, it } from 'vitest';
import { tableRowOf } from '../../src/published/variability.ts';
import { loadPreset } from '../../src/validation/presets.ts';

describe('a scenario’s own row of 001 Table 2', () => {
  it('is its machine and NPB code for the 001 presets, and none for any other', () => {
    const row = (file: string) => {
      const s = loadPreset(file);
      const r = tableRowOf(s.machine.name, s.workload.kind, s.job.nodes * s.job.ranksPerNode);
      return r && `${r.machine} ${r.code} ${r.covPercent}`;
    };
    expect(row('lemieux-ep')).toBe('Compaq SC (ES45, Quadrics) EP 6.91');
    expect(row('t3e-mcurie-lu')).toBe('Cray T3E LU 15.58');
    expect(row('seaborg-ft')).toBe('IBM SP FT 5.7');
    expect(row('alvarez-lu')).toBe('Intel cluster LU 2.62');
    // ASCI Q's stand-ins and the barrier presets are not rows of the table
    expect(row('ep-asci-q-2002')).toBeNull();
    expect(row('asci-q-2002')).toBeNull();
    // one node's EP (001 sec 9: under 1.6%) is not the table's 128 tasks
    const ep = loadPreset('lemieux-ep');
    expect(tableRowOf(ep.machine.name, ep.workload.kind, 4)).toBeNull();
  });
});
