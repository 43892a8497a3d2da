// The ripple view's runs (src/engine/ripple.ts) and what the view says of them
// (src/charts/ripple.ts), against the closed forms of docs/workloads.md §7 and model.md §4.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HIT_ITERATION, RIPPLE_DEFAULTS, rippleNodes, rippleOf } from '../../src/engine/ripple.ts';
import { rippleCsv, rippleFrame, rippleSummary } from '../../src/charts/ripple.ts';
import { gridNeighbours, gridSides } from '../../src/scenario/grid.ts';
import { validateScenario } from '../../src/scenario/index.ts';

const preset = (name: string) =>
  validateScenario(
    JSON.parse(readFileSync(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8')),
  );

describe('the ripple grid', () => {
  it('is the squarest grid of about the ranks asked for', () => {
    expect(rippleNodes(384, 4, 1024)).toBe(81); // 324 = 18 × 18
    expect(rippleNodes(384, 7, 18_688)).toBe(63); // 441 = 21 × 21
    expect(rippleNodes(384, 1, 2)).toBe(2); // no more nodes than the machine has
    expect(gridSides(81 * 4, 2)).toEqual([18, 18]);
  });
});

describe('one event, two exchanges', () => {
  const s = preset('jaguar-xt5-rn');
  const d = 3000;
  const r = rippleOf(s, { ...RIPPLE_DEFAULTS, noise: 'one', eventUs: d });
  const R = r.ranks;

  it('delays every barrier rank by the event from the iteration it hits, none before', () => {
    for (let i = 0; i < r.iterations; i++) {
      for (let k = 0; k < R; k++) {
        expect(r.barrier.lateUs[i * R + k]).toBeCloseTo(i < HIT_ITERATION ? 0 : d, 6);
      }
    }
  });

  it('delays halo ranks as walks on the grid say (§7)', () => {
    const nb = gridNeighbours(r.sides, true);
    let reach = [r.hitRank!];
    let before: Set<number>;
    let now = new Set(reach);
    for (let j = 0; HIT_ITERATION + j < r.iterations; j++) {
      // walks of j + 1 steps from the hit rank: d late; of j steps only: d − m late
      const next = new Set<number>();
      for (const q of now) for (let e = nb.start[q]; e < nb.start[q + 1]; e++) next.add(nb.list[e]);
      before = now;
      now = next;
      const i = HIT_ITERATION + j;
      for (let k = 0; k < R; k++) {
        const late = now.has(k) ? d : before.has(k) ? d - r.messageUs : 0;
        expect(r.halo.lateUs[i * R + k], `iteration ${i}, rank ${k}`).toBeCloseTo(late, 6);
      }
      reach = [...now];
    }
    expect(reach.length).toBe(R); // the delay covers the grid by the last iteration
  });

  it('says so in words and in its CSV', () => {
    const f = rippleFrame(r, r.halo, HIT_ITERATION + 1, true);
    expect(f.late).toBe(13);
    expect(f.reach).toBe(2);
    expect(f.maxUs).toBeCloseTo(d, 6);
    expect(rippleSummary(r, HIT_ITERATION + 1, true)).toBe(
      `Iteration 3: halo exchange, 13 of ${R} ranks late, up to 3 ms (the delay is 2 neighbours ` +
        `from the hit rank); barrier, all ${R} ranks late, up to 3 ms.`,
    );
    expect(rippleSummary(r, 0, true)).toBe(
      'Iteration 0: halo exchange, every rank on time; barrier, every rank on time.',
    );
    const rows = rippleCsv(r).trim().split('\n');
    expect(rows).toHaveLength(1 + r.iterations * R);
    const hit = rows.find((row) => row.startsWith(`${HIT_ITERATION},${r.hitRank},`))!;
    expect(hit.split(',').slice(2, 4)).toEqual(['10', '10']); // the middle of 21 × 21
  });
});

describe('with no compute between exchanges (g = 0)', () => {
  // HALO on the XT3 (updates back to back): the barrier's held-up rank has no compute to delay,
  // so the event covers its start of the hit iteration (from START_LEAD_US before it, ending the
  // event's length after it): by the
  // residual rule (model.md §3) it starts that iteration late, and every rank with it; the
  // halo's rank is sending, late at once.
  const s = preset('halo-jaguarcnl-xt3');
  const r = rippleOf(s, { ...RIPPLE_DEFAULTS, noise: 'one' });
  const R = r.ranks;

  it('shows every barrier rank late in the hit iteration, by the event', () => {
    expect(r.granularityUs).toBe(0);
    expect(rippleFrame(r, r.barrier, HIT_ITERATION - 1, true).late).toBe(0);
    const hit = rippleFrame(r, r.barrier, HIT_ITERATION, true);
    expect(hit.late).toBe(R);
    expect(hit.maxUs).toBeCloseTo(RIPPLE_DEFAULTS.eventUs, 6);
    expect(rippleFrame(r, r.halo, HIT_ITERATION, true).late).toBe(5);
    expect(rippleSummary(r, HIT_ITERATION, true)).toContain(
      `barrier, all ${R} ranks late, up to 1 ms.`,
    );
  });
});

describe("the scenario's own noise", () => {
  it('costs the barrier more than the halo exchange (it waits for every late rank)', () => {
    const r = rippleOf(preset('asci-q-2002'), { ...RIPPLE_DEFAULTS, noise: 'scenario' });
    expect(r.hitRank).toBeNull();
    const last = r.iterations - 1;
    const halo = rippleFrame(r, r.halo, last, true);
    const barrier = rippleFrame(r, r.barrier, last, true);
    expect(barrier.meanUs).toBeGreaterThan(halo.meanUs);
    expect(halo.reach).toBeNull();
  });
});

describe('a halo whose messages cost CPU time, on an open grid', () => {
  it('reads lateness against the same exchange without noise: nothing is late before the event', () => {
    const base = preset('halo-jaguar-xt5-stock');
    if (base.workload.kind !== 'halo') throw new Error('a halo preset');
    const s = { ...base, workload: { ...base.workload, periodic: false, overheadUs: 2 } };
    const d = 500;
    const r = rippleOf(s, { ...RIPPLE_DEFAULTS, noise: 'one', eventUs: d });
    const R = r.ranks;
    for (let i = 0; i < HIT_ITERATION * R; i++) expect(r.halo.lateUs[i]).toBe(0);
    // the hit rank is d − m late in the iteration the event hits (its neighbours' messages were
    // in: §7), its neighbours d
    const i = HIT_ITERATION * R;
    expect(r.halo.lateUs[i + r.hitRank!]).toBeCloseTo(d - r.messageUs, 6);
    expect(r.halo.lateUs[i + r.hitRank! + 1]).toBeCloseTo(d, 6);
    // 4 neighbours inside the grid, o = 2 each way: the model line is g + m + 16 µs
    expect(r.halo.iterationUs).toBeCloseTo(r.granularityUs + r.messageUs + 16, 9);
  });
});
