// docs/validation.md as a page of the built site (validation.html, written by vite.config.ts):
// the same Markdown rendered to escaped HTML, with a key to the papers its citations number,
// a link back to the simulator, and a stable id per target ("target-6") that the lesson links
// to. The summary table's links, written as GitHub's anchors, are pointed at those ids.
import {
  blocksHtml,
  escapeHtml,
  plainText,
  type Heading,
  type HtmlOptions,
} from '../format/markdown-html.ts';
import { parseMarkdown, type Block } from '../format/markdown.ts';
import { reference, SEEDS, type SeedKey } from '../published/seeds.ts';
import { githubAnchor, targetAnchor, targetNumber } from '../published/anchors.ts';

/**
 * Each heading's id: `target-N` for the first section of target N (two targets can share a
 * number: the second keeps its GitHub anchor), GitHub's anchor for the others, with -1, -2 … on
 * a repeat so that every id is unique.
 */
export function headingIds(blocks: readonly Block[]): Map<Heading, string> {
  const ids = new Map<Heading, string>();
  const used = new Set<string>();
  const unique = (id: string) => {
    let out = id;
    for (let k = 1; used.has(out); k++) out = `${id}-${k}`;
    used.add(out);
    return out;
  };
  for (const b of blocks) {
    if (b.kind !== 'heading') continue;
    const text = plainText(b.text);
    const n = b.level === 2 ? targetNumber(text) : null;
    const stable = n === null ? null : targetAnchor(n);
    ids.set(b, unique(stable !== null && !used.has(stable) ? stable : githubAnchor(text)));
  }
  return ids;
}

const STYLE = `
:root { color-scheme: light dark; --line: #8884; --muted: #666; }
body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; }
main { max-width: 75rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
nav { font-size: 0.95rem; }
h1 { font-size: 1.75rem; margin: 0.5rem 0 0.75rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; padding-top: 0.25rem; border-top: 1px solid var(--line); }
h2:target { outline: 3px solid #3b82f6; outline-offset: 4px; }
.key { border: 1px solid var(--line); border-radius: 6px; padding: 0.25rem 1rem; }
.key li { margin: 0.25rem 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.875rem; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #8881; }
code { font-size: 0.9em; overflow-wrap: anywhere; }
@media print { nav { display: none; } h2 { break-after: avoid; } }
`;

/** The key to the report's citations: "000 — Petrini, Kerbyson and Pakin 2003: …". */
function seedKey(): string {
  const items = (Object.keys(SEEDS) as SeedKey[]).map(
    (k) => `<li><strong>${k}</strong> — ${escapeHtml(reference(k))}</li>`,
  );
  return (
    `<section class="key" aria-label="The papers cited">\n` +
    `<p>The report cites the papers by their number (“000 Table 3”: Table 3 of paper 000):</p>\n` +
    `<ul>\n${items.join('\n')}\n</ul>\n</section>`
  );
}

/** The whole page, from docs/validation.md's text. */
export function renderReportPage(markdown: string): string {
  const blocks = parseMarkdown(markdown);
  const ids = headingIds(blocks);
  // the summary links to GitHub's anchors: on this page, to the headings' own ids
  const byGithub = new Map([...ids].map(([b, id]) => [githubAnchor(plainText(b.text)), id]));
  const opts: HtmlOptions = {
    headingId: (b) => ids.get(b),
    href: (href) =>
      href.startsWith('#') ? `#${byGithub.get(href.slice(1)) ?? href.slice(1)}` : href,
  };
  const first = blocks[0]?.kind === 'heading' ? 1 : 0;
  const title = blocks[0]?.kind === 'heading' ? plainText(blocks[0].text) : 'Paper validation';
  const body = [
    blocksHtml(blocks.slice(0, first), opts),
    seedKey(),
    blocksHtml(blocks.slice(first), opts),
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · NoiseLab</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<nav><a href="./">← NoiseLab, the simulator</a></nav>
${body}
</main>
</body>
</html>
`;
}
