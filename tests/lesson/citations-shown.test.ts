// What the page shows cites the papers by author and year, never by seed number, and sends the
// reader to the validation report's page, never to a file path: the lesson (each step's words
// as its panel renders them), the teacher's notes, the challenges and the published marks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHALLENGES } from '../../src/challenges/index.ts';
import { parseMarkdown, type Block, type Inline } from '../../src/format/markdown.ts';
import { LESSONS } from '../../src/lesson/lessons.ts';
import { STEPS } from '../../src/lesson/steps.ts';
import type { LessonStep } from '../../src/lesson/types.ts';
import {
  citation,
  PUBLISHED,
  publishedLine,
  publishedSourceNote,
  publishedText,
  readableCite,
  readableInlines,
  readableRuns,
  readableText,
} from '../../src/published/index.ts';
import { renderReportPage } from '../../src/validation/report-page.ts';

/** A seed number standing alone, not part of a larger number such as 1,000 or 0.003. */
const BARE_SEED = /(?<![\d.,])\b00[0-4]\b(?![.,]?\d)/;

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

function expectReadable(shown: string, where: string) {
  expect(shown, where).not.toMatch(BARE_SEED);
  expect(shown, where).not.toContain('docs/validation.md');
}

/** The words of a step the panel shows through src/published/cite.ts. */
function rewritten(step: LessonStep): Record<string, string> {
  const q = step.question;
  return {
    intro: step.intro,
    runNote: step.runNote,
    explanation: step.explanation,
    'published.value': step.published.value,
    'published.detail': step.published.detail,
    'published.cite': step.published.cite,
    'notes (legend)': q.kind === 'sketch' ? (q.notes ?? []).map((n) => n.cite).join('; ') : '',
  };
}

/** The words of a step the page shows as they are. */
function asIs(step: LessonStep): Record<string, string> {
  const q = step.question;
  const words: Record<string, string> = {
    title: step.title,
    prompt: q.prompt,
    compare: step.compare?.label ?? '',
    sweep: step.sweep?.label ?? '',
  };
  if (q.kind === 'choice') {
    q.options.forEach((o, i) => (words[`option ${i}`] = `${o.label} ${o.axes ?? ''}`));
  } else if (q.kind === 'sketch') {
    words.axes = `${q.x.label} ${q.x.unit} ${q.y.label} ${q.y.unit}`;
    words.notes = (q.notes ?? []).map((n) => `${n.text} ${n.title}`).join(' ');
    words.notesLabel = q.notesLabel ?? '';
  } else if (q.kind === 'marker') {
    words.axis = `${q.axis.label} ${q.axis.unit}`;
    words.guides = q.guides.map((g) => g.label).join(' ');
    words.answerIs = q.answerIs ?? '';
  }
  return words;
}

const inlinesOf = (b: Block): Inline[][] =>
  b.kind === 'list' ? b.items : b.kind === 'table' ? [...b.head, ...b.rows.flat()] : [b.text];

describe('the lesson as the page shows it', () => {
  it('names no paper by its seed number and no file path, in any step', () => {
    for (const step of STEPS) {
      for (const [field, text] of Object.entries(rewritten(step))) {
        expectReadable(readableText(text), `step ${step.number} ${field}`);
      }
      for (const [field, text] of Object.entries(asIs(step))) {
        expectReadable(text, `step ${step.number} ${field}`);
      }
    }
  });

  it('closes each lesson with what it showed, each sentence with its source by author and year', () => {
    for (const lesson of LESSONS) {
      expect(lesson.takeaways.length, lesson.id).toBeGreaterThanOrEqual(3);
      for (const t of lesson.takeaways) {
        expectReadable(t.text, `${lesson.id} takeaway`);
        expect(readableCite(t.cite), t.cite).toMatch(
          /^(Petrini, Kerbyson and Pakin 2003|Kramer and Ryan 2003|Oral et al\. 2010|Worley 2008)\b/,
        );
        expectReadable(readableCite(t.cite), `${lesson.id} takeaway cite`);
      }
    }
  });

  it('shows every step’s source as author and year', () => {
    for (const step of STEPS) {
      expect(readableCite(step.published.cite), `step ${step.number}`).toMatch(
        /^(Petrini, Kerbyson and Pakin 2003|Davis and Petrini 2004|Oral et al\. 2010|Worley 2008)\b/,
      );
    }
  });

  it('links each reference to the validation report to a target the report page has', () => {
    const page = renderReportPage(read('docs/validation.md'));
    const links = STEPS.flatMap((s) => readableRuns(s.explanation)).filter(
      (r) => r.kind === 'link',
    );
    expect(links.map((l) => l.href)).toEqual([
      './validation.html#target-6',
      './validation.html#target-1',
      './validation.html#target-8',
    ]);
    for (const link of links) {
      const id = link.href.split('#')[1];
      expect(page, link.href).toContain(`<h2 id="${id}">`);
    }
  });
});

describe('the teacher’s notes as the page shows them', () => {
  it('name no paper by its seed number and link the report instead of naming its file', () => {
    const runs = parseMarkdown(read('docs/teaching.md'))
      .flatMap(inlinesOf)
      .flatMap((r) => readableInlines(r));
    for (const r of runs) expectReadable(r.text, r.text);
    expect(runs.filter((r) => r.kind === 'link').map((r) => r.kind === 'link' && r.href)).toEqual([
      './validation.html#target-6',
      './validation.html#target-8',
      './validation.html',
    ]);
  });
});

describe('the challenges as the page shows them', () => {
  it('name no paper by its seed number in their goals, hints and notes', () => {
    for (const c of CHALLENGES) {
      expectReadable(c.title, c.id);
      for (const text of [c.goal, c.runNote, ...c.hints]) expectReadable(readableText(text), c.id);
    }
  });
});

describe('the published marks as the page shows them', () => {
  it('cite by author and year in their tooltips, lists and data tables', () => {
    for (const v of PUBLISHED) {
      for (const text of [
        publishedLine(v),
        publishedText(v),
        citation(v),
        publishedSourceNote(v),
      ]) {
        expectReadable(text, v.id);
      }
    }
  });
});
