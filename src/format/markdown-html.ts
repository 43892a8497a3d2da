// Parsed Markdown (markdown.ts) as HTML text, for a page the build writes (the validation report,
// src/validation/report-page.ts). Every text is escaped and no markup in the source passes
// through: a file can change what the page says, never what it does. A link is kept only to an
// address on this site or on the web (no `javascript:`, `data:` …); otherwise its text stays.
import type { Block, Inline } from './markdown.ts';

export type Heading = Extract<Block, { kind: 'heading' }>;

export interface HtmlOptions {
  /** the id a heading gets ('' or undefined: none) */
  headingId?: (heading: Heading) => string | undefined;
  /** the address a link goes to on the page, from the one written (already judged safe) */
  href?: (href: string) => string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe between tags and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * Whether a link may be followed: an anchor (`#x`), a relative path, or http(s). A scheme is
 * anything before a colon that comes ahead of the first `/`, `?` or `#`.
 */
export function safeHref(href: string): boolean {
  const h = href.trim();
  if (h === '' || /[\s\\]/.test(h)) return false;
  const scheme = /^([^/?#]*):/.exec(h);
  return scheme === null || /^https?$/i.test(scheme[1]);
}

/** The runs' words alone, e.g. for a heading's id. */
export const plainText = (runs: readonly Inline[]) => runs.map((r) => r.text).join('');

export function inlineHtml(runs: readonly Inline[], opts: HtmlOptions = {}): string {
  return runs
    .map((r) => {
      const text = escapeHtml(r.text);
      if (r.kind === 'bold') return `<strong>${text}</strong>`;
      if (r.kind === 'code') return `<code>${text}</code>`;
      if (r.kind === 'link' && safeHref(r.href)) {
        const href = opts.href ? opts.href(r.href) : r.href;
        return `<a href="${escapeHtml(href)}">${text}</a>`;
      }
      return text;
    })
    .join('');
}

function blockHtml(b: Block, opts: HtmlOptions): string {
  const inline = (runs: readonly Inline[]) => inlineHtml(runs, opts);
  switch (b.kind) {
    case 'heading': {
      const id = opts.headingId?.(b);
      const attr = id ? ` id="${escapeHtml(id)}"` : '';
      return `<h${b.level}${attr}>${inline(b.text)}</h${b.level}>`;
    }
    case 'paragraph':
      return `<p>${inline(b.text)}</p>`;
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      return `<${tag}>\n${b.items.map((item) => `<li>${inline(item)}</li>`).join('\n')}\n</${tag}>`;
    }
    case 'table': {
      const head = b.head.map((c) => `<th scope="col">${inline(c)}</th>`).join('');
      const rows = b.rows.map(
        (row) => `<tr>${row.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`,
      );
      return (
        `<div class="scroll"><table>\n<thead><tr>${head}</tr></thead>\n` +
        `<tbody>\n${rows.join('\n')}\n</tbody>\n</table></div>`
      );
    }
  }
}

/** The blocks as HTML, one element (or a table in its scroll box) a line. */
export function blocksHtml(blocks: readonly Block[], opts: HtmlOptions = {}): string {
  return blocks.map((b) => blockHtml(b, opts)).join('\n');
}
