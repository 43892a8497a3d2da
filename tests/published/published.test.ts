// The published numbers the charts draw: each cites a seed paper and a figure or table, and a
// chart draws only those measured on the configuration it shows.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cyclePlan } from '../../src/charts/cycle-time.ts';
import {
  citation,
  cycleTimeMarks,
  iterationMarks,
  lossShareMarks,
  PUBLISHED,
  publishedCsv,
  publishedMachine,
  resonanceShareMarks,
  SEEDS,
  type PublishedValue,
} from '../../src/published/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { loadPreset, variant } from '../../src/validation/presets.ts';

const ids = (vs: readonly PublishedValue[]) => vs.map((v) => v.id).sort();
const cycleIds = (s: Scenario) => ids(cycleTimeMarks(s, cyclePlan(s)));

describe('every published number', () => {
  it('cites a seed file and a figure or table in it', () => {
    for (const v of PUBLISHED) {
      expect(v.cite, v.id).toMatch(/^(\d{3}) (Table|Fig) \d+(\([a-z]\))?$/);
      const key = v.cite.slice(0, 3) as keyof typeof SEEDS;
      expect(SEEDS[key], v.id).toBeDefined();
      expect(citation(v)).toContain(SEEDS[key].title);
      expect(citation(v)).toContain(`${SEEDS[key].year}, ${v.cite.slice(4)}`);
    }
  });

  it('names seed files that exist in ../shared/seeds when it is there', () => {
    const dir = new URL('../../../shared/seeds/', import.meta.url);
    if (!existsSync(dir)) return;
    for (const seed of Object.values(SEEDS)) expect(existsSync(new URL(seed.file, dir))).toBe(true);
  });

  it('has a unique id, a finite positive value, a label and the number as printed', () => {
    expect(new Set(PUBLISHED.map((v) => v.id)).size).toBe(PUBLISHED.length);
    for (const v of PUBLISHED) {
      expect(Number.isFinite(v.value) && v.value > 0, v.id).toBe(true);
      if (v.unit === 'share') expect(v.value).toBeLessThanOrEqual(1);
      expect(v.label.length).toBeGreaterThan(0);
      expect(v.printed.length).toBeGreaterThan(0);
      expect(v.config.machines.length).toBeGreaterThan(0);
    }
  });

  it('keeps the numbers of published.json (000 Table 3, 003 Table 1)', () => {
    const by = new Map(PUBLISHED.map((v) => [v.id, v]));
    expect(by.get('table3-unoptimized')?.value).toBe(1_600_000); // µs: 1.60 s
    expect(by.get('table3-model')?.value).toBe(630_000);
    // µs per step: 137.94 s at step 1,000
    expect(by.get('table1-stock-24576')?.value).toBeCloseTo(137_940, 6);
    // the misprinted RN 1,536 row: 149.16 s at step 870
    expect(by.get('table1-rn-1536')?.value).toBeCloseTo((149.16 / 870) * 1e6, 6);
  });
});

describe('publishedMachine', () => {
  it('recognises the presets by their noise', () => {
    expect(publishedMachine(loadPreset('asci-q-2002'))).toBe('asci-q-2002');
    expect(publishedMachine(loadPreset('sage-asci-q-2002'))).toBe('asci-q-2002');
    expect(publishedMachine(loadPreset('asci-q-2003'))).toBe('asci-q-2003');
    expect(publishedMachine(loadPreset('sage-asci-q-2003-without-0-31'))).toBe('asci-q-2003');
    expect(publishedMachine(loadPreset('jaguar-xt5-stock'))).toBe('jaguar-xt5-stock');
    expect(publishedMachine(loadPreset('pop-jaguar-xt5-rn-prototype'))).toBe('jaguar-xt5-rn');
    expect(publishedMachine(loadPreset('bgp-intrepid'))).toBeNull();
  });

  it('is none of them once a daemon is switched off', () => {
    const s = variant(loadPreset('asci-q-2002'), (d) => {
      d.noise.find((n) => n.id === 'daemon-snmpd')!.enabled = false;
    });
    expect(publishedMachine(s)).toBeNull();
  });
});

describe('cycleTimeMarks', () => {
  it('draws Table 3 "Unoptimized" and "Model", and Fig 1’s twice the model, on SAGE on ASCI Q 2002', () => {
    expect(cycleIds(loadPreset('sage-asci-q-2002'))).toEqual([
      'fig1-twice-model',
      'table3-model',
      'table3-unoptimized',
    ]);
  });

  it('draws the same on the 2002 barrier preset, whose cycle-time view sweeps SAGE', () => {
    expect(cycleIds(loadPreset('asci-q-2002'))).toEqual([
      'fig1-twice-model',
      'table3-model',
      'table3-unoptimized',
    ]);
  });

  it('draws "3 processes/node" and "Model" on the optimised machine', () => {
    expect(cycleIds(loadPreset('asci-q-2003'))).toEqual(['table3-3ppn', 'table3-model']);
  });

  it('draws the "without nodes 0 and 31" rows only when those offsets are left out', () => {
    expect(cycleIds(loadPreset('sage-asci-q-2003-without-0-31'))).toEqual([
      'table3-without-0-31',
      'table3-without-0-31-best',
    ]);
  });

  it('draws the Fig 6 bounds on the allreduce benchmark, and none once it blocks', () => {
    const s = loadPreset('allreduce-asci-q-2002');
    expect(cycleIds(s)).toEqual(['fig6-1ppn', 'fig6-2ppn', 'fig6-3ppn', 'fig6-4ppn']);
    const marks = cycleTimeMarks(s, cyclePlan(s));
    expect(marks.find((v) => v.id === 'fig6-4ppn')?.bound).toBe('over');
    expect(marks.find((v) => v.id === 'fig6-3ppn')?.bound).toBe('under');
    const block = variant(s, (d) => {
      d.job.waitMode = 'block';
      d.job.wakeupUs = 5;
    });
    expect(cycleIds(block)).toEqual([]);
  });

  it('draws Table 1 of its own kernel on POP on Jaguar XT5 (-N 6 -cc 2-7)', () => {
    const stock = cycleIds(loadPreset('pop-jaguar-xt5-stock'));
    expect(stock).toEqual([
      'table1-stock-1536',
      'table1-stock-24576',
      'table1-stock-384',
      'table1-stock-6144',
    ]);
    const rn = cycleIds(loadPreset('pop-jaguar-xt5-rn-prototype'));
    expect(rn.every((id) => id.startsWith('table1-rn-'))).toBe(true);
    expect(rn).toHaveLength(4);
  });

  it('draws nothing where the papers published nothing for the chart', () => {
    expect(cycleIds(loadPreset('bgp-intrepid'))).toEqual([]);
    // the stock kernel's Jaguar preset runs 8 per node with no core kept: not Table 1's layout
    expect(cycleIds(loadPreset('jaguar-xt5-stock'))).toEqual([]);
    expect(cycleIds(loadPreset('mpi-fwq-jaguar-xt5-stock'))).toEqual([]);
  });
});

describe('lossShareMarks', () => {
  const at = (g: number) =>
    variant(loadPreset('asci-q-2003-without-0-31'), (d) => {
      if (d.workload.kind === 'barrier') d.workload.granularityUs = g;
    });

  it('draws the share Finding #4 gives at g = 0, 1 ms and 5 ms on 960 nodes of the 2003 machine', () => {
    expect(ids(lossShareMarks(at(0)))).toEqual(['fig18a-kernel']);
    expect(ids(lossShareMarks(at(1000)))).toEqual(['fig18b-rms']);
    expect(ids(lossShareMarks(at(5000)))).toEqual(['fig18c-trucluster']);
  });

  it('draws none at another granularity, node count or machine', () => {
    expect(lossShareMarks(at(2000))).toEqual([]);
    expect(lossShareMarks(loadPreset('asci-q-2003'))).toEqual([]); // 1,024 nodes
    expect(lossShareMarks(loadPreset('asci-q-2002'))).toEqual([]);
  });
});

describe('iterationMarks', () => {
  it('draws Fig 4 on SAGE on 3,584 processors of the 2002 machine only', () => {
    const s = loadPreset('sage-asci-q-2002');
    expect(iterationMarks(s)).toEqual([]); // 4,096 processors
    const fig4 = variant(s, (d) => {
      d.job.nodes = 896;
    });
    expect(ids(iterationMarks(fig4))).toEqual(['fig4-longest', 'fig4-shortest']);
  });
});

describe('publishedCsv', () => {
  it('is a block of its own with a header, one row per mark, the citation in each', () => {
    const s = loadPreset('asci-q-2003'); // Table 3's "3 processes/node" and "Model"
    const csv = publishedCsv(cycleTimeMarks(s, cyclePlan(s)));
    const lines = csv.trim().split('\n');
    expect(csv.startsWith('\n')).toBe(true);
    expect(lines[0]).toBe(
      'published_id,label,value,unit,bound,nodes,ranks_per_node,cite,source,note',
    );
    expect(lines).toHaveLength(3);
    // the short form for a program, the readable one for a reader
    const cited = '"000 Table 3","Petrini, Kerbyson and Pakin 2003, Table 3"';
    expect(lines.slice(1).every((l) => l.includes(cited))).toBe(true);
    expect(publishedCsv([])).toBe('');
  });
});

describe('resonanceShareMarks', () => {
  it('gives Finding #4 at the granularities the sweep runs, on 960 nodes of the 2003 machine', () => {
    const s = loadPreset('asci-q-2003-without-0-31');
    expect(ids(resonanceShareMarks(s, [0, 10, 100, 1000, 10_000]))).toEqual([
      'fig18a-kernel',
      'fig18b-rms',
    ]);
    expect(resonanceShareMarks(loadPreset('asci-q-2003'), [0, 1000])).toEqual([]);
  });
});
