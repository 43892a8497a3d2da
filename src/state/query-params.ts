// Human-readable query parameters a teacher can write by hand, e.g.
// `?preset=jaguar-xt5-rn&nodes=4096&g=1ms`: a preset or a scenario file served next to the site,
// and a few knobs, each turned into a dotted-path assignment (src/scenario/paths.ts). Parsing
// reports every bad parameter at once, one line each naming the parameter, the value and what is
// allowed; the assignments are then applied to the base scenario and the result validated
// (applyAssignments), which catches what depends on the machine (too many nodes, …).

import { nearNames, nearestName } from './nearest-name.ts';
import {
  formatIssue,
  renderValue,
  ScenarioError,
  SEED_LIMIT,
  setPath,
  validateScenario,
  type Scenario,
} from '../scenario/index.ts';
import { applyPatch, PatchError, type PatchOp } from '../scenario/patch.ts';
import { DURATION_EXPECTED, formatDurationUs, parseDurationUs } from './duration-text.ts';
import {
  MAX_PATCH_PARAM_LENGTH,
  MAX_QUERY_VALUE_LENGTH,
  MAX_SCENARIO_PATH_LENGTH,
} from './share-limits.ts';
import { isSourceParam, parseSourceParam, parseSwitchParam } from './source-params.ts';

export { formatDurationUs, parseDurationUs } from './duration-text.ts';

export interface Assignment {
  /** a dotted path into the scenario, e.g. `job.nodes` */
  path: string;
  value: unknown;
}

export interface ParsedQuery {
  preset?: string;
  /** `v=`: the preset's version the link was made from (src/scenario/canonical.ts) */
  version?: string;
  scenarioPath?: string;
  assignments: Assignment[];
  /** the edits of noise sources by id: `off=`, `on=`, `src.<id>.<field>=` */
  ops: PatchOp[];
  /** `p=`: the rest of the edits, compressed (delta-link.ts decodes it) */
  patch?: string;
  /** one line per problem; empty when the query is fine */
  errors: string[];
}

/** The knobs of a hand-written link; formatQuery writes them, parseQuery reads them back. */
export interface QueryKnobs {
  preset?: string;
  /** the preset's version (8 hex digits) */
  version?: string;
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
  /** ids of sources switched off, and on */
  off?: string[];
  on?: string[];
  /** readable edits of one source's field: [`src.<id>.<field>`, text] (source-params.ts) */
  sources?: [string, string][];
  /** the compressed patch of every other edit (delta-link.ts) */
  patch?: string;
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
  'v',
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
  'off',
  'on',
  'p',
] as const;

/** Beside QUERY_PARAMETERS: `src.<id>.period`, `src.<id>.duration`, `src.<id>.cpu`. */
const SOURCE_PARAMETERS = 'src.<id>.period, src.<id>.duration, src.<id>.cpu';
/** A mistyped preset near none is answered with every id up to this many; beyond, the menu
 * (32 ids made a message longer than the box that shows it). */
const LISTED_PRESETS = 8;

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
  const result: ParsedQuery = { assignments: [], ops: [], errors: [] };
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const names = [...new Set(params.keys())];
  const unknown = names.filter(
    (n) => !(QUERY_PARAMETERS as readonly string[]).includes(n) && !isSourceParam(n),
  );
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).map((n) => renderValue(n, 40));
    const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
    result.errors.push(
      `unknown parameter${unknown.length === 1 ? '' : 's'} ${shown.join(', ')}${more}; ` +
        `allowed: ${QUERY_PARAMETERS.join(', ')}, ${SOURCE_PARAMETERS}`,
    );
  }
  // The query's order: the known parameters, then the source edits as they come, p last.
  const order = [...QUERY_PARAMETERS.filter((n) => n !== 'p'), ...names.filter(isSourceParam), 'p'];
  for (const name of order) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1) {
      result.errors.push(`${name}: given ${values.length} times; allowed: once`);
      continue;
    }
    const text = values[0];
    const bad = (allowed: string) =>
      result.errors.push(`${name}: ${renderValue(text)} is not valid; ${allowed}`);
    const longest = name === 'p' ? MAX_PATCH_PARAM_LENGTH : MAX_QUERY_VALUE_LENGTH;
    if (name !== 'scenario' && text.length > longest) {
      bad(`allowed: at most ${longest.toLocaleString('en-US')} characters`);
      continue;
    }
    if (name === 'v') {
      if (/^[0-9a-f]{8}$/.test(text)) result.version = text;
      else bad("expected a preset's version: 8 hex digits, e.g. v=3f2a91c0");
      continue;
    }
    if (name === 'p') {
      result.patch = text;
      continue;
    }
    if (name === 'off' || name === 'on') {
      const ops = parseSwitchParam(name, text);
      if ('error' in ops) result.errors.push(ops.error);
      else result.ops.push(...ops);
      continue;
    }
    if (isSourceParam(name)) {
      const op = parseSourceParam(name, text);
      if ('error' in op) result.errors.push(op.error);
      else result.ops.push(op);
      continue;
    }
    if (name === 'preset') {
      if (presetIds.includes(text)) result.preset = text;
      else if (presetIds.length === 0) bad('there are no presets');
      else {
        // With a likely name, that name (the page offers it as a link) rather than every id;
        // with several as likely, those; else every id while they are few enough to read.
        const near = nearestName(text, presetIds);
        const close = near ? [near] : nearNames(text, presetIds, 3);
        const menu = `the ${presetIds.length} presets of the Preset menu`;
        bad(
          close.length > 0
            ? `did you mean ${close.join(' or ')}? allowed: ${menu}`
            : presetIds.length <= LISTED_PRESETS
              ? `allowed: ${presetIds.join(', ')}`
              : `allowed: one of ${menu}`,
        );
      }
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
  if (params.has('v') && !params.has('preset')) {
    result.errors.push("v: a version is a preset's; allowed only with preset=");
  }
  const offOn = [...(params.get('off') ?? '').split(','), ...(params.get('on') ?? '').split(',')];
  const twice = offOn.find((id, i) => id !== '' && offOn.indexOf(id) !== i);
  if (params.has('off') && params.has('on') && twice !== undefined) {
    result.errors.push(`off and on both name the source ${renderValue(twice)}; allowed: one`);
  }
  return result;
}

/** The scenario path each knob sets, and the knob: what a link writes as `nodes=`, `g=`, …. */
export const KNOB_PATHS: ReadonlyMap<string, keyof QueryKnobs> = new Map(
  Object.values(KNOBS).map((k) => [k.path, k.knob]),
);

/**
 * `?preset=…&nodes=…` for `knobs` (unset knobs are left out; '' when all are). parseQuery reads
 * it back. Throws a RangeError for a value parseQuery would refuse (not a preset check: the
 * caller knows its presets).
 */
export function formatQuery(knobs: QueryKnobs): string {
  const parts: string[] = [];
  if (knobs.preset !== undefined) parts.push(`preset=${encode(knobs.preset)}`);
  if (knobs.version !== undefined) parts.push(`v=${encode(knobs.version)}`);
  if (knobs.scenario !== undefined) {
    const problem = scenarioPathProblem(knobs.scenario);
    if (problem) throw new RangeError(`scenario: ${renderValue(knobs.scenario)} ${problem}`);
    parts.push(`scenario=${encode(knobs.scenario)}`);
  }
  for (const [name, knob] of Object.entries(KNOBS)) {
    const value = knobs[knob.knob];
    if (value !== undefined) parts.push(`${name}=${encode(knob.format(value))}`);
  }
  if (knobs.off?.length) parts.push(`off=${encode(knobs.off.join(','))}`);
  if (knobs.on?.length) parts.push(`on=${encode(knobs.on.join(','))}`);
  for (const [name, value] of knobs.sources ?? []) parts.push(`${name}=${encode(value)}`);
  if (knobs.patch !== undefined) parts.push(`p=${encode(knobs.patch)}`);
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
export function applyAssignments(
  base: Scenario,
  assignments: readonly Assignment[],
  ops: readonly PatchOp[] = [],
): ApplyResult {
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
    if (ops.length > 0) edited = applyPatch(edited, ops);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    return { ok: false, error: `the link's edits cannot be applied: ${e.message}` };
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
