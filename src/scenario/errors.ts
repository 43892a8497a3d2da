// Validation errors for scenario files. A rejected scenario yields one ScenarioError listing
// every problem found, each as `<json path>: <value> <what is wrong and what is allowed>`,
// e.g. `noise[2].duration.minUs: 18000 is larger than maxUs 15000`, so a user can fix a
// hand-written file in one pass instead of one error at a time.

export interface ScenarioIssue {
  /** JSON path: `machine.nodes`, `noise[2].duration.minUs`, `job.reservedCores[1]`, `(root)` */
  path: string;
  /**
   * The offending value. `undefined` when the issue is about the key itself (an unknown or
   * missing field) or about the whole file (size, cost): the line then shows no value.
   */
  value: unknown;
  /** what is wrong and what is allowed, phrased to follow the rendered value */
  message: string;
  /** 'length': the run is refused for its length alone (its noise events, rank-phases or
   * phases grow with its iterations; validate.ts checkCost), the scenario otherwise valid */
  limit?: 'length';
}

/** Values longer than this are truncated in messages: a 10,000-id array must not flood them. */
const MAX_RENDERED = 60;

export class ScenarioError extends Error {
  issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

/** A count in a message, with thousands separators: 18688 → "18,688". */
export function countText(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatIssue(issue: ScenarioIssue): string {
  if (issue.value === undefined) return `${issue.path}: ${issue.message}`;
  return `${issue.path}: ${renderValue(issue.value)} ${issue.message}`;
}

/** Compact JSON (strings quoted, no spaces), cut to about 60 characters with an ellipsis. */
export function renderValue(value: unknown, max = MAX_RENDERED): string {
  const text = compact(value, max + 1, 0);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// Builds at most about `budget` characters, so rendering a huge array or string stays cheap;
// the depth cap also keeps it finite on circular objects handed in from JavaScript.
function compact(value: unknown, budget: number, depth: number): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value);
    case 'string':
      return JSON.stringify(value.length > budget ? value.slice(0, Math.max(0, budget)) : value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
      return String(value);
    case 'function':
      return 'a function';
    case 'symbol':
      return String(value);
  }
  if (value === null) return 'null';
  if (depth >= 4) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length && out.length <= budget; i++) {
      out += (i > 0 ? ',' : '') + compact(value[i], budget - out.length, depth + 1);
    }
    return `${out}]`;
  }
  let out = '{';
  for (const key in value) {
    if (out.length > budget) break;
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${compact(v, budget - out.length, depth + 1)}`;
  }
  return `${out}}`;
}
