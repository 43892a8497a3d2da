// Human-readable query parameters a teacher can write by hand, e.g.
// `?preset=jaguar-xt5-rn&nodes=4096&g=1ms`: a preset or a scenario file served next to the site,
// and a few knobs, each turned into a dotted-path assignment (src/scenario/paths.ts). Parsing
// reports every bad parameter at once, one line each naming the parameter, the value and what is
// allowed; the assignments are then applied to the base scenario and the result validated
// (applyAssignments), which catches what depends on the machine (too many nodes, …).

import {
  formatIssue,
  renderValue,
  ScenarioError,
  SEED_LIMIT,
  setPath,
  validateScenario,
  type Scenario,
} from '../scenario/index.ts';
import { MAX_QUERY_VALUE_LENGTH, MAX_SCENARIO_PATH_LENGTH } from './share-limits.ts';

export interface Assignment {
  /** a dotted path into the scenario, e.g. `job.nodes` */
  path: string;
  value: unknown;
}

export interface ParsedQuery {
  preset?: string;
  scenarioPath?: string;
  assignments: Assignment[];
  /** one line per problem; empty when the query is fine */
  errors: string[];
}

/** The knobs of a hand-written link; formatQuery writes them, parseQuery reads them back. */
export interface QueryKnobs {
  preset?: string;
  scenario?: string;
  nodes?: number;
  ranksPerNode?: number;
  /** µs; written with the largest exact unit (`1ms`, `1.5ms`, `10us`) */
  granularityUs?: number;
  iterations?: number;
  /** iterations left out of the statistics (below `iterations`) */
  warmup?: number;
  seed?: number;
  waitMode?: 'poll' | 'block';
  reservedCores?: number[];
  excludeOffsets?: number[];
}

type Parsed = { value: unknown } | { error: string };

interface Knob {
  /** the scenario path the parameter sets */
  path: string;
  parse: (text: string) => Parsed;
  /** the value written by formatQuery; throws a RangeError when it cannot be read back */
  format: (value: unknown) => string;
  knob: keyof QueryKnobs;
}

/** The parameters in the order of their assignments (and of formatQuery's output). */
export const QUERY_PARAMETERS = [
  'preset',
  'scenario',
  'nodes',
  'ppn',
  'g',
  'iterations',
  'warmup',
  'seed',
  'wait',
  'reserve',
  'exclude',
] as const;

const integer = (min: number, max: number, expected: string) => ({
  parse: (text: string): Parsed => {
    if (!/^[0-9]{1,16}$/.test(text)) return { error: expected };
    const n = Number(text);
    return n >= min && n <= max ? { value: n } : { error: expected };
  },
  format: (value: unknown): string => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`${renderValue(value)}: expected ${expected}`);
    }
    return String(value);
  },
});

const list = (expected: string) => ({
  parse: (text: string): Parsed => {
    if (text === '' || text === 'none') return { value: [] };
    const items = text.split(',');
    if (!items.every((s) => /^[0-9]{1,7}$/.test(s))) return { error: expected };
    return { value: items.map(Number) };
  },
  format: (value: unknown): string => {
    if (!Array.isArray(value) || !value.every((n) => Number.isInteger(n) && n >= 0 && n < 1e7)) {
      throw new RangeError(`${renderValue(value)}: expected ${expected}`);
    }
    return value.length === 0 ? 'none' : value.join(',');
  },
});

const KNOBS: Record<string, Knob> = {
  nodes: {
    path: 'job.nodes',
    knob: 'nodes',
    ...integer(1, Number.MAX_SAFE_INTEGER, 'an integer ≥ 1, e.g. nodes=4096'),
  },
  ppn: {
    path: 'job.ranksPerNode',
    knob: 'ranksPerNode',
    ...integer(1, Number.MAX_SAFE_INTEGER, 'an integer ≥ 1 (ranks per node), e.g. ppn=4'),
  },
  g: {
    path: 'workload.granularityUs',
    knob: 'granularityUs',
    parse: (text) => {
      const us = parseDurationUs(text);
      return us === undefined ? { error: DURATION_EXPECTED } : { value: us };
    },
    format: (value) => formatDurationUs(value),
  },
  iterations: {
    path: 'workload.iterations',
    knob: 'iterations',
    ...integer(1, Number.MAX_SAFE_INTEGER, 'an integer ≥ 1, e.g. iterations=2000'),
  },
  warmup: {
    path: 'workload.warmup',
    knob: 'warmup',
    ...integer(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 below iterations, e.g. warmup=0'),
  },
  seed: {
    path: 'seed',
    knob: 'seed',
    ...integer(0, SEED_LIMIT - 1, `an integer from 0 to ${SEED_LIMIT - 1}, e.g. seed=42`),
  },
  wait: {
    path: 'job.waitMode',
    knob: 'waitMode',
    parse: (text) =>
      text === 'poll' || text === 'block' ? { value: text } : { error: 'poll or block' },
    format: (value) => {
      if (value !== 'poll' && value !== 'block') {
        throw new RangeError(`${renderValue(value)}: expected poll or block`);
      }
      return value;
    },
  },
  reserve: {
    path: 'job.reservedCores',
    knob: 'reservedCores',
    ...list('core numbers separated by commas, e.g. reserve=0 or reserve=0,1 (none: reserve=none)'),
  },
  exclude: {
    path: 'job.excludeOffsets',
    knob: 'excludeOffsets',
    ...list('cluster offsets separated by commas, e.g. exclude=0,31 (none: exclude=none)'),
  },
};

const DURATION_EXPECTED =
  'a duration ≥ 0 in us, µs, ms or s (a bare number means µs), e.g. g=1ms, g=1.5ms or g=10us';

const UNITS: Record<string, number> = { '': 0, us: 0, µs: 0, μs: 0, ms: 3, s: 6 };

/** µs of `1ms`, `1.5ms`, `10us`, `10µs`, `1s`, `250` (µs); undefined when malformed. */
export function parseDurationUs(text: string): number | undefined {
  const m = /^([0-9]{1,15})(?:\.([0-9]{1,15}))?(us|µs|μs|ms|s)?$/.exec(text);
  if (!m) return undefined;
  // Shift the decimal point in the text, so 0.1ms is exactly 100 (0.1 × 1000 is not).
  const shift = UNITS[m[3] ?? ''];
  const fraction = (m[2] ?? '').padEnd(shift, '0');
  const value = Number(`${m[1]}${fraction.slice(0, shift)}.${fraction.slice(shift) || '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/** The shortest exact text parseDurationUs reads back as `us`: `0`, `1s`, `1.5ms`, `10us`. */
export function formatDurationUs(us: unknown): string {
  if (typeof us !== 'number' || !Number.isFinite(us) || us < 0) {
    throw new RangeError(`${renderValue(us)}: expected ${DURATION_EXPECTED}`);
  }
  if (us === 0) return '0';
  const plain = String(us);
  if (!/^[0-9]{1,15}(\.[0-9]{1,15})?$/.test(plain)) {
    throw new RangeError(
      `${plain} µs cannot be written in a link; use at most 15 digits each side`,
    );
  }
  for (const [unit, shift] of [
    ['s', 6],
    ['ms', 3],
  ] as const) {
    const text = shiftLeft(plain, shift);
    if (Number(text) >= 1 && (text.split('.')[1] ?? '').length <= 3) return `${text}${unit}`;
  }
  return `${plain}us`;
}

/** The decimal text `plain` divided by 10^shift, exactly (no float arithmetic). */
function shiftLeft(plain: string, shift: number): string {
  const [whole, fraction = ''] = plain.split('.');
  const padded = whole.padStart(shift + 1, '0');
  const head = padded.slice(0, padded.length - shift).replace(/^0+(?=[0-9])/, '');
  const tail = (padded.slice(padded.length - shift) + fraction).replace(/0+$/, '');
  return tail === '' ? head : `${head}.${tail}`;
}

/** Why `path` is not a same-origin relative path to a .json file, or undefined when it is. */
export function scenarioPathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.length > MAX_SCENARIO_PATH_LENGTH) {
    return `is ${path.length} characters long (at most ${MAX_SCENARIO_PATH_LENGTH})`;
  }
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(path);
  if (scheme) return `has a scheme (${JSON.stringify(scheme[0])})`;
  if (path.includes('//')) return 'contains "//"';
  if (path.startsWith('/')) return 'starts with "/"';
  const bad = /[^A-Za-z0-9._~/-]/.exec(path);
  if (bad) return `contains ${JSON.stringify(bad[0])}`;
  if (path.split('/').some((s) => s === '..' || s === '.')) return 'contains a "." or ".." segment';
  if (!/[^/]\.json$/.test(path)) return 'does not end with .json';
  return undefined;
}

const SCENARIO_ALLOWED =
  'allowed: a relative path to a .json file on this site, e.g. scenario=scenarios/my-run.json ' +
  '(letters, digits, "-", "_", ".", "~" and "/"; no scheme, no "//", no "..")';

/**
 * The parameters of `search` (`?a=1&b=2`; the "?" is optional). Never throws: every problem is
 * one line of `errors`, and the parameters that are fine are still returned.
 */
export function parseQuery(search: string, presetIds: readonly string[]): ParsedQuery {
  const result: ParsedQuery = { assignments: [], errors: [] };
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const names = [...new Set(params.keys())];
  const unknown = names.filter((n) => !(QUERY_PARAMETERS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).map((n) => renderValue(n, 40));
    const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
    result.errors.push(
      `unknown parameter${unknown.length === 1 ? '' : 's'} ${shown.join(', ')}${more}; ` +
        `allowed: ${QUERY_PARAMETERS.join(', ')}`,
    );
  }
  for (const name of QUERY_PARAMETERS) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1) {
      result.errors.push(`${name}: given ${values.length} times; allowed: once`);
      continue;
    }
    const text = values[0];
    const bad = (allowed: string) =>
      result.errors.push(`${name}: ${renderValue(text)} is not valid; ${allowed}`);
    if (name !== 'scenario' && text.length > MAX_QUERY_VALUE_LENGTH) {
      bad(`allowed: at most ${MAX_QUERY_VALUE_LENGTH} characters`);
      continue;
    }
    if (name === 'preset') {
      if (presetIds.includes(text)) result.preset = text;
      else if (presetIds.length === 0) bad('there are no presets');
      else bad(`allowed: ${presetIds.join(', ')}`);
      continue;
    }
    if (name === 'scenario') {
      const problem = scenarioPathProblem(text);
      if (problem === undefined) result.scenarioPath = text;
      else result.errors.push(`scenario: ${renderValue(text)} ${problem}; ${SCENARIO_ALLOWED}`);
      continue;
    }
    const knob = KNOBS[name];
    const parsed = knob.parse(text);
    if ('error' in parsed) bad(`expected ${parsed.error}`);
    else result.assignments.push({ path: knob.path, value: parsed.value });
  }
  if (params.has('preset') && params.has('scenario')) {
    result.errors.push('preset and scenario are both given; allowed: one of them');
  }
  return result;
}

/**
 * `?preset=…&nodes=…` for `knobs` (unset knobs are left out; '' when all are). parseQuery reads
 * it back. Throws a RangeError for a value parseQuery would refuse (not a preset check: the
 * caller knows its presets).
 */
export function formatQuery(knobs: QueryKnobs): string {
  const parts: string[] = [];
  if (knobs.preset !== undefined) parts.push(`preset=${encode(knobs.preset)}`);
  if (knobs.scenario !== undefined) {
    const problem = scenarioPathProblem(knobs.scenario);
    if (problem) throw new RangeError(`scenario: ${renderValue(knobs.scenario)} ${problem}`);
    parts.push(`scenario=${encode(knobs.scenario)}`);
  }
  for (const [name, knob] of Object.entries(KNOBS)) {
    const value = knobs[knob.knob];
    if (value !== undefined) parts.push(`${name}=${encode(knob.format(value))}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** Percent-encoding that keeps "/", "," and "~" readable (all literal in a query). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%2F/g, '/').replace(/%2C/g, ',');
}

export type ApplyResult = { ok: true; scenario: Scenario } | { ok: false; error: string };

/**
 * `base` with the assignments applied (setPath), validated. Never throws and never changes
 * `base`; the error lists the validator's problems one per line after its first line.
 */
export function applyAssignments(base: Scenario, assignments: readonly Assignment[]): ApplyResult {
  let edited: unknown = base;
  for (const { path, value } of assignments) {
    try {
      edited = setPath(edited, path, value);
    } catch (e) {
      return {
        ok: false,
        error: `the link's parameters cannot be applied: ${(e as Error).message}`,
      };
    }
  }
  try {
    return { ok: true, scenario: validateScenario(edited) };
  } catch (e) {
    if (e instanceof ScenarioError) {
      const lines = e.issues.map(formatIssue);
      // A hand-written iterations= below the preset's warm-up: say how the link fixes it.
      const setsWarmup = assignments.some((a) => a.path === 'workload.warmup');
      if (!setsWarmup && e.issues.some((i) => i.path === 'workload.warmup')) {
        lines.push(
          'the link can set the warm-up too: add &warmup=0 (or any count below iterations)',
        );
      }
      return {
        ok: false,
        error: `the link's parameters make the scenario invalid:\n${lines.join('\n')}`,
      };
    }
    return { ok: false, error: `the link's parameters cannot be applied: ${String(e)}` };
  }
}
