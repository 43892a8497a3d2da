// Each lesson's teacher's notes, bundled as text (the dialog renders them, never as HTML).
import first from '../../../docs/teaching.md?raw';
import second from '../../../docs/teaching-run-to-run.md?raw';

/** lesson id (src/lesson/lessons.ts) → its notes, Markdown */
export const LESSON_NOTES: Readonly<Record<string, string>> = {
  'missing-performance': first,
  'run-to-run': second,
};
