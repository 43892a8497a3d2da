// A student's answer in words, for the answers table, the reveal and the printed handout:
// `C. About 1.3 s`, `5%`, `2.35×`, or a sketch's points `1 node: 10%, 2 nodes: 19%, …`.
import { formatValue, valueOf } from './sketch.ts';
import type { Answer, LessonStep } from './types.ts';

export function answerText(step: LessonStep, answer: Answer | undefined): string {
  if (answer === undefined) return '—';
  const q = step.question;
  if (q.kind === 'numeric') return `${String(answer)}${q.unit}`;
  if (q.kind === 'marker') return formatValue(q.axis, Number(answer));
  if (q.kind === 'sketch') {
    if (!Array.isArray(answer)) return '—';
    const levels = answer as readonly number[];
    return q.xs
      .map((x, i) => `${formatValue(q.x, x)}: ${formatValue(q.y, valueOf(q.y, levels[i]))}`)
      .join(', ');
  }
  const option = q.options.find((o) => o.id === answer);
  return option ? `${option.id.toUpperCase()}. ${option.label}` : String(answer);
}
