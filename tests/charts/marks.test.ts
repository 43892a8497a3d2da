// The charts' shared marks (src/charts/marks/), rendered on the server: the SVG each writes for
// its props, px in, px out (the charts' scales are theirs, and tests/browser/ sees them drawn).
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Bars from '../../src/charts/marks/Bars.svelte';
import Dots from '../../src/charts/marks/Dots.svelte';
import Legend from '../../src/charts/marks/Legend.svelte';
import LineSeries from '../../src/charts/marks/LineSeries.svelte';
import Rule from '../../src/charts/marks/Rule.svelte';

const attrs = (body: string, tag: string) =>
  [...body.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );

describe('Rule', () => {
  it('runs across the plot at its value, horizontal unless vertical', () => {
    const flat = render(Rule, { props: { at: 50, from: 10, to: 90, colour: '#000' } }).body;
    expect(attrs(flat, 'line')[0]).toMatchObject({ x1: '10', x2: '90', y1: '50', y2: '50' });
    const upright = render(Rule, {
      props: { at: 50, from: 10, to: 90, colour: '#000', vertical: true },
    }).body;
    expect(attrs(upright, 'line')[0]).toMatchObject({ x1: '50', x2: '50', y1: '10', y2: '90' });
  });

  it('takes its colour, dash, width and class, and is solid without a dash', () => {
    const body = render(Rule, {
      props: { at: 1, from: 0, to: 2, colour: '#d55e00', dash: '6 3', width: 2.5, class: 'mean' },
    }).body;
    expect(attrs(body, 'line')[0]).toMatchObject({
      class: 'mean',
      stroke: '#d55e00',
      'stroke-dasharray': '6 3',
      'stroke-width': '2.5',
    });
    const solid = render(Rule, { props: { at: 1, from: 0, to: 2, colour: '#000' } }).body;
    expect(attrs(solid, 'line')[0]).not.toHaveProperty('stroke-dasharray');
  });
});

describe('LineSeries', () => {
  it('draws its points in order, or the path it is given', () => {
    const body = render(LineSeries, {
      props: {
        points: [
          { x: 0, y: 10 },
          { x: 5, y: 2 },
        ],
        colour: '#000',
      },
    }).body;
    expect(attrs(body, 'path')[0]).toMatchObject({ d: 'M0,10L5,2', fill: 'none' });
    const given = render(LineSeries, { props: { d: 'M1,1L2,2', colour: '#000' } }).body;
    expect(attrs(given, 'path')[0].d).toBe('M1,1L2,2');
  });

  it('rounds its joins and ends only when asked', () => {
    const round = render(LineSeries, { props: { d: 'M0,0', colour: '#000', round: true } }).body;
    expect(attrs(round, 'path')[0]).toMatchObject({
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    const plain = render(LineSeries, { props: { d: 'M0,0', colour: '#000' } }).body;
    expect(attrs(plain, 'path')[0]).not.toHaveProperty('stroke-linecap');
  });
});

describe('Dots', () => {
  it('fills a final point and leaves a tentative one hollow, each with its tooltip', () => {
    const body = render(Dots, {
      props: {
        colour: '#0072b2',
        points: [
          { key: 1, x: 1, y: 2, tentative: false, title: 'final' },
          { key: 2, x: 3, y: 4, tentative: true, title: 'tentative' },
        ],
      },
    }).body;
    const [final, tentative] = attrs(body, 'circle');
    expect(final).toMatchObject({ fill: '#0072b2', 'stroke-width': '0', r: '3.5' });
    expect(tentative).toMatchObject({
      class: 'tentative',
      fill: 'var(--surface, #fff)',
      'stroke-width': '1.75',
    });
    expect(body).toContain('<title>final</title>');
  });
});

describe('Bars', () => {
  it('leaves a pixel between neighbours and stands each bar on the base', () => {
    const body = render(Bars, {
      props: {
        base: 100,
        colour: '#000',
        bars: [{ key: 0, left: 10, right: 20, top: 40, title: '3 iterations' }],
      },
    }).body;
    expect(attrs(body, 'rect')[0]).toMatchObject({ x: '10.5', width: '9', y: '40', height: '60' });
    expect(body).toContain('<title>3 iterations</title>');
  });

  it('keeps a bar of one count among thousands `least` px tall, and a narrow one a pixel wide', () => {
    const body = render(Bars, {
      props: {
        base: 100,
        colour: '#000',
        least: 2,
        bars: [{ key: 0, left: 10, right: 10.5, top: 99.9, title: '1 iteration' }],
      },
    }).body;
    expect(attrs(body, 'rect')[0]).toMatchObject({ width: '1', y: '98', height: '2' });
  });
});

describe('Legend', () => {
  it('lists each entry with its sample and name, under its accessible name', () => {
    const body = render(Legend, {
      props: {
        label: 'Curves',
        entries: [
          { text: 'g = 0', swatch: { colour: '#000' } },
          { text: 'the pinned run', swatch: { colour: '#999', dash: '4 3' }, class: 'ghost-entry' },
        ],
      },
    }).body;
    expect(body).toMatch(/<ul class="legend" aria-label="Curves">/);
    expect(attrs(body, 'li').map((li) => li.class ?? null)).toEqual([null, 'ghost-entry']);
    expect(attrs(body, 'svg')).toHaveLength(2);
    expect(body).toContain('g = 0');
    expect(body).toContain('the pinned run');
  });
});
