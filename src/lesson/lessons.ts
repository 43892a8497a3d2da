// The guided lessons, each a list of steps in the same predict-then-reveal form, and how a link
// names one of their steps. A step is named by its id (ids are unique across the lessons, so
// `?lesson=resonance` needs no lesson's name), by its number in the first lesson (`?lesson=9`, as
// links were written before there was a second), or by a lesson's id and a number or step id
// after a dot (`?lesson=run-to-run.3`, `?lesson=run-to-run.one-node`); a lesson's id alone opens
// its first step, and `.done` after it its closing page. Pure data and functions: no DOM, no Svelte.
import { STEPS } from './steps.ts';
import { RUN_TO_RUN_STEPS } from './steps-run-to-run.ts';
import type { LessonStep } from './types.ts';

export interface LessonInfo {
  /** URL-safe slug, unique, and unlike any step's id */
  id: string;
  title: string;
  /** what the lesson follows, one line for the chooser */
  summary: string;
  /** minutes a class needs for it (the teacher's notes time each step) */
  minutes: number;
  steps: readonly LessonStep[];
  /**
   * what the lesson showed, a sentence each with its source (short form, src/published/cite.ts),
   * for the page that closes it
   */
  takeaways: readonly { text: string; cite: string }[];
}

export const LESSONS: readonly LessonInfo[] = [
  {
    id: 'missing-performance',
    title: 'The case of the missing supercomputer performance',
    summary: 'ASCI Q’s mysteries and findings, then Jaguar XT5 and Blue Gene/P',
    minutes: 50,
    steps: STEPS,
    takeaways: [
      {
        text: 'Each processor lost at most 2.5% of its time to noise, yet SAGE on 4,096 processors ran at half its predicted speed: a collective waits for the slowest process, and among thousands one is nearly always interrupted.',
        cite: '000 sec 2, Fig 1; 000 sec 3.2, Fig 9; 000 sec 3.3',
      },
      {
        text: 'Neither MPI nor the network was at fault: a 7× faster allreduce barely changed SAGE. The time was lost in the nodes.',
        cite: '000 sec 3.1',
      },
      {
        text: 'Look per node, not per processor: nodes 0, 1 and 31 of each cluster were the noisiest, yet on the machine of 2002, at a 1 ms granularity, removing the kernel’s short, frequent noise on every node helps most (the paper’s simulation).',
        cite: '000 sec 3.2, Figs 11–13; 000 sec 3.4, Fig 15',
      },
      {
        text: 'Which noise hurts depends on the granularity (resonance): on the machine after the January 2003 fix, the kernel’s between back-to-back barriers, the RMS daemons’ at 1 ms, the TruCluster daemons’ at 5 ms.',
        cite: '000 sec 6, Fig 18',
      },
      {
        text: 'Removing or confining the noise nearly doubled SAGE’s speed without a change to its code (1.75×, 2.21× at best). Co-scheduling pays the noise once; on Jaguar XT5 the Reduced Noise kernel (the OS on core 0, POP on cores 2–7) cut POP’s time by 31% at 24,576 processes; Blue Gene/P’s compute-node kernel barely has noise.',
        cite: '000 Table 3; 000 sec 3.3, Fig 14(b); 003 Table 1; 003 sec 4, Fig 1',
      },
    ],
  },
  {
    id: 'run-to-run',
    title: 'Why does my job take a different time every run?',
    summary: 'Run-to-run variability on four machines, and halo exchanges on the Cray XT',
    minutes: 30,
    steps: RUN_TO_RUN_STEPS,
    takeaways: [
      {
        text: 'The same job on the same nodes takes a different time every run: NPB EP on 128 tasks of the Compaq SC varied with a coefficient of variation of 6.91%.',
        cite: '001 Table 2',
      },
      {
        text: 'On one node the spread fell under 1.6%, which Kramer and Ryan read as something on the nodes causing the variation.',
        cite: '001 sec 9',
      },
      {
        text: 'Run times form tight bell curves with long right tails; the T3E’s two groups of runs came from job migration, and with the migrations taken out EP’s spread fell to 0.8% (LU’s 0.6%, FT’s 0.93%).',
        cite: '001 sec 11, Table 3',
      },
      {
        text: 'A halo exchange waits only for its neighbours, so in the simulator a delay travels one neighbour per iteration instead of stopping every rank at once; on the Cray XT4 the slowest process’s update grew with the job while the fastest’s did not.',
        cite: '004 slides “HALO on Franklin: max vs. min” and “HALO on Jaguarcnl”',
      },
      {
        text: 'Variation is part of a machine’s performance: it costs users longer time limits or runs killed at their limit. Understanding it takes many runs, and more than the job’s own view of the machine.',
        cite: '001 secs 3 and 14; 004 summary slides',
      },
    ],
  },
];

export const FIRST_LESSON = LESSONS[0];

export function findLesson(id: string): LessonInfo | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** A lesson's step by its 1-based number or its id; undefined when it has none such. */
function stepOf(lesson: LessonInfo, key: string): LessonStep | undefined {
  if (/^[0-9]{1,2}$/.test(key)) return lesson.steps[Number(key) - 1];
  return lesson.steps.find((s) => s.id === key);
}

/**
 * `done`: the link names the lesson's closing page (`?lesson=run-to-run.done`), shown over its
 * last step.
 */
export type Found =
  | { ok: true; lesson: LessonInfo; step: LessonStep; done?: boolean }
  | { ok: false; problem: string };

/** The key a link gives the closing page of lesson `id` (the inverse of findLessonStep's). */
export function doneKey(id: string): string {
  return `${id}.done`;
}

/** The lesson and step a link's `lesson=` names, or why it names none (a sentence). */
export function findLessonStep(key: string): Found {
  const shown = key.slice(0, 40);
  const dot = key.indexOf('.');
  if (dot >= 0) {
    const lesson = findLesson(key.slice(0, dot));
    if (!lesson)
      return {
        ok: false,
        problem: `lesson=${shown}: there is no lesson "${key.slice(0, Math.min(dot, 40))}"; the lessons are ${LESSONS.map((l) => l.id).join(' and ')}.`,
      };
    if (key.slice(dot + 1) === 'done')
      return { ok: true, lesson, step: lesson.steps[lesson.steps.length - 1], done: true };
    const step = stepOf(lesson, key.slice(dot + 1));
    if (!step)
      return {
        ok: false,
        problem: `lesson=${shown}: the lesson "${lesson.title}" has no such step; use ${lesson.id}.N with N from 1 to ${lesson.steps.length} (e.g. ${lesson.id}.1), ${doneKey(lesson.id)} for its closing page, or one of its steps: ${lesson.steps.map((s) => s.id).join(', ')}.`,
      };
    return { ok: true, lesson, step };
  }
  const lesson = findLesson(key);
  if (lesson) return { ok: true, lesson, step: lesson.steps[0] };
  if (/^[0-9]{1,2}$/.test(key)) {
    const step = stepOf(FIRST_LESSON, key);
    if (step) return { ok: true, lesson: FIRST_LESSON, step };
  } else {
    for (const l of LESSONS) {
      const step = stepOf(l, key);
      if (step) return { ok: true, lesson: l, step };
    }
  }
  const others = LESSONS.slice(1)
    .map(
      (l) =>
        `for the lesson "${l.title}", ${l.id}.1 to ${l.id}.${l.steps.length} or one of: ` +
        l.steps.map((s) => s.id).join(', '),
    )
    .join('; ');
  return {
    ok: false,
    problem: `lesson=${shown}: the lesson has no such step; use a number from 1 to ${FIRST_LESSON.steps.length} or one of: ${FIRST_LESSON.steps.map((s) => s.id).join(', ')}; or, ${others}.`,
  };
}
