// The Jaguar XT5 and BG/P presets (scenarios/jaguar-xt5-*.json, scenarios/bgp-intrepid.json):
// they load, every noise value says where it comes from, and the job layouts are the paper's.
// Their validation targets (11, BG/P barrier flatness; 12, FWQ kurtosis) run in
// tests/validation/papers.test.ts with the others.
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../../src/validation/presets.ts';

const PRESETS = ['jaguar-xt5-stock', 'jaguar-xt5-rn', 'jaguar-xt5-rn-prototype', 'bgp-intrepid'];

describe('Jaguar XT5 and BG/P presets', () => {
  for (const name of PRESETS) {
    it(`${name}: every source has provenance for period, duration, placement and cpu`, () => {
      const s = loadPreset(name);
      expect(s.version).toBe(2);
      for (const source of s.noise) {
        for (const field of ['periodUs', 'duration', 'placement', 'cpu'] as const) {
          expect(source.provenance[field], `${source.id}.${field}`).toBeDefined();
        }
      }
    });
  }

  it('the job layouts are the paper’s: -N 8, -N 7 -cc 1-7, -N 6 -cc 2-7', () => {
    const job = (name: string) => {
      const { ranksPerNode, reservedCores } = loadPreset(name).job;
      return { ranksPerNode, reservedCores };
    };
    expect(job('jaguar-xt5-stock')).toEqual({ ranksPerNode: 8, reservedCores: [] });
    expect(job('jaguar-xt5-rn')).toEqual({ ranksPerNode: 7, reservedCores: [0] });
    expect(job('jaguar-xt5-rn-prototype')).toEqual({ ranksPerNode: 6, reservedCores: [0, 1] });
  });

  it('RN pins every service to core 0 except Lustre, DVS, packet mapping and the ticks', () => {
    const s = loadPreset('jaguar-xt5-rn');
    const any = s.noise.filter((n) => n.cpu === 'any').map((n) => n.id);
    expect(any.sort()).toEqual(['dvs', 'lustre', 'packet-mapping']);
    const elsewhere = s.noise.filter((n) => typeof n.cpu === 'number' && n.cpu !== 0);
    expect(elsewhere.every((n) => n.id.startsWith('timer-tick-core'))).toBe(true);
  });
});
