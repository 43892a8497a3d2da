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
  if (set) return ` (from --set ${set.text})`;
  // The file's own value, refused against a sibling a --set changed ("workload.warmup: 50 is not
  // less than iterations 10"): name that option, which is the one the reader typed.
  const parent = p.slice(0, p.lastIndexOf('.') + 1);
  const against = inv.sets.findLast((a) => {
    const q = dotted(a.path);
    const i = q.lastIndexOf('.');
    const field = q.slice(i + 1);
    return (
      q.slice(0, i + 1) === parent &&
      field !== '' &&
      issue.message.split(/[^A-Za-z0-9_]+/).includes(field)
    );
  });
  return against ? ` (the file's value, against --set ${against.text})` : '';
}

/**
 * `noise[18].periodUs: …` → `noise[18] (node-hiccup).periodUs: …`: a source named by its id as
 * well as its place, when the file gives one (`ids`: the file's noise[k].id in order). Nobody
 * counts to the nineteenth source of a file.
 */
export function withSourceId(line: string, ids: readonly (string | undefined)[]): string {
  return line.replace(/^noise\[(\d+)\]/, (whole, k: string) => {
    const id = ids[Number(k)];
    return id === undefined ? whole : `${whole} (${id})`;
  });
}

/** One line per issue: `<file>: <path>: <value> <message>[ (from --set …)]`. */
export function issueLines(
  issues: readonly ScenarioIssue[],
  inv: Pick<Invocation, 'file' | 'sets' | 'seed' | 'varies'> | undefined,
  ids: readonly (string | undefined)[] = [],
): string[] {
  return issues.map((issue) => {
    const text = withSourceId(formatIssue(issue), ids);
    if (!inv) return text;
    const file = inv.file ? `${inv.file}: ` : '';
    return `${file}${text}${issueSource(issue, inv)}`;
  });
}
