// The small Markdown subset docs/teaching.md and docs/validation.md are written in, parsed into
// blocks that the page renders as elements and the build renders as escaped HTML (never as HTML
// text, so nothing in a file can inject markup): headings, paragraphs, bullet and numbered
// lists, pipe tables (with `\|` for a pipe inside a cell); inline **bold**, `code` and links.

export type Inline =
  | { kind: 'text' | 'bold' | 'code'; text: string }
  /** `href` as written: whoever renders it decides which addresses to follow (markdown-html.ts) */
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: Inline[] }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] };

/** `a **b** `c` [d](e)` → text, bold, code and link runs. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)]*)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'bold', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'code', text: m[2] });
    else out.push({ kind: 'link', text: m[3], href: m[4] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** A table row's cells: split at each pipe that no backslash escapes; `\|` and `\\` unescaped. */
function cells(line: string): Inline[][] {
  const out: string[] = [];
  let cell = '';
  const text = line.trim().replace(/^\|/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '|' || text[i + 1] === '\\')) cell += text[++i];
    else if (c === '|') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  if (cell.trim() !== '') out.push(cell); // a row need not end with a pipe
  return out.map((c) => parseInline(c.trim()));
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (heading) {
      const level = heading[1].length as 1 | 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: parseInline(heading[2]) });
      i++;
    } else if (/^\s*([-*]|[0-9]+\.)\s+/.test(line)) {
      const ordered = /^\s*[0-9]+\./.test(line);
      const items: Inline[][] = [];
      let item = '';
      for (; i < lines.length && lines[i].trim() !== ''; i++) {
        const start = /^\s*(?:[-*]|[0-9]+\.)\s+(.*)$/.exec(lines[i]);
        if (start) {
          if (item !== '') items.push(parseInline(item));
          item = start[1];
        } else item += ` ${lines[i].trim()}`;
      }
      if (item !== '') items.push(parseInline(item));
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.trim().startsWith('|')) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i].trim().startsWith('|'); i++) rows.push(lines[i]);
      const body = rows.slice(1).filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      blocks.push({ kind: 'table', head: cells(rows[0]), rows: body.map(cells) });
    } else {
      const text: string[] = [];
      for (
        ;
        i < lines.length &&
        lines[i].trim() !== '' &&
        !/^(#{1,4}\s|\s*\||\s*([-*]|[0-9]+\.)\s)/.test(lines[i]);
        i++
      ) {
        text.push(lines[i].trim());
      }
      blocks.push({ kind: 'paragraph', text: parseInline(text.join(' ')) });
    }
  }
  return blocks;
}
