// Which of a job's nodes a noise source's placement covers: the job's nodes are the machine's
// first n whose cluster offset it does not exclude (src/engine/layout.ts). The cost estimates,
// the sweeps' point lengths and the lesson's notes count nodes this way.
import { describe, expect, it } from 'vitest';
import { buildLayout } from '../../src/engine/layout.ts';
import { coveredJobNodes } from '../../src/scenario/cost.ts';
import type { Placement } from '../../src/scenario/types.ts';
import { loadPreset, variant } from '../../src/validation/presets.ts';

/** The same count from the engine's own layout: its job nodes, and which the placement names. */
function counted(p: Placement, s: ReturnType<typeof loadPreset>): number {
  const K = s.machine.clusterSize;
  const ids = buildLayout(s).nodeIds;
  let n = 0;
  for (const id of ids) {
    if (p.kind === 'all') n++;
    else if (p.kind === 'clusterOffsets' && p.offsets.includes(id % K)) n++;
    else if (p.kind === 'nodes' && p.ids.includes(id)) n++;
  }
  return n;
}

describe('coveredJobNodes', () => {
  const q = loadPreset('asci-q-2003');
  const cases: [string, (d: typeof q) => void][] = [
    ['1,024 nodes, none excluded', () => {}],
    [
      '960 nodes without offsets 0 and 31',
      (d) => {
        d.job.nodes = 960;
        d.job.excludeOffsets = [0, 31];
      },
    ],
    [
      '40 nodes: a cluster and a part of the next',
      (d) => {
        d.job.nodes = 40;
      },
    ],
    [
      '45 nodes without offset 1',
      (d) => {
        d.job.nodes = 45;
        d.job.excludeOffsets = [1];
      },
    ],
  ];
  const placements: Placement[] = [
    { kind: 'all' },
    { kind: 'clusterOffsets', offsets: [0] },
    { kind: 'clusterOffsets', offsets: [1, 31] },
    { kind: 'nodes', ids: [0, 1, 33, 40, 1000, 2047] },
  ];
  for (const [what, edit] of cases) {
    it(`counts what the engine's layout runs: ${what}`, () => {
      const s = variant(q, edit);
      for (const p of placements)
        expect(coveredJobNodes(p, s), JSON.stringify(p)).toBe(counted(p, s));
    });
  }

  it('a source on an excluded offset covers none of the job (TruCluster on node 0 in 2003)', () => {
    const s = loadPreset('asci-q-2003-without-0-31');
    const quorum = s.noise.find((n) => n.id === 'quorum-node')!;
    expect(coveredJobNodes(quorum.placement, s)).toBe(0);
    expect(coveredJobNodes({ kind: 'fraction', p: 0.25 }, s)).toBe(240);
  });
});
