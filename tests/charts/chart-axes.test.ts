// The charts' shared pieces: the axes with their titles (marks/Axes), the data tables (DataTable)
// and the ticks of an axis of counts. Rendered on the server: the markup, not the drawing (the
// d3 axes and the measuring run in the browser: tests/browser/).
import { scaleLinear, scaleLog } from 'd3-scale';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { powersOfTwo, thinTicks, verticalTickCount, wholeTicks } from '../../src/charts/axis.ts';
import Axes from '../../src/charts/marks/Axes.svelte';
import DataTable from '../../src/charts/DataTable.svelte';

const identity = () => {};
const margin = { top: 16, right: 16, bottom: 44, left: 64 };

describe('wholeTicks(scale, count)', () => {
  it('drops the fractional ticks of a log scale over less than a decade (none swept yet: 1 to 2)', () => {
    expect(wholeTicks(scaleLog().domain([1, 2]), 8)).toEqual([1, 2]);
    expect(wholeTicks(scaleLog().domain([2, 4]), 8)).toEqual([2, 3, 4]);
  });

  it('keeps every tick of a log scale over decades', () => {
    const x = scaleLog().domain([1, 1024]);
    expect(wholeTicks(x, 8)).toEqual(x.ticks(8));
  });
});

describe('Axes', () => {
  it('puts the axes at the plot’s edges and the titles under it and at the left edge', () => {
    const { body } = render(Axes, {
      props: {
        x: identity,
        y: identity,
        xTitle: 'nodes (log scale)',
        yTitle: 'mean latency (log scale)',
        width: 640,
        height: 320,
        margin,
      },
    });
    expect(body).toContain('transform="translate(0,276)"');
    expect(body).toContain('transform="translate(64,0)"');
    // x title: centred under the plot, 6 units above the bottom edge
    expect(body).toMatch(
      /<text class="axis-label" x="344" y="314"[^>]*>nodes \(log scale\)<\/text>/,
    );
    // y title: rotated, 14 units in before it is measured, halfway up the plot
    expect(body).toMatch(
      /<text class="axis-label" transform="translate\(14,146\) rotate\(-90\)"[^>]*>mean latency \(log scale\)<\/text>/,
    );
  });

  it('offsets a panel of a larger chart by its place in it', () => {
    const { body } = render(Axes, {
      props: {
        x: identity,
        y: identity,
        xTitle: 'iteration time',
        yTitle: 'iterations',
        left: 560,
        top: 290,
        width: 400,
        height: 290,
        margin,
      },
    });
    expect(body).toContain('transform="translate(0,536)"');
    expect(body).toContain('transform="translate(624,0)"');
    expect(body).toContain('x="784" y="574"');
    expect(body).toContain('transform="translate(574,421) rotate(-90)"');
  });
});

describe('DataTable', () => {
  it('writes a caption, column headers and the rows, a cell with a tooltip as its title', () => {
    const { body } = render(DataTable, {
      props: {
        class: 'ghost-table',
        caption: 'The pinned run',
        columns: ['Series', 'Nodes', 'Source'],
        rows: [['pinned', 64, { text: '000 Fig 18', title: 'Petrini et al. 2003, Fig 18' }]],
      },
    });
    const text = body.replace(/<!--[^>]*-->/g, '');
    expect(text).toContain('<table class="ghost-table"><caption>The pinned run</caption>');
    expect(text).toContain(
      '<thead><tr><th scope="col">Series</th><th scope="col">Nodes</th><th scope="col">Source</th></tr></thead>',
    );
    expect(text).toContain(
      '<tbody><tr><td>pinned</td><td>64</td><td title="Petrini et al. 2003, Fig 18">000 Fig 18</td></tr></tbody>',
    );
  });
});

describe('powersOfTwo: the processor axis of the cycle-time view', () => {
  it('lists every power of two in the domain, the largest machine size included', () => {
    expect(powersOfTwo([1, 8192])).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
    ]);
    expect(powersOfTwo([3, 100])).toEqual([4, 8, 16, 32, 64]);
    expect(powersOfTwo([1536, 6144])).toEqual([2048, 4096]);
  });
  it('thinned to what a narrow axis can label, from the first', () => {
    const shown = thinTicks(powersOfTwo([1, 8192]), 400, 12);
    expect(shown[0]).toBe(1);
    expect(shown.length).toBeLessThan(14);
    expect(shown.every((v, i) => i === 0 || v / shown[i - 1] === shown[1] / shown[0])).toBe(true);
  });
  it('a vertical axis labels as many ticks as its height holds lines of its type', () => {
    // a laptop's cycle-time plot (about 200 px, 12 px type): the six asked for
    expect(verticalTickCount(200, 12, 6)).toBe(6);
    // projector type (24 px) on a plot of 140 px: three, each label 1.8 lines from the next
    expect(verticalTickCount(140, 24, 6)).toBe(3);
    const ticks = scaleLinear()
      .domain([0, 1.8e6])
      .ticks(verticalTickCount(140, 24, 6));
    expect(140 / (ticks.length - 1)).toBeGreaterThanOrEqual(24 * 1.2);
    // never fewer than two: an axis keeps its ends
    expect(verticalTickCount(20, 24, 6)).toBe(2);
  });
});
