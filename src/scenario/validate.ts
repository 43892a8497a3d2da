// The strict scenario validator (normative: shared/docs/scenario-format.md, format 1, and
// docs/scenario-format-2.md, what format 2 adds). It reports every problem at once, each with
// its JSON path, the value and what is allowed, and returns a fresh, defaults-filled Scenario of
// the current format that shares nothing with its input. Older files are migrated first
// (migrate.ts); a format-1 file migrates by its version alone.
//
// Required and defaulted fields (where the format is silent, as decided here):
// - required: format, version, title (non-empty), seed, machine, job, workload, noise (may be
//   empty); machine.nodes, coresPerNode, collective {kind, baseUs, perLevelUs}; job.nodes,
//   ranksPerNode; workload.kind, iterations and the kind's sizes (barrier and allreduce:
//   granularityUs; mpi-fwq: workUs; sage: computeUsPerCycle, allreducesPerCycle; pop:
//   baroclinicUs, barotropicIterations, barotropicUs); noise[].id, periodUs, duration (with
//   every parameter of its dist), placement (with the fields of its kind); in a provenance
//   entry: basis, cite, and against when the basis is "calibrated".
// - defaulted: description "", references [], machine.name "", machine.clusterSize = nodes,
//   machine.tree {fanout 2, hopUs 5} (each field on its own); job.reservedCores [],
//   excludeOffsets [], waitMode "poll", wakeupUs 0; workload.warmup 0, hopUs null (the tree
//   kinds: use machine.tree.hopUs), cellsPerPE 13500 (sage); noise[].label = id, category
//   "other", enabled true, arrival "periodic", phase "random", phaseOffsetUs 0, cpu "any",
//   provenance {}; in a provenance entry, against "" and note "".
// - phaseOffsetUs 0 is accepted with phase "random" (it is the default, and the app writes
//   defaults-filled scenarios back out); any other offset with a random phase is refused.
// - workload.hopUs null is accepted (it is the default, written back out as null).
// - a top-level `$schema` string (the JSON Schema an editor reads, schema.ts) is accepted and left
//   out of the result.
// The fields, ranges and defaults themselves are read from spec.ts, which schema.ts also reads.

import {
  Checker,
  complete,
  isRecord,
  join,
  maybeArray,
  maybeEnum,
  maybeNumber,
  maybeRecord,
  maybeString,
  type Rec,
  ROOT,
} from './check.ts';
import {
  coreLoads,
  estimateEventsBySource,
  estimateNoiseEvents,
  estimatePhaseIterations,
  estimateRankIterations,
  rankCores,
} from './cost.ts';
import { countText as count, ScenarioError } from './errors.ts';
import {
  MAX_DEPTH,
  MAX_NOISE_EVENTS,
  MAX_PHASE_ITERATIONS,
  MAX_WAVEFRONT_SLOTS,
  MAX_RANK_ITERATIONS,
  MAX_TEXT_LENGTH,
} from './limits.ts';
import { migrateToCurrent } from './migrate.ts';
import { field, fieldsOf, SCENARIO_SPEC, type StringSpec } from './spec.ts';
import { SCENARIO_FORMAT, SCENARIO_VERSION, type Scenario, type Workload } from './types.ts';
import { maybeJob, maybeMachine, maybeWorkload } from './validate-machine.ts';
import { maybeNoise } from './validate-noise.ts';

const TOP = SCENARIO_SPEC.fields;

function refuse(path: string, value: unknown, message: string): never {
  throw new ScenarioError([{ path, value, message }]);
}

/** Parses and validates the text of a scenario file. */
export function parseScenarioText(text: string): Scenario {
  if (typeof text !== 'string') refuse(ROOT, text, 'is not text');
  if (text.length > MAX_TEXT_LENGTH) {
    const size = `${count(text.length)} characters`;
    const limit = `${count(MAX_TEXT_LENGTH)} characters`;
    refuse(ROOT, undefined, `the text is ${size} long; allowed: at most ${limit}`);
  }
  // Editors on Windows may save a byte-order mark, which JSON.parse refuses.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (e) {
    refuse(ROOT, undefined, `is not valid JSON: ${(e as Error).message}`);
  }
  return validateScenario(parsed);
}

/** Validates a parsed scenario; throws a ScenarioError listing every problem. */
export function validateScenario(input: unknown): Scenario {
  const deep = tooDeep(input, 1);
  if (deep) {
    const path = deep.reduce<string>((p, k) => join(p, k), ROOT);
    refuse(path, undefined, `nests deeper than ${MAX_DEPTH} levels; allowed: at most ${MAX_DEPTH}`);
  }
  if (!isRecord(input)) refuse(ROOT, input, 'is not an object');
  const c = new Checker();
  const format = field(TOP, 'format', 'enum');
  maybeEnum(c, 'format', own(input, 'format'), format.values, format.noun);
  let migrated: Rec;
  try {
    migrated = migrateToCurrent(input);
  } catch (e) {
    // Without a usable version the fields cannot be read: report what is known and stop.
    if (e instanceof ScenarioError) throw new ScenarioError([...c.issues, ...e.issues]);
    throw e;
  }
  const rec = maybeRecord(c, ROOT, migrated, fieldsOf(SCENARIO_SPEC)) as Rec;
  // Checked in the order of the format, so the messages read top to bottom like the file. The
  // `$schema` an editor reads is checked and left out of the result: it is not the scenario's.
  maybeString(c, '$schema', rec.$schema, field(TOP, '$schema', 'string'));
  const title = maybeString(c, 'title', rec.title, field(TOP, 'title', 'string'));
  const description = maybeString(
    c,
    'description',
    rec.description,
    field(TOP, 'description', 'string'),
  );
  const references = maybeReferences(c, rec.references);
  const seed = maybeNumber(c, 'seed', rec.seed, field(TOP, 'seed', 'number'));
  const { machine, facts } = maybeMachine(c, rec.machine);
  const job = maybeJob(c, rec.job, facts);
  const workload = maybeWorkload(c, rec.workload);
  const noise = maybeNoise(c, rec.noise, facts);
  const scenario = complete<Scenario>(c, 0, {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    title,
    description,
    references,
    seed,
    machine,
    job,
    workload,
    noise,
  });
  if (scenario === undefined) throw new ScenarioError(c.issues);
  checkCost(c, scenario);
  if (c.issues.length > 0) throw new ScenarioError(c.issues);
  return scenario;
}

function own(rec: Rec, key: string): unknown {
  return Object.hasOwn(rec, key) ? rec[key] : undefined;
}

/**
 * The keys down to the first value nested deeper than MAX_DEPTH, or undefined. Walked before
 * anything else reads the value; a circular object from JavaScript counts as too deep.
 */
function tooDeep(value: unknown, depth: number): (string | number)[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return [];
  const keys: (string | number)[] = Array.isArray(value)
    ? Array.from(value.keys())
    : Object.keys(value);
  for (const key of keys) {
    const below = tooDeep((value as Record<string | number, unknown>)[key], depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

function maybeReferences(c: Checker, value: unknown): string[] | undefined {
  const spec = field(TOP, 'references', 'list');
  const list = maybeArray(c, 'references', value, spec);
  if (list === undefined) return undefined;
  const before = c.issues.length;
  const item = spec.items as StringSpec;
  const refs = list.map((v, i) => maybeString(c, `references[${i}]`, v, item));
  return c.issues.length === before ? (refs as string[]) : undefined;
}

/** Refuses runs too large to finish in reasonable time (limits.ts, cost.ts). */
function checkCost(c: Checker, s: Scenario): void {
  const phases = phasesPerIteration(s.workload);
  const phaseIterations = estimatePhaseIterations(s);
  if (phaseIterations > MAX_PHASE_ITERATIONS) {
    const { iterations } = s.workload;
    const product = `${count(iterations)} × ${count(phaseIterations / iterations)}`;
    c.add(
      'workload',
      undefined,
      `this run would step through about ${sci(phaseIterations)} phases ` +
        `(iterations × ${phases.formula} = ${product}); ` +
        `allowed: at most ${sci(MAX_PHASE_ITERATIONS)}. Use fewer iterations` +
        (phases.field === '' ? '' : ` or ${phases.field}`),
      'length',
    );
  }
  if (s.workload.kind === 'wavefront') {
    const slots = 2 * s.workload.stages * s.job.nodes * s.job.ranksPerNode;
    if (slots > MAX_WAVEFRONT_SLOTS) {
      c.add(
        'workload.stages',
        s.workload.stages,
        `with ${s.job.nodes * s.job.ranksPerNode} ranks needs ${sci(slots)} stage slots ` +
          `(2 × stages × ranks: a rank may receive a whole sweep's messages early); ` +
          `allowed: at most ${sci(MAX_WAVEFRONT_SLOTS)}. Use fewer stages or ranks`,
      );
    }
  }
  const rankIterations = estimateRankIterations(s);
  if (rankIterations > MAX_RANK_ITERATIONS) {
    const [what, formula, fewer] = phases.field
      ? [
          'rank-phases',
          `job.nodes × ranksPerNode × ${phases.formula} × iterations`,
          `iterations, ${phases.field}, job nodes or ranks per node`,
        ]
      : [
          'rank-iterations',
          'job.nodes × ranksPerNode × iterations',
          'iterations, job nodes or ranks per node',
        ];
    c.add(
      ROOT,
      undefined,
      `this run would step through about ${sci(rankIterations)} ${what} (${formula}); ` +
        `allowed: at most ${sci(MAX_RANK_ITERATIONS)}. Use fewer ${fewer}`,
      'length',
    );
  }
  // A tail without a finite mean, where it can pause or freeze a rank: a wait could grow without
  // bound (one draw of 10^12 µs holds every other node's events for as long), and no estimate
  // bounds the run.
  const ranked = new Set(rankCores(s));
  let unbounded = false;
  s.noise.forEach((source, i) => {
    const d = source.duration;
    if (!source.enabled || d.dist !== 'pareto' || d.shape > 1) return;
    if (source.cpu !== 'any' && !ranked.has(source.cpu)) return;
    unbounded = true;
    c.add(
      `noise[${i}].duration.shape`,
      d.shape,
      'gives events without a finite mean duration (a Pareto tail of shape ≤ 1): one event ' +
        'could hold the whole job for any length of time, so the run has no bound; allowed: ' +
        '> 1 for a source that can delay a rank (cpu "any" or a rank\'s core), or pin it to ' +
        'a reserved core',
    );
  });
  if (unbounded) return;
  // A core that noise keeps busy all the time would never let its rank
  // finish its compute: the run would not end.
  const loads = coreLoads(s);
  let worst = -1;
  for (const core of rankCores(s)) if (worst < 0 || loads[core] > loads[worst]) worst = core;
  if (worst >= 0 && loads[worst] >= 1) {
    c.add(
      'noise',
      undefined,
      `the enabled noise would keep core ${worst} busy ${Math.round(loads[worst] * 100)}% ` +
        'of the time (Σ mean duration / period, cpu "any" sources shared by all cores), so ' +
        'a rank there would never finish; allowed: a load below 100%. Shorten durations, ' +
        'lengthen periods or disable a source',
    );
    return;
  }
  const events = estimateNoiseEvents(s);
  if (events <= MAX_NOISE_EVENTS) return;
  // The fields that make the count: the job's size and length, and the source that gives the
  // most events (a period typed in ms where µs are meant is the usual cause).
  const bySource = estimateEventsBySource(s);
  const top = bySource.indexOf(Math.max(...bySource));
  const source = s.noise[top];
  c.add(
    ROOT,
    undefined,
    `this run would simulate about ${sci(events)} noise events on job nodes ` +
      `(job.nodes ${count(s.job.nodes)}, workload.iterations ${count(s.workload.iterations)}; ` +
      `${Math.round((100 * bySource[top]) / events)}% of them from noise[${top}] ` +
      `"${source.label}", periodUs ${count(source.periodUs)}); ` +
      `allowed: at most ${sci(MAX_NOISE_EVENTS)}. ` +
      `Use fewer iterations or job nodes, or lengthen noise[${top}].periodUs`,
    'length',
  );
}

/** The phases of one iteration, for messages: their count as a formula, and the field to lower. */
function phasesPerIteration(w: Workload): { formula: string; field: string } {
  switch (w.kind) {
    case 'sage':
      return { formula: 'allreducesPerCycle', field: 'allreducesPerCycle' };
    case 'pop':
      return {
        formula: '(barotropicIterations + 1)',
        field: 'barotropicIterations',
      };
    case 'wavefront':
      return { formula: '2 × stages', field: 'stages' };
    case 'halo':
      return w.barrierBefore === true
        ? { formula: '2 (a barrier, then the exchange)', field: '' }
        : { formula: '1', field: '' };
    default:
      return { formula: '1', field: '' };
  }
}

/** 3.1e10-style rounding for estimates: two significant digits are all they deserve. */
function sci(n: number): string {
  return n.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
}
