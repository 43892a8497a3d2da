// Command-line arguments of the noiselab CLI, parsed by hand. A hand-written parser (rather
// than node:util parseArgs) lets every mistake be collected and reported at once, by name and
// in the user's words (`--samples: "ten" is not a number`), and lets one option be valid for
// one command and refused, by name, for another. Values that need the scenario to be checked
// (--core below coresPerNode, --node below machine.nodes) are checked by the commands.
import type { Vary } from '../engine/index.ts';
import { MAX_TIME_US, parseAssignment, parsePath, SEED_LIMIT } from '../scenario/index.ts';
import { CliError, messageOf } from './errors.ts';
import { parseShard, type Shard } from './shards.ts';

export type CommandName = 'run' | 'sweep' | 'repeat' | 'merge' | 'fwq' | 'validate';

/** One `--set path=value`, parsed; `text` is kept to quote it back in messages. */
export interface Assignment {
  path: string;
  value: unknown;
  text: string;
}

export interface Invocation {
  command: CommandName;
  /** the scenario file, as given (read relative to the working directory) */
  file: string;
  /** merge: the shards' files, as given */
  files: string[];
  /** --set, in the order given: later ones see the effect of earlier ones */
  sets: Assignment[];
  /** --seed; any JSON number, so that the validator reports a range error in its own words */
  seed?: number;
  /** run --detail */
  detail: boolean;
  /** run --exact: visit every rank (the same bits on every path) instead of counting them */
  exact: boolean;
  /** sweep --vary, in the order given (the last one changes fastest) */
  varies: Vary[];
  /** sweep --format */
  format: 'json' | 'csv';
  /** sweep --shard i/N: run only shard i of N (shards.ts) */
  shard?: Shard;
  /** sweep --timings: a wallMs column (it differs from run to run) */
  timings: boolean;
  /** sweep --precision: run each point until its mean is known to this share of it (0.005) */
  precision?: number;
  /** sweep and run --threads: worker threads; undefined = the command's default */
  threads?: number;
  /** repeat --runs: how many runs, on seeds --seed (default 1) onwards */
  runs?: number;
  /** fwq --samples: quanta per core */
  samples: number;
  /** fwq --work-us: µs of work per quantum */
  workUs: number;
  /** fwq --core: report only this core */
  core?: number;
  /** fwq --node: machine node id to measure */
  node?: number;
  /** fwq --samples-out */
  samplesOut: boolean;
}

export type Parsed = { command: 'help' } | Invocation;

export const FWQ_DEFAULT_SAMPLES = 2000;
/** repeat --runs at most: a distribution's shape is clear long before; more is a typo. */
export const MAX_RUNS = 10_000;
export const FWQ_MAX_SAMPLES = 1_000_000;
export const FWQ_DEFAULT_WORK_US = 1000;
/**
 * Upper bound of --threads: a guard against a typo, far above any machine's cores. A valid
 * value above the machine's cores is lowered to them, with a note (threads.ts, main.ts).
 */
export const MAX_THREADS = 1024;

type Kind = 'flag' | 'value' | 'list';

// The options each command accepts. --set and --seed go everywhere a scenario is read, so a
// user can check an override with `validate` before running it.
const OPTIONS: Record<CommandName, Record<string, Kind>> = {
  run: { set: 'list', seed: 'value', detail: 'flag', threads: 'value', exact: 'flag' },
  sweep: {
    vary: 'list',
    set: 'list',
    seed: 'value',
    format: 'value',
    threads: 'value',
    shard: 'value',
    timings: 'flag',
    precision: 'value',
  },
  repeat: {
    runs: 'value',
    vary: 'list',
    set: 'list',
    seed: 'value',
    format: 'value',
    threads: 'value',
  },
  merge: {},
  fwq: {
    samples: 'value',
    'work-us': 'value',
    core: 'value',
    node: 'value',
    'samples-out': 'flag',
    set: 'list',
    seed: 'value',
  },
  validate: { set: 'list', seed: 'value' },
};

const COMMANDS = Object.keys(OPTIONS) as CommandName[];

/** How `command` takes option `name`; undefined when it has no such option (own keys only, so
 * `--toString` or `--constructor` are unknown options, not Object.prototype members). */
function optionKind(command: CommandName, name: string): Kind | undefined {
  return Object.hasOwn(OPTIONS[command], name) ? OPTIONS[command][name] : undefined;
}

export const USAGE = `Usage: noiselab <command> <scenario.json> [options]

Commands:
  run <scenario.json>       run the workload; print summary, attribution (barrier) or the root's view (trees) and engine as JSON
                            (times in µs where a key ends in Us, in ms where it ends in Ms;
                            a source's share is a fraction of totalLostUs: 0.25 = 25%)
    --detail                  also print loss by event duration and per job node:
                              byDurationUs[i] is the µs lost to events of duration
                              [durationBinEdgesUs[i], durationBinEdgesUs[i+1]) µs, the
                              last bin open above
    --exact                   visit every rank every iteration: the same bits however the
                              run is split; without it, ranks whose only noise is one
                              periodic tick per core are counted (model.md in
                              distribution, much faster on whole machines; engine.counted)
    --threads N               split a whole machine's barrier run by nodes over up to N
                              threads (default: the machine's cores; one is left to the
                              OS from 4 on; runs too small or too sparse to gain stay on
                              one; at most the machine's cores); the numbers do not
                              depend on it, engine.threads says
  sweep <scenario.json>     run every combination of the --vary values; one row per point
    --vary <path>=<v1>,<v2>,...
                              values split at top-level commas, each JSON or else bare text
                              (repeatable; the last --vary changes fastest)
    --format json|csv         output format (default json; in CSV, text that would
                              start a formula (= + - @) gets a leading ')
    --threads N               run the points on N worker threads (default: 2, or fewer
                              when the machine has one core or the sweep one point; at
                              most the machine's cores)
    --shard i/N               run only shard i of N: points i-1, i-1+N, i-1+2N, ... (from
                              0, in the sweep's order); rows carry their point; for a job
                              array (docs/cluster.md); merge puts the shards together
    --timings                 add each point's wall time (wallMs): the output then differs
                              from run to run
    --precision P             run each point until its mean iteration time is known to P
                              (e.g. 0.5% or 0.005: the standard error by batch means) and
                              its rarest source has had time to show; the scenario's
                              iterations are the cap; adds the columns precision (the
                              relative standard error reached, a fraction: 0.005 = 0.5%),
                              precisionMet, and simulatedUs against neededUs (the measured
                              time run, and the time the rarest source needs)
  repeat <scenario.json>    the run-to-run spread of the run time: the scenario run once per
                            seed (the phases and placements each draws), on worker threads;
                            mean, standard deviation, CoV, percentiles, skewness and a
                            histogram of the runs' times, and one row per run
    --runs N                  how many runs (2..${MAX_RUNS}), on seeds --seed onwards
                              (default: the scenario's own seed, as the page's Run to
                              run view makes them)
    --vary <path>=<v1>,<v2>,...
                              the runs at every combination of the values, e.g.
                              job.nodes=8,32,128 (the spread against process count, as
                              the page's Run to run view against processes); each value
                              its own runs: the last value's seeds those of repeat
                              without --vary, the value before it the next N, and so
                              on; JSON has one entry per value in points (its processes,
                              seeds, summary and histogram) and the rows carry the
                              varied values; not seed (the runs are the seeds)
    --format json|csv         JSON: the summary, the histogram and the rows; CSV: the rows
    --threads N               as for sweep
  merge <shard files...>    the shards of one sweep --shard put together: exactly what the
                            sweep prints unsharded; refuses shards of different sweeps,
                            missing or repeated shards
  fwq <scenario.json>       Fixed Work Quanta on one node; per-core statistics as JSON
    --samples N               quanta per core (default ${FWQ_DEFAULT_SAMPLES}, at most ${FWQ_MAX_SAMPLES})
    --work-us W               µs of work per quantum (default ${FWQ_DEFAULT_WORK_US})
    --core K                  report only core K
    --node X                  machine node id to measure (default: the job's first node)
    --samples-out             include every sample
  validate <scenario.json>  check a scenario; print "ok: <title>" or every problem found
  help                      print this text

Options of every command that reads a scenario:
  --set <path>=<value>      change a field before validation (repeatable, applied in order);
                            path: dots and numeric indexes (noise.0.enabled);
                            value: JSON (512, false, "text") or else bare text (any, block);
                            in a sweep, a --vary of the same path wins at every point
  --seed N                  override the seed (an integer 0..${SEED_LIMIT - 1})

Every field of the output, its unit and what it measures: docs/cli-output.md.

Examples:
  noiselab run scenarios/example-asci-q.json --set job.nodes=512 --seed 7
  noiselab sweep scenarios/example-asci-q.json --vary job.nodes=64,128,256 --format csv
  noiselab sweep scenarios/example-asci-q.json --vary seed=1,2,3,4 --shard 2/4 > shard-2.json
  noiselab merge shard-*.json
  noiselab fwq scenarios/example-asci-q.json --samples 10000 --core 0

Exit status: 0 success, 2 bad input (one line per problem on stderr), 1 internal error.
`;

// JSON number syntax (no hex, no Infinity, no blanks): what a user means by a number.
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

interface NumberRule {
  integer?: boolean;
  min: number;
  max: number;
  minExclusive?: boolean;
  /** what is allowed, when the range alone would not say it well */
  allowed?: string;
}

function ruleText(r: NumberRule): string {
  if (r.allowed) return r.allowed;
  const kind = r.integer ? 'an integer' : 'a number';
  return r.minExclusive ? `${kind} > ${r.min} and ≤ ${r.max}` : `${kind} ${r.min}..${r.max}`;
}

/** The number in `text` when it satisfies `rule`, else a problem line naming the option. */
export function parseNumberOption(name: string, text: string, rule: NumberRule): number {
  const allowed = `allowed: ${ruleText(rule)}`;
  if (!NUMBER.test(text)) {
    throw new CliError(`--${name}: ${JSON.stringify(text)} is not a number; ${allowed}`);
  }
  const n = Number(text);
  if (rule.integer && !Number.isInteger(n)) {
    throw new CliError(`--${name}: ${text} is not an integer; ${allowed}`);
  }
  const low = rule.minExclusive ? n <= rule.min : n < rule.min;
  if (low || n > rule.max || !Number.isFinite(n)) {
    throw new CliError(`--${name}: ${text} is out of range; ${allowed}`);
  }
  return n;
}

/**
 * --precision: a share of the mean, as a percentage (0.5%) or a fraction (0.005), above 0 and
 * below 1 (100 %).
 */
export function parsePrecision(text: string): number {
  const allowed = 'allowed: a share of the mean above 0 and below 100%, e.g. 0.5% or 0.005';
  const percent = text.endsWith('%');
  const digits = percent ? text.slice(0, -1) : text;
  if (!NUMBER.test(digits)) {
    throw new CliError(`--precision: ${JSON.stringify(text)} is not a number; ${allowed}`);
  }
  const value = Number(digits) / (percent ? 100 : 1);
  if (!(value > 0 && value < 1)) {
    // "--precision 1" meant 1 % more often than 100 %: a bare number is a fraction
    const meant = !percent && value >= 1 && value < 100 ? ` (did you mean ${text}%?)` : '';
    throw new CliError(`--precision: ${text} is out of range${meant}; ${allowed}`);
  }
  return value;
}

/**
 * Splits the values of a --vary at the commas that are outside JSON brackets and strings, so
 * `[0],[0,1]` is two values and `"a,b",c` too. Throws when brackets or quotes do not balance.
 */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '[' || ch === '{') {
      depth++;
    } else if (ch === ']' || ch === '}') {
      if (--depth < 0) break;
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || inString) {
    throw new Error('brackets or quotes do not balance; write such a value as JSON, e.g. "a,b"');
  }
  parts.push(text.slice(start));
  return parts;
}

/** A value of --set/--vary: JSON when it parses (64, false, [0,1]), else the bare text. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `path=v1,v2,...` → a Vary; throws an Error whose message names the problem. */
export function parseVary(text: string): Vary {
  const eq = text.indexOf('=');
  if (eq < 0)
    throw new Error(`${JSON.stringify(text)}: expected path=v1,v2,..., e.g. job.nodes=64,128`);
  const path = text.slice(0, eq).trim();
  if (path === '') throw new Error(`${JSON.stringify(text)}: the path before "=" is empty`);
  parsePath(path);
  const parts = splitTopLevel(text.slice(eq + 1)).map((p) => p.trim());
  const empty = parts.findIndex((p) => p === '');
  if (empty >= 0) {
    throw new Error(
      parts.length === 1
        ? `${path}: no values after "="; expected e.g. ${path}=1,2`
        : `${path}: value ${empty + 1} of ${parts.length} is empty`,
    );
  }
  return { path, values: parts.map(parseValue) };
}

/** Parses argv (without node and the script). Throws a CliError listing every problem. */
export function parseArgs(argv: string[]): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    return { command: 'help' };
  }
  if (!(COMMANDS as string[]).includes(first)) {
    const hint = first.startsWith('-')
      ? 'a command comes first'
      : `commands: ${COMMANDS.join(', ')}, help`;
    throw new CliError(`unknown command ${JSON.stringify(first)}; ${hint}`);
  }
  const command = first as CommandName;
  const problems: string[] = [];
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const flags = new Set<string>();
  let unknownSeen = false;
  let optionsEnded = false;

  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (optionsEnded || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      optionsEnded = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') return { command: 'help' };
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? arg.slice(2, eq < 0 ? undefined : eq) : '';
    const kind = optionKind(command, name);
    if (kind === undefined) {
      unknownSeen = true;
      const owners = COMMANDS.filter((c) => optionKind(c, name) !== undefined);
      const shown = eq < 0 ? arg : arg.slice(0, eq);
      problems.push(
        owners.length > 0
          ? `${shown} is not an option of ${command} (it is one of ${owners.join(', ')})`
          : `unknown option ${shown} for ${command}; see noiselab help`,
      );
      continue;
    }
    if (kind === 'flag') {
      if (eq >= 0) problems.push(`--${name} takes no value`);
      else flags.add(name);
      continue;
    }
    let value: string;
    if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else if (i + 1 < rest.length && !rest[i + 1].startsWith('--')) {
      value = rest[++i];
    } else {
      problems.push(`--${name} needs a value`);
      continue;
    }
    if (kind === 'list') {
      lists.set(name, [...(lists.get(name) ?? []), value]);
    } else if (values.has(name)) {
      problems.push(`--${name} is given more than once`);
    } else {
      values.set(name, value);
    }
  }

  if (command === 'merge') {
    if (positionals.length === 0) {
      problems.push('merge needs the shards’ files: noiselab merge <shard files...>');
    }
  } else if (positionals.length === 0) {
    problems.push(`${command} needs a scenario file: noiselab ${command} <scenario.json>`);
  } else if (positionals.length > 1 && !unknownSeen) {
    // After an unknown option its value would show up here too: one message is enough.
    for (const extra of positionals.slice(1)) {
      problems.push(
        `unexpected argument ${JSON.stringify(extra)}; ${command} reads one scenario file`,
      );
    }
  }

  // Each conversion reports its own problem, prefixed with the option, and the rest are still
  // checked.
  const attempt = <T>(prefix: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      problems.push(...(err instanceof CliError ? err.lines : [`${prefix}${messageOf(err)}`]));
      return undefined;
    }
  };
  const sets: Assignment[] = [];
  for (const text of lists.get('set') ?? []) {
    const a = attempt('--set: ', () => parseAssignment(text));
    if (a) sets.push({ ...a, text });
  }
  const varies: Vary[] = [];
  for (const text of lists.get('vary') ?? []) {
    const v = attempt('--vary: ', () => parseVary(text));
    if (!v) continue;
    if (varies.some((w) => w.path === v.path)) problems.push(`--vary: ${v.path} is varied twice`);
    else varies.push(v);
  }
  // A misspelt option (--very) was probably meant as the --vary: it has been reported.
  if (command === 'sweep' && !lists.has('vary') && !unknownSeen) {
    problems.push(
      'sweep needs at least one --vary <path>=<v1>,<v2>,..., e.g. --vary job.nodes=64,128',
    );
  }
  const number = (name: string, rule: NumberRule): number | undefined => {
    const text = values.get(name);
    return text === undefined ? undefined : attempt('', () => parseNumberOption(name, text, rule));
  };
  // Named as the flag whether it is not a number or out of range (the validator would name the
  // file's field, "seed", which the user did not write).
  let seed: number | undefined;
  const seedText = values.get('seed');
  if (seedText !== undefined) {
    const allowed = `allowed: an integer 0..${SEED_LIMIT - 1}`;
    const n = Number(seedText);
    if (!NUMBER.test(seedText)) {
      problems.push(`--seed: ${JSON.stringify(seedText)} is not a number; ${allowed}`);
    } else if (!Number.isInteger(n)) {
      problems.push(`--seed: ${seedText} is not an integer; ${allowed}`);
    } else if (n < 0 || n >= SEED_LIMIT) {
      problems.push(`--seed: ${seedText} is out of range; ${allowed}`);
    } else seed = n;
  }
  const formatText = values.get('format') ?? 'json';
  if (formatText !== 'json' && formatText !== 'csv') {
    problems.push(`--format: ${JSON.stringify(formatText)} is not a format; allowed: json, csv`);
  }
  const threads = number('threads', { integer: true, min: 1, max: MAX_THREADS });
  const precisionText = values.get('precision');
  const precision =
    precisionText === undefined ? undefined : attempt('', () => parsePrecision(precisionText));
  const shardText = values.get('shard');
  const shard = shardText === undefined ? undefined : attempt('', () => parseShard(shardText));
  const samples = number('samples', { integer: true, min: 1, max: FWQ_MAX_SAMPLES });
  const runs = number('runs', { integer: true, min: 2, max: MAX_RUNS });
  if (command === 'repeat' && !values.has('runs')) {
    problems.push(`repeat needs --runs N (2..${MAX_RUNS}), e.g. --runs 30`);
  }
  const workUs = number('work-us', { min: 0, minExclusive: true, max: MAX_TIME_US });
  // Their upper bounds depend on the scenario: fwq checks them once it is read.
  const index = (allowed: string) => ({ integer: true, min: 0, max: 2 ** 31 - 1, allowed });
  const core = number('core', index('a core index, an integer ≥ 0'));
  const node = number('node', index('a machine node id, an integer ≥ 0'));

  if (problems.length > 0) throw new CliError(problems);
  return {
    command,
    file: positionals[0],
    files: command === 'merge' ? positionals : [],
    sets,
    seed,
    detail: flags.has('detail'),
    exact: flags.has('exact'),
    varies,
    format: formatText as 'json' | 'csv',
    shard,
    timings: flags.has('timings'),
    precision,
    threads,
    runs,
    samples: samples ?? FWQ_DEFAULT_SAMPLES,
    workUs: workUs ?? FWQ_DEFAULT_WORK_US,
    core,
    node,
    samplesOut: flags.has('samples-out'),
  };
}
