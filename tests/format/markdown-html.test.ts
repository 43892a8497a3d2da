// Parsed Markdown as HTML text (src/format/markdown-html.ts): every text escaped, links only to
// this site or the web, nothing in the source passed through as markup.
import { describe, expect, it } from 'vitest';
import { blocksHtml, escapeHtml, inlineHtml, safeHref } from '../../src/format/markdown-html.ts';
import { parseInline, parseMarkdown } from '../../src/format/markdown.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;',
    );
  });
});

describe('safeHref', () => {
  it('follows anchors, relative paths and http(s) only', () => {
    for (const ok of [
      '#target-6',
      './validation.html#target-6',
      'scenarios/a.json',
      'https://x.org/a?b=1:2',
      '//x.org',
    ]) {
      expect(safeHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '',
      'a b',
      'java\\script:x',
    ]) {
      expect(safeHref(bad), bad).toBe(false);
    }
  });
});

describe('inlineHtml', () => {
  it('writes bold, code and links as elements and the text escaped', () => {
    expect(inlineHtml(parseInline('<b>1 < 2</b> **x & y** `a<b` [t"](#s"q)'))).toBe(
      '&lt;b&gt;1 &lt; 2&lt;/b&gt; <strong>x &amp; y</strong> <code>a&lt;b</code> <a href="#s&quot;q">t&quot;</a>',
    );
  });

  it('keeps only the text of a link it must not follow', () => {
    expect(inlineHtml(parseInline('[click](javascript:alert(1))'))).toBe('click)');
  });

  it('points a link where the page says', () => {
    expect(inlineHtml(parseInline('[a](#x)'), { href: (h) => `${h}-1` })).toBe(
      '<a href="#x-1">a</a>',
    );
  });
});

describe('blocksHtml', () => {
  it('writes headings with their ids, paragraphs, lists and tables', () => {
    const blocks = parseMarkdown(
      '## 6. T <i>\n\np\n\n- a\n- b\n\n| h | i |\n| --- | --- |\n| 1 | 2 |',
    );
    expect(blocksHtml(blocks, { headingId: () => 'target-6' })).toBe(
      [
        '<h2 id="target-6">6. T &lt;i&gt;</h2>',
        '<p>p</p>',
        '<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
        '<div class="scroll"><table>\n<thead><tr><th scope="col">h</th><th scope="col">i</th></tr></thead>\n' +
          '<tbody>\n<tr><td>1</td><td>2</td></tr>\n</tbody>\n</table></div>',
      ].join('\n'),
    );
  });
});
