// docs/validation.md as the built site's page (src/validation/report-page.ts): the report's
// tables and notes as HTML, every target's section at a stable id the lesson links to, nothing
// from the Markdown passed through as markup.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/format/markdown.ts';
import { targetAnchor, targetNumber } from '../../src/published/anchors.ts';
import { renderReport, type TargetResult } from '../../src/validation/report.ts';
import { headingIds, renderReportPage } from '../../src/validation/report-page.ts';

const doc = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
const page = renderReportPage(doc);

const result = (number: number, title: string, claim = 'a claim'): TargetResult => ({
  target: { number, title, cite: '000 Fig 15' },
  checks: [
    {
      id: 'c',
      claim,
      published: '15%',
      simulated: '14%',
      tolerance: '5–25%',
      pass: true,
      run: 'x',
      note: '',
    },
  ],
});

describe('the report page', () => {
  it('is a whole HTML page, titled, linking back to the simulator by a relative path', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<title>Paper validation · NoiseLab</title>');
    expect(page).toContain('<a href="./">');
    expect(page).not.toMatch(/(src|href)="\//); // nothing from the host's root
    expect(page).not.toContain('<script');
  });

  it('gives each target of docs/validation.md its section at target-N', () => {
    const numbers = [...doc.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThan(10);
    for (const n of new Set(numbers)) expect(page).toContain(`<h2 id="${targetAnchor(n)}">${n}. `);
  });

  it('points the summary’s links at the sections’ ids', () => {
    const hrefs = [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    const ids = new Set([...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const h of hrefs) expect(ids.has(h), h).toBe(true);
  });

  it('has the report’s tables and a key to the papers its citations number', () => {
    expect((page.match(/<table>/g) ?? []).length).toBe((doc.match(/^\| --/gm) ?? []).length);
    expect(page).toContain('<strong>000</strong> — Petrini, Kerbyson and Pakin 2003: The Case');
    expect(page).toContain('<strong>003</strong> — Oral et al. 2010: Reducing');
  });

  it('escapes what the report says: a claim with markup or a pipe is text', () => {
    const md = renderReport([result(3, 'T <b>', '<img src=x onerror=alert(1)> a | b \\ c')], {
      date: 'd',
      mode: 'full',
    });
    const html = renderReportPage(md);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<td>&lt;img src=x onerror=alert(1)&gt; a | b \\ c</td>');
    expect(html).toContain('<h2 id="target-3">3. T &lt;b&gt;</h2>');
  });
});

describe('headingIds', () => {
  it('gives target-N once: a second target of the same number keeps GitHub’s anchor', () => {
    const blocks = parseMarkdown(
      '# R\n\n## Summary\n\n## 10. A b\n\n## 10. C\n\n### 10. D\n\n## Summary',
    );
    expect([...headingIds(blocks).values()]).toEqual([
      'r',
      'summary',
      'target-10',
      '10-c',
      '10-d',
      'summary-1',
    ]);
  });

  it('reads a target’s number from the heading report.ts writes', () => {
    const md = renderReport([result(6, 'Figure 15: removing noise')], { date: 'd', mode: 'full' });
    const heading = md.split('\n').find((l) => l.startsWith('## 6'));
    expect(heading).toBe('## 6. Figure 15: removing noise');
    expect(targetNumber(heading!.slice(3))).toBe(6);
    expect(targetNumber('Summary')).toBeNull();
  });
});
