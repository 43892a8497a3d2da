// The teacher's notes (docs/teaching.md, shown in the page) parse into blocks, cover every step
// of the lesson, and plan a 50-minute class.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../../src/format/markdown.ts';
import { STEPS } from '../../src/lesson/steps.ts';

const notes = readFileSync(new URL('../../docs/teaching.md', import.meta.url), 'utf8');
const blocks = parseMarkdown(notes);
const plain = (runs: { text: string }[]) => runs.map((r) => r.text).join('');

describe('the teacher’s notes', () => {
  it('have learning goals, a timing table and a section per step', () => {
    const headings = blocks.filter((b) => b.kind === 'heading').map((b) => plain(b.text));
    expect(headings).toContain('Learning goals');
    for (const step of STEPS) {
      expect(headings.some((h) => h.startsWith(`${step.number}. `))).toBe(true);
    }
  });

  it('time every step, for 50 minutes in all', () => {
    const table = blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no timing table');
    expect(table.rows.map((r) => plain(r[1]))).toEqual(STEPS.map((s) => s.id));
    const minutes = table.rows.reduce((sum, r) => sum + Number(plain(r[2])), 0);
    expect(minutes).toBe(50);
  });

  it('give every step a discussion question with an answer', () => {
    const paragraphs = blocks.filter((b) => b.kind === 'paragraph').map((b) => plain(b.text));
    const qa = paragraphs.filter((p) => /Question.*Answer:/.test(p));
    expect(qa.length).toBe(STEPS.length);
  });
});

describe('the Markdown subset', () => {
  it('reads bold, code and links, never HTML', () => {
    expect(parseInline('a **b** `c` [d](http://x) <i>')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'bold', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'd', href: 'http://x' },
      { kind: 'text', text: ' <i>' },
    ]);
  });

  it('reads headings, lists, tables and paragraphs', () => {
    const parsed = parseMarkdown(
      '# T\n\n- a\n  b\n- c\n\n1. x\n\n| h | i |\n| - | - |\n| 1 | 2 |\n\np q\nr',
    );
    expect(parsed.map((b) => b.kind)).toEqual(['heading', 'list', 'list', 'table', 'paragraph']);
    expect(parsed[1]).toMatchObject({
      ordered: false,
      items: [[{ text: 'a b' }], [{ text: 'c' }]],
    });
    expect(parsed[3]).toMatchObject({ rows: [[[{ text: '1' }], [{ text: '2' }]]] });
    expect(parsed[4]).toMatchObject({ text: [{ text: 'p q r' }] });
  });

  it('reads a pipe escaped in a table cell as text, as docs/validation.md writes one', () => {
    const [table] = parseMarkdown('| a | b |\n| --: | --- |\n| x \\| y | `c` \\\\ |\n| last');
    expect(table).toEqual({
      kind: 'table',
      head: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]],
      rows: [
        [
          [{ kind: 'text', text: 'x | y' }],
          [
            { kind: 'code', text: 'c' },
            { kind: 'text', text: ' \\' },
          ],
        ],
        [[{ kind: 'text', text: 'last' }]],
      ],
    });
  });
});
