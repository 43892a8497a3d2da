// The lessons and how a link names one of their steps: a step's id (unique across the lessons),
// a number (the first lesson's, as links were written before the second), or a lesson's id
// with a number or step id after a dot; anything else is explained, never guessed. The lesson's
// state keeps each lesson's answers apart, and a link opens the lesson its step belongs to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/format/markdown.ts';
import { readableInlines } from '../../src/published/cite.ts';
import { Lesson } from '../../src/lesson/lesson.svelte.ts';
import { findLessonStep, LESSONS } from '../../src/lesson/lessons.ts';
import { lessonLinkProblems } from '../../src/lesson/link-problems.ts';
import { readLessonParams } from '../../src/state/lesson-params.ts';
import { LESSON_NOTES } from '../../src/ui/lesson/lesson-notes.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { loadPreset } from './presets.ts';

const found = (key: string) => {
  const f = findLessonStep(key);
  return f.ok ? `${f.lesson.id}/${f.step.number}` : f.problem;
};

describe('the lessons', () => {
  it('are two, their step ids unique across both and unlike the lessons’ ids', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(['missing-performance', 'run-to-run']);
    const ids = LESSONS.flatMap((l) => l.steps.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const l of LESSONS) {
      expect(ids).not.toContain(l.id);
      expect(l.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(l.steps.length).toBeGreaterThanOrEqual(5);
    }
    expect(LESSONS[1].steps.length).toBeLessThanOrEqual(7);
  });

  it('each have teacher’s notes for the panel’s dialog', () => {
    for (const l of LESSONS) expect(LESSON_NOTES[l.id], l.id).toMatch(/^# Teacher's notes/);
  });

  it('find a step by id in any lesson, by number in the first, or by lesson and step', () => {
    expect(found('resonance')).toBe('missing-performance/9');
    expect(found('9')).toBe('missing-performance/9');
    expect(found('same-job')).toBe('run-to-run/1');
    expect(found('run-to-run')).toBe('run-to-run/1');
    expect(found('run-to-run.3')).toBe('run-to-run/3');
    expect(found('run-to-run.max-min')).toBe('run-to-run/5');
    expect(found('missing-performance.13')).toBe('missing-performance/13');
  });

  it('explain a step or lesson that does not exist, naming what does', () => {
    expect(found('run-to-run.9')).toBe(
      'lesson=run-to-run.9: the lesson "Why does my job take a different time every run?" has no such step; use run-to-run.N with N from 1 to 6 (e.g. run-to-run.1), run-to-run.done for its closing page, or one of its steps: same-job, one-node, two-humps, ripple, max-min, report-spread.',
    );
    expect(found('nope.2')).toMatch(
      /^lesson=nope\.2: there is no lesson "nope"; the lessons are missing-performance and run-to-run\.$/,
    );
    for (const bad of ['0', '14', '', 'Resonance', '.3', 'run-to-run.', 'run-to-run.0']) {
      expect(found(bad), bad).toMatch(/^lesson=/);
    }
    expect(found('99')).toContain('run-to-run.1 to run-to-run.6');
    // the second lesson's steps by name too, as the first's are
    expect(found('99')).toContain('run-to-run.6 or one of: same-job, one-node, two-humps');
  });

  it('make a link problem of it, and count the answers another lesson’s steps cannot take', () => {
    expect(lessonLinkProblems({ step: 'run-to-run.2', answers: '2b_4b' })).toEqual([]);
    // step 1 of the second lesson is a marker: a letter does not answer it
    expect(lessonLinkProblems({ step: 'same-job', answers: '1c_2b' })).toEqual([
      'answers: 1 of the 2 answers could not be read (made for another version of the lesson, or damaged) and were left out.',
    ]);
    expect(lessonLinkProblems({ step: 'run-to-run.9', answers: '' })[0]).toMatch(
      /^lesson=run-to-run\.9: /,
    );
  });
});

function page() {
  const shown: string[] = [];
  const lesson = new Lesson({
    loadPreset,
    show: (_: Scenario, presetId: string) => shown.push(presetId),
    compare: () => {},
    fail: (message) => {
      throw new Error(message);
    },
  });
  return { lesson, shown };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the lesson state with two lessons', () => {
  it('starts the lesson chosen, and keeps each lesson’s answers apart', async () => {
    const { lesson, shown } = page();
    lesson.start();
    expect(lesson.lesson.id).toBe('missing-performance');
    lesson.answer(lesson.step, 'c');
    expect(lesson.start('run-to-run')).toBe(true);
    await settle();
    expect(lesson.step.id).toBe('same-job');
    expect(lesson.total).toBe(6);
    expect(shown.at(-1)).toBe('lemieux-ep');
    expect(lesson.answers.size).toBe(0);
    lesson.answer(lesson.step, 0.5); // a CoV of 0.5%, on the marker's axis
    lesson.goTo(2);
    lesson.answer(lesson.step, 'b');
    expect(lesson.urlParams).toBe('lesson=one-node&answers=p1~0.5_p2b');
    // back to the first lesson: its answer is still there, and the second's too on return
    lesson.start('missing-performance');
    expect([...lesson.answers]).toEqual([[1, 'c']]);
    lesson.start('run-to-run');
    expect(lesson.step.id).toBe('one-node'); // the step it was on
    expect(lesson.answers.size).toBe(2);
    expect(lesson.start('nope')).toBe(false);
    expect(lesson.lesson.id).toBe('run-to-run');
  });

  it('refuses an answer to a step of a lesson not on show', () => {
    const { lesson } = page();
    lesson.start('run-to-run');
    const other = LESSONS[0].steps[0];
    lesson.answer(other, 'c');
    expect(lesson.answers.size).toBe(0);
    expect(lesson.reveal(other)).toBe(false);
  });

  it('opens the lesson a link names, with its answers', async () => {
    const { lesson, shown } = page();
    expect(lesson.openLink(readLessonParams('?lesson=run-to-run.5&answers=3c_4b'), false)).toBe(
      true,
    );
    await settle();
    expect(lesson.lesson.id).toBe('run-to-run');
    expect(lesson.step.id).toBe('max-min');
    expect([...lesson.answers]).toEqual([
      [3, 'c'],
      [4, 'b'],
    ]);
    // a link's answers are predictions already made: they open revealed, and locked
    const steps = lesson.lesson.steps;
    expect(lesson.isRevealed(steps[3])).toBe(true);
    expect(lesson.isRevealed(steps[4])).toBe(false);
    lesson.answer(steps[3], 'a');
    expect(lesson.answerOf(steps[3])).toBe('b');
    expect(shown).toEqual(['halo-franklin-xt4']);
    expect(lesson.openLink(readLessonParams('?lesson=run-to-run.9'), false)).toBe(false);
    expect(lesson.step.id).toBe('max-min');
  });
});

describe('the second lesson’s teacher’s notes', () => {
  const notes = readFileSync(new URL('../../docs/teaching-run-to-run.md', import.meta.url), 'utf8');
  const blocks = parseMarkdown(notes);
  const plain = (runs: { text: string }[]) => runs.map((r) => r.text).join('');
  const steps = LESSONS[1].steps;

  it('time every step, for the lesson’s minutes in all', () => {
    const table = blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no timing table');
    expect(table.rows.map((r) => plain(r[1]))).toEqual(steps.map((s) => s.id));
    const minutes = table.rows.reduce((sum, r) => sum + Number(plain(r[2])), 0);
    expect(minutes).toBe(LESSONS[1].minutes);
  });

  it('give every step a section with a discussion question and its answer', () => {
    const headings = blocks.filter((b) => b.kind === 'heading').map((b) => plain(b.text));
    for (const s of steps) expect(headings.some((h) => h.startsWith(`${s.number}. `))).toBe(true);
    const qa = blocks
      .filter((b) => b.kind === 'paragraph')
      .map((b) => plain(b.text))
      .filter((p) => /Question.*Answer:/.test(p));
    expect(qa.length).toBe(steps.length);
  });

  it('name no paper by its seed number as the page shows them, and link the report’s target', () => {
    const runs = blocks
      .flatMap((b) =>
        b.kind === 'list' ? b.items : b.kind === 'table' ? [...b.head, ...b.rows.flat()] : [b.text],
      )
      .flatMap((r) => readableInlines(r));
    for (const r of runs) expect(r.text).not.toMatch(/(?<![\d.,])\b00[0-4]\b(?![.,]?\d)/);
    expect(runs.filter((r) => r.kind === 'link').map((r) => r.kind === 'link' && r.href)).toEqual([
      './validation.html#target-14',
      './validation.html#target-13',
    ]);
  });
});
