// The lines an invalid scenario prints: each names the file it came from and, when the value
// was not the file's, the option that put it there. A script that validates many files, or a
// --set among several, otherwise left the reader to guess which one an issue was about.
import { formatIssue, type ScenarioIssue } from '../scenario/index.ts';
import type { Invocation } from './args.ts';

/** `noise[0].duration.shape` → `noise.0.duration.shape`: the form --set and --vary write. */
function dotted(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1');
}

/** Whether `path` is `prefix` or lies inside it. */
function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

/**
 * Which option set the value an issue is about: " (from --vary)" for a swept path, else the
 * last --set whose path holds it (a later one overrides an earlier one), " (from --seed)", or ''
 * when the value is the file's own.
 */
export function issueSource(
  issue: ScenarioIssue,
  inv: Pick<Invocation, 'sets' | 'seed' | 'varies'>,
): string {
  const p = dotted(issue.path);
  // a sweep point's issue names its point already ("(at sweep point job.nodes=0)")
  if (inv.varies.some((v) => within(p, v.path))) {
    return issue.message.includes('at sweep point') ? '' : ' (from --vary)';
  }
  if (inv.seed !== undefined && p === 'seed') return ' (from --seed)';
  const set = inv.sets.findLast((a) => within(p, dotted(a.path)));
  return set ? ` (from --set ${set.text})` : '';
}

/** One line per issue: `<file>: <path>: <value> <message>[ (from --set …)]`. */
export function issueLines(
  issues: readonly ScenarioIssue[],
  inv: Pick<Invocation, 'file' | 'sets' | 'seed' | 'varies'> | undefined,
): string[] {
  return issues.map((issue) => {
    if (!inv) return formatIssue(issue);
    const file = inv.file ? `${inv.file}: ` : '';
    return `${file}${formatIssue(issue)}${issueSource(issue, inv)}`;
  });
}
