// The lesson's address: the step and the answers survive a round trip through a URL, alongside
// the scenario's own query or hash, and a tampered link only loses what does not fit.
import { describe, expect, it } from 'vitest';
import { decodeAnswers, decodeWithPending, encodeAnswers } from '../../src/lesson/answers.ts';
import {
  formatLessonParams,
  readLessonParams,
  withLessonParams,
  withoutLessonParams,
} from '../../src/state/lesson-params.ts';
import { findStep, STEPS } from '../../src/lesson/steps.ts';
import type { Answer, LessonStep } from '../../src/lesson/types.ts';

/** A step's paper answer; a sketch without a paper curve: a rising line, one level a point. */
function paperAnswer(step: LessonStep): Answer {
  const q = step.question;
  return q.kind === 'sketch' ? (q.answer ?? q.xs.map((_, i) => i)) : q.answer;
}

/** An answer to every step: its paper answer. */
const all = new Map<number, Answer>(STEPS.map((s) => [s.number, paperAnswer(s)]));

describe('answers in a URL', () => {
  it('round-trip for every step, choices and numbers alike', () => {
    const text = encodeAnswers(all);
    expect(decodeAnswers(text, STEPS)).toEqual(all);
    expect(text.length).toBeLessThan(100); // short enough to share, with two sketches
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
    // step 1 has no option z; step 3 is numeric (0–90%); step 4's marker axis starts at 1×;
    // step 99 does not exist
    const decoded = decodeAnswers('1z_2b_3~500_3x_99a_junk_4~0.5_8~1.75', STEPS);
    expect([...decoded]).toEqual([
      [2, 'b'],
      [8, 1.75],
    ]);
  });
});

describe('sketches and markers in a URL', () => {
  const sketch = findStep('barrier-amplifies')!; // step 6
  const marker = findStep('small-noise')!; // step 4

  it('write a sketch as one base-36 character per point, and read it back exactly', () => {
    const levels = [0, 1, 3, 9, 17, 26, 33, 35, 35, 35, 35];
    const answers = new Map<number, Answer>([
      [6, levels],
      [4, 2.35],
    ]);
    const text = encodeAnswers(answers);
    expect(text).toBe('4~2.35_6*0139hqxzzzz');
    expect(decodeAnswers(text, STEPS)).toEqual(answers);
  });

  it('survive URLSearchParams, which leaves * alone', () => {
    const text = encodeAnswers(new Map<number, Answer>([[6, paperAnswer(sketch)]]));
    const url = `?${formatLessonParams(sketch.id, text)}`;
    const read = readLessonParams(new URLSearchParams(url).toString());
    expect(decodeAnswers(read.answers, STEPS).get(6)).toEqual(paperAnswer(sketch));
  });

  it('drop a sketch of the wrong length, a level past the top, or one on a choice step', () => {
    // 10 points for 11 x values; 'a' (level 10) is fine but '!' is not base 36; step 5 is a choice
    expect(decodeAnswers('6*0123456789_6*0123456789a!_5*0123', STEPS).size).toBe(0);
    expect(decodeAnswers(`6*${'z'.repeat(11)}`, STEPS).get(6)).toEqual(Array(11).fill(35));
  });

  it('keep a marker only on its axis', () => {
    expect(marker.question.kind).toBe('marker');
    expect(decodeAnswers('4~4.5_4~1', STEPS)).toEqual(new Map([[4, 1]]));
  });
});

describe('links written before sketches and markers', () => {
  it('still read their choices and numbers, losing only answers to changed questions', () => {
    // an old link: step 4 was a choice and step 6 a numeric estimate; both questions changed
    // (and step 9 a choice, now a sketch)
    const decoded = decodeAnswers('1c_2b_3~5_4c_6~100_8~1.75_9a_12b', STEPS);
    expect([...decoded]).toEqual([
      [1, 'c'],
      [2, 'b'],
      [3, 5],
      [8, 1.75],
      [12, 'b'],
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

describe('answers not revealed yet', () => {
  it('are written with a p in front and read back as pending', () => {
    const answers = new Map<number, Answer>([
      [1, 'c'],
      [4, 2],
    ]);
    const text = encodeAnswers(answers, (n) => n === 4);
    expect(text).toBe('1c_p4~2');
    const read = decodeWithPending(text, STEPS);
    expect(read.answers).toEqual(answers);
    expect([...read.pending]).toEqual([4]);
    // a link written before the mark: every answer was a revealed one
    expect([...decodeWithPending('1c_4~2', STEPS).pending]).toEqual([]);
  });
});
