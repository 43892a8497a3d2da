// The lesson's state (src/lesson/lesson.svelte.ts) with the page replaced by recording
// callbacks: starting, moving between steps, answering, revealing only after answering, what
// goes into the address, and opening the lesson from a link.
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/edits/apply.ts';
import { Lesson, type LessonDeps } from '../../src/lesson/lesson.svelte.ts';
import { readLessonParams } from '../../src/state/lesson-params.ts';
import { findStep } from '../../src/lesson/steps.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { loadPreset, preset } from './presets.ts';

interface Shown {
  scenario: Scenario;
  presetId: string;
}

function page(load: LessonDeps['loadPreset'] = loadPreset) {
  const shown: Shown[] = [];
  const compared: (Scenario | null)[] = [];
  const failures: string[] = [];
  const lesson = new Lesson({
    loadPreset: load,
    show: (scenario, presetId) => shown.push({ scenario, presetId }),
    compare: (scenario) => compared.push(scenario),
    fail: (message) => failures.push(message),
  });
  return { lesson, shown, compared, failures };
}

/** Lets the step's preset loads (promises) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the lesson', () => {
  it('closes on its last step only, and any move or another lesson leaves the closing page', async () => {
    const { lesson } = page();
    lesson.start();
    await settle();
    lesson.finish(); // step 1: not the last
    expect(lesson.finished).toBe(false);
    lesson.goTo(lesson.total);
    lesson.finish();
    expect(lesson.finished).toBe(true);
    lesson.unfinish();
    expect(lesson.finished).toBe(false);
    lesson.finish();
    lesson.back();
    expect(lesson.finished).toBe(false);
    lesson.goTo(lesson.total);
    lesson.finish();
    lesson.start('run-to-run');
    expect(lesson.finished).toBe(false);
    lesson.goTo(lesson.total);
    lesson.finish();
    lesson.stop();
    expect(lesson.finished).toBe(false);
    await settle();
  });

  it('names its closing page in the address, and opens it from a link', async () => {
    const { lesson } = page();
    lesson.openLink(readLessonParams('?lesson=run-to-run.6&answers=6c'), false);
    lesson.finish();
    expect(lesson.urlParams).toBe('lesson=run-to-run.done&answers=6c');
    const other = page().lesson;
    expect(other.openLink(readLessonParams('?' + lesson.urlParams), false)).toBe(true);
    expect(other.finished).toBe(true);
    expect(other.step.id).toBe('report-spread');
    expect(other.answerOf(other.step)).toBe('c');
    // a step's link does not open it
    other.openLink(readLessonParams('?lesson=run-to-run.6'), false);
    expect(other.finished).toBe(false);
    await settle();
  });

  it('is off until started, then shows step 1 and its scenario', async () => {
    const { lesson, shown } = page();
    expect(lesson.active).toBe(false);
    expect(lesson.urlParams).toBe('');
    lesson.start();
    await settle();
    expect(lesson.active).toBe(true);
    expect(lesson.step.id).toBe('expectation');
    const step = findStep('expectation')!;
    expect(shown).toEqual([
      {
        scenario: applyEdits(preset(step.state.preset), step.state.edits),
        presetId: 'sage-asci-q-2002',
      },
    ]);
    expect(lesson.urlParams).toBe('lesson=expectation');
  });

  it('names the scenario a step sweeps: step 9’s own state, and none on other steps', async () => {
    const { lesson, shown } = page();
    lesson.openLink(readLessonParams('?lesson=resonance'), false);
    expect(lesson.sweepScenario).toBeNull(); // until its preset has loaded
    await settle();
    const step = findStep('resonance')!;
    expect(lesson.sweepScenario).toEqual(applyEdits(preset(step.state.preset), step.state.edits));
    expect(lesson.sweepScenario).toBe(shown.at(-1)!.scenario);
    // a link with the student's own scenario: the sweep is still of the step's state
    lesson.openLink(readLessonParams('?lesson=resonance'), true);
    await settle();
    expect(lesson.sweepScenario?.workload).toMatchObject({ granularityUs: 0 });
    lesson.next();
    await settle();
    expect(lesson.sweepScenario).toBeNull();
    lesson.back();
    await settle();
    expect(lesson.sweepScenario).not.toBeNull();
    lesson.stop();
    expect(lesson.sweepScenario).toBeNull();
  });

  it('goes Next and Back, applying each step, and stops at both ends', async () => {
    const { lesson, shown, compared } = page();
    lesson.start();
    expect(lesson.canBack).toBe(false);
    lesson.next();
    await settle();
    expect(lesson.step.number).toBe(2);
    // step 2 compares with 4 processes per node, run beside the shown one
    expect(compared.at(-1)?.job.ranksPerNode).toBe(4);
    expect(shown.at(-1)?.scenario.job.ranksPerNode).toBe(3);
    lesson.back();
    lesson.back();
    expect(lesson.step.number).toBe(1);
    lesson.goTo(13);
    expect(lesson.canNext).toBe(false);
    lesson.next();
    await settle();
    expect(lesson.step.number).toBe(13);
    expect(compared.at(-1)).toBeNull(); // step 13 has no comparison run
  });

  it('reveals only after an answer, then locks the answer', () => {
    const { lesson } = page();
    lesson.start();
    const step = lesson.step;
    expect(lesson.reveal(step)).toBe(false);
    lesson.answer(step, 'z'); // not an option
    expect(lesson.answerOf(step)).toBeUndefined();
    lesson.answer(step, 'b');
    expect(lesson.reveal(step)).toBe(true);
    expect(lesson.isRevealed(step)).toBe(true);
    lesson.answer(step, 'c');
    expect(lesson.answerOf(step)).toBe('b');
  });

  it('puts the step and the answers in the address, and reads them back', async () => {
    const { lesson } = page();
    lesson.start();
    lesson.answer(lesson.step, 'c');
    lesson.goTo(3);
    lesson.answer(lesson.step, 5);
    lesson.reveal(lesson.step);
    lesson.goTo(9);
    // step 1 answered, not revealed: marked pending, so the link opens it unrevealed
    expect(lesson.urlParams).toBe('lesson=resonance&answers=p1c_3~5');

    const friend = page();
    expect(friend.lesson.openLink(readLessonParams(`?${lesson.urlParams}`), false)).toBe(true);
    await settle();
    expect(friend.lesson.step.number).toBe(9);
    expect([...friend.lesson.answers]).toEqual([
      [1, 'c'],
      [3, 5],
    ]);
    expect(friend.lesson.isRevealed(friend.lesson.steps[0])).toBe(false);
    expect(friend.lesson.isRevealed(friend.lesson.steps[2])).toBe(true);
    expect(friend.shown.at(-1)?.scenario.workload).toMatchObject({ granularityUs: 0 });
  });

  it('follows the browser back to another step, keeping the answers as they are now', async () => {
    const { lesson } = page();
    expect(lesson.followHistory(readLessonParams('?lesson=expectation'))).toBe(false); // off
    lesson.start();
    lesson.answer(lesson.step, 'c');
    lesson.goTo(3);
    lesson.answer(lesson.step, 5);
    // the entry of step 1 holds no answers; they are not lost
    expect(lesson.followHistory(readLessonParams('?lesson=expectation'))).toBe(true);
    expect(lesson.step.number).toBe(1);
    expect(lesson.answers.size).toBe(2);
    // the closing page's entry, and one of the other lesson
    expect(lesson.followHistory(readLessonParams('?lesson=missing-performance.done'))).toBe(true);
    expect(lesson.finished).toBe(true);
    expect(lesson.followHistory(readLessonParams('?lesson=two-humps'))).toBe(true);
    expect(lesson.lesson.id).toBe('run-to-run');
    expect(lesson.step.id).toBe('two-humps');
    expect(lesson.followHistory(readLessonParams('?lesson=nope'))).toBe(false);
    await settle();
    // the page's own address (a navigation to it fires popstate too): the step is not set up again
    const { lesson: other, shown } = page();
    other.start();
    await settle();
    const before = shown.length;
    expect(other.followHistory(readLessonParams('?lesson=expectation'))).toBe(true);
    await settle();
    expect(shown.length).toBe(before);
  });

  it('keeps the scenario of a link that has one, and ignores a link without a lesson', async () => {
    const { lesson, shown } = page();
    expect(lesson.openLink(readLessonParams('?preset=asci-q-2002'), true)).toBe(false);
    expect(lesson.openLink(readLessonParams('?lesson=nope'), false)).toBe(false);
    expect(lesson.openLink(readLessonParams('?preset=asci-q-2002&lesson=6'), true)).toBe(true);
    await settle();
    expect(lesson.step.id).toBe('barrier-amplifies');
    expect(shown).toEqual([]);
  });

  it('drops a step whose preset arrives after a newer step was chosen', async () => {
    let release: () => void = () => {};
    const slow = (id: string) =>
      id === 'sage-asci-q-2002'
        ? new Promise<Scenario>((resolve) => (release = () => resolve(preset(id))))
        : loadPreset(id);
    const { lesson, shown } = page(slow);
    lesson.start(); // step 1: SAGE, slow
    lesson.goTo(4); // step 4: asci-q-2002
    await settle();
    release();
    await settle();
    expect(shown.map((s) => s.presetId)).toEqual(['asci-q-2002']);
  });

  it('reports a step that cannot be set up', async () => {
    const { lesson, failures } = page(async () => {
      throw new Error('offline');
    });
    lesson.start();
    await settle();
    expect(failures).toEqual(['Step 1 could not be set up: offline']);
  });

  it('stops without losing the answers, and restarts from scratch', () => {
    const { lesson, compared } = page();
    lesson.start();
    lesson.answer(lesson.step, 'a');
    lesson.stop();
    expect(lesson.active).toBe(false);
    expect(compared.at(-1)).toBeNull();
    expect(lesson.answers.size).toBe(1);
    lesson.start();
    lesson.restart();
    expect(lesson.answers.size).toBe(0);
    expect(lesson.step.number).toBe(1);
  });
});
