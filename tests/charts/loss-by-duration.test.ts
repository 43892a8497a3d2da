// The data of the loss-by-event-duration view (Figure 18), from the attribution of small runs.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import {
  durationHolding,
  lossByDuration,
  lossCsv,
  lossSummary,
} from '../../src/charts/loss-by-duration.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { parseCsv } from '../helpers/csv.ts';
import { scenario, source } from '../helpers/scenario.ts';

const run = runScenario(
  scenario({
    nodes: 16,
    iterations: 300,
    noise: [
      source({
        id: 'short',
        category: 'kernel',
        periodUs: 5_000,
        duration: { dist: 'fixed', valueUs: 20 },
      }),
      source({
        id: 'long',
        category: 'daemon',
        periodUs: 50_000,
        duration: { dist: 'fixed', valueUs: 2_000 },
      }),
    ],
  }),
);
const a = run.attribution!;

describe('lossByDuration', () => {
  const d = lossByDuration(a);

  it('stacks one layer per category, and the stack ends at the total lost time', () => {
    expect(d.layers.map((l) => l.category)).toEqual(['kernel', 'daemon']);
    const end = d.layers.reduce((s, l) => s + l.cumulativeUs.at(-1)!, 0);
    expect(a.totalLostUs).toBeGreaterThan(0);
    expect(end).toBeCloseTo(a.totalLostUs, 6);
  });

  it('never falls: each layer is cumulative, and ends at its own loss', () => {
    for (const l of d.layers) {
      for (let k = 1; k < l.cumulativeUs.length; k++) {
        expect(l.cumulativeUs[k]).toBeGreaterThanOrEqual(l.cumulativeUs[k - 1]);
      }
      expect(l.cumulativeUs.at(-1)).toBeCloseTo(l.lostUs, 6);
    }
  });

  it('puts each source at its event duration: 20 µs events before the 2 ms ones', () => {
    const kernel = d.layers[0];
    const daemon = d.layers[1];
    const firstLoss = (l: typeof kernel) => d.upperUs[l.cumulativeUs.findIndex((v) => v > 0)];
    expect(firstLoss(kernel)).toBeGreaterThan(20);
    expect(firstLoss(kernel)).toBeLessThan(40);
    expect(firstLoss(daemon)).toBeGreaterThan(2000);
    expect(firstLoss(daemon)).toBeLessThan(4000);
    expect(d.startUs).toBeLessThanOrEqual(20);
    expect(d.upperUs).toHaveLength(kernel.cumulativeUs.length);
  });

  it('says where half the loss lies, and gives a CSV row per bin', () => {
    expect(durationHolding(d, 1)).toBe(d.upperUs.at(-1));
    expect(lossSummary(d, formatTimeUs)).toMatch(
      /lost in all; half of it to events of .* or shorter/,
    );
    const rows = lossCsv(d).trim().split('\n');
    expect(rows[0]).toBe('event_duration_up_to_us,kernel_us,daemon_us,total_us');
    expect(rows).toHaveLength(1 + d.upperUs.length);
    expect(Number(rows.at(-1)!.split(',').at(-1))).toBeCloseTo(a.totalLostUs, 6);
  });

  it('says so when nothing was lost', () => {
    const quiet = lossByDuration(runScenario(scenario({ nodes: 4, iterations: 10 })).attribution!);
    expect(quiet.totalLostUs).toBe(0);
    expect(lossSummary(quiet, formatTimeUs)).toBe('No time lost to noise yet.');
  });
});

describe('lossCsv with hostile categories', () => {
  // Categories are free text a shared link can carry: a comma, quotes and a line break must not
  // break the columns, and a formula must stay text.
  const hostile = 'a,"b"\n=HYPERLINK("x")';
  const d = lossByDuration(
    runScenario(
      scenario({
        nodes: 8,
        iterations: 100,
        noise: [
          source({ id: 'x', category: hostile, periodUs: 5_000 }),
          source({ id: 'y', category: '=HYPERLINK("http://evil","click")', periodUs: 7_000 }),
          source({ id: 'z', category: '-2+3', periodUs: 9_000 }),
        ],
      }),
    ).attribution!,
  );

  it('keeps one header cell per category, each the category as text', () => {
    expect(d.layers).toHaveLength(3);
    const text = lossCsv(d);
    expect(text.split('\n')[0]).toBe('event_duration_up_to_us,"a,""b""');
    const records = parseCsv(text);
    expect(records[0]).toEqual([
      'event_duration_up_to_us',
      `${hostile}_us`,
      `'=HYPERLINK("http://evil","click")_us`,
      "'-2+3_us",
      'total_us',
    ]);
    expect(records).toHaveLength(1 + d.upperUs.length);
    for (const row of records.slice(1)) {
      expect(row).toHaveLength(5);
      // every other cell is a number, written as data
      for (const cell of row) expect(Number.isFinite(Number(cell))).toBe(true);
    }
    // No cell, header included, starts a formula.
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
