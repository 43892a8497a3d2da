// The lesson's address: the step and the answers survive a round trip through a URL, alongside
// the scenario's own query or hash, and a tampered link only loses what does not fit.
import { describe, expect, it } from 'vitest';
import { decodeAnswers, encodeAnswers } from '../../src/lesson/answers.ts';
import {
  formatLessonParams,
  readLessonParams,
  withLessonParams,
  withoutLessonParams,
} from '../../src/lesson/lesson-url.ts';
import { findStep, STEPS } from '../../src/lesson/steps.ts';
import type { Answer } from '../../src/lesson/types.ts';

/** An answer to every step: its paper answer. */
const all = new Map<number, Answer>(STEPS.map((s) => [s.number, s.question.answer]));

describe('answers in a URL', () => {
  it('round-trip for every step, choices and numbers alike', () => {
    const text = encodeAnswers(all);
    expect(decodeAnswers(text, STEPS)).toEqual(all);
    expect(text.length).toBeLessThan(80); // short enough to share
  });

  it('are written in step order, e.g. 1c_3~5', () => {
    expect(
      encodeAnswers(
        new Map<number, Answer>([
          [3, 5],
          [1, 'c'],
        ]),
      ),
    ).toBe('1c_3~5');
    expect(encodeAnswers(new Map())).toBe('');
    expect(encodeAnswers(new Map<number, Answer>([[11, -12.5]]))).toBe('11~-12.5');
  });

  it('drop entries that do not fit their question, and keep the rest', () => {
    // step 1 has no option z; step 3 is numeric (0–90%); step 99 does not exist
    const decoded = decodeAnswers('1z_2b_3~500_3x_99a_junk_4~1_8~1.75', STEPS);
    expect([...decoded]).toEqual([
      [2, 'b'],
      [8, 1.75],
    ]);
  });
});

describe('the lesson parameters beside the scenario link', () => {
  const lesson = formatLessonParams('resonance', '1c_3~5');

  it('read back the step and answers from a preset query', () => {
    const url = withLessonParams('?preset=asci-q-2003&g=0', lesson);
    expect(url).toBe('?preset=asci-q-2003&g=0&lesson=resonance&answers=1c_3~5');
    const read = readLessonParams(url);
    expect(findStep(read.step!)?.number).toBe(9);
    expect(decodeAnswers(read.answers, STEPS)).toEqual(
      new Map<number, Answer>([
        [1, 'c'],
        [3, 5],
      ]),
    );
    expect(withoutLessonParams(url)).toBe('?preset=asci-q-2003&g=0');
  });

  it('go into the query before a #s= hash, which keeps the scenario', () => {
    const url = withLessonParams('#s=1.abc', lesson);
    expect(url).toBe(`?${lesson}#s=1.abc`);
    const [search] = url.split('#');
    expect(readLessonParams(search).step).toBe('resonance');
    expect(withoutLessonParams(search)).toBe('');
  });

  it('leave a link alone when the lesson is off, and a query without them untouched', () => {
    expect(withLessonParams('?preset=bgp-intrepid', '')).toBe('?preset=bgp-intrepid');
    expect(withoutLessonParams('?preset=bgp-intrepid&nodes=4')).toBe(
      '?preset=bgp-intrepid&nodes=4',
    );
    expect(readLessonParams('?preset=bgp-intrepid').step).toBeNull();
  });

  it('accept a step number as well as an id', () => {
    expect(findStep(readLessonParams('?lesson=9').step!)?.id).toBe('resonance');
  });
});
