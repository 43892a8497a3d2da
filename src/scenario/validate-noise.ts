// Validation of the noise sources (scenario-format.md `noise[]`, semantics in model.md §2):
// ids, timing (period, arrival, phase), duration distributions, placements and pinned cores,
// and (format 2, docs/scenario-format-2.md) where each value comes from: the provenance.

import {
  clusterWhy,
  type Checker,
  complete,
  type Draft,
  join,
  type MachineFacts,
  maybeArray,
  maybeBoolean,
  maybeEnum,
  maybeIndexList,
  maybeNumber,
  maybeRecord,
  maybeString,
  maybeTag,
} from './check.ts';
import {
  DURATION_SPEC,
  type EnumSpec,
  field,
  type Fields,
  fieldsOf,
  PLACEMENT_SPEC,
  PROVENANCE_ENTRY_SPEC,
  SCENARIO_SPEC,
  SOURCE_SPEC,
} from './spec.ts';
import {
  type Duration,
  type DurationDist,
  type NoiseSource,
  type Placement,
  type PlacementKind,
  type Provenance,
  PROVENANCE_FIELDS,
  type ProvenanceEntry,
} from './types.ts';

const SOURCE = SOURCE_SPEC.fields;
const ENTRY = PROVENANCE_ENTRY_SPEC.fields;
const DISTS = Object.keys(DURATION_SPEC.variants) as DurationDist[];
const PLACEMENTS = Object.keys(PLACEMENT_SPEC.variants) as PlacementKind[];
const FITTED_TO = 'the published result the value was fitted to, a non-empty string';
const ID_PATTERN = new RegExp(field(SOURCE, 'id', 'string').pattern!);
const num = (fields: Fields, key: string) => field(fields, key, 'number');
const str = (fields: Fields, key: string) => field(fields, key, 'string');
const oneOf = <T extends string>(fields: Fields, key: string) =>
  field(fields, key, 'enum') as EnumSpec<T>;

export function maybeNoise(c: Checker, value: unknown, m: MachineFacts): NoiseSource[] | undefined {
  const list = maybeArray(c, 'noise', value, field(SCENARIO_SPEC.fields, 'noise', 'list'));
  if (list === undefined) return undefined;
  const before = c.issues.length;
  const ids = new Map<string, number>();
  const sources = list.map((v, i) => maybeSource(c, join('noise', i), v, m, ids, i));
  if (c.issues.length === before) checkGroups(c, sources as NoiseSource[]);
  return c.issues.length === before ? (sources as NoiseSource[]) : undefined;
}

function maybeSource(
  c: Checker,
  path: string,
  value: unknown,
  m: MachineFacts,
  ids: Map<string, number>,
  index: number,
): NoiseSource | undefined {
  const rec = maybeRecord(c, path, value, fieldsOf(SOURCE_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join(path, key);
  const id = maybeId(c, at('id'), rec.id, ids, index);
  const periodUs = maybeNumber(c, at('periodUs'), rec.periodUs, num(SOURCE, 'periodUs'));
  const arrivals = oneOf<NoiseSource['arrival']>(SOURCE, 'arrival');
  const arrival = maybeEnum(
    c,
    at('arrival'),
    rec.arrival,
    arrivals.values,
    arrivals.noun,
    arrivals,
  );
  const phase = maybePhase(c, at('phase'), rec.phase, arrival);
  return complete<NoiseSource>(c, before, {
    id,
    label: maybeString(c, at('label'), rec.label, { ...str(SOURCE, 'label'), default: id }),
    category: maybeString(c, at('category'), rec.category, str(SOURCE, 'category')),
    enabled: maybeBoolean(c, at('enabled'), rec.enabled, field(SOURCE, 'enabled', 'boolean')),
    periodUs,
    arrival,
    phase,
    phaseOffsetUs: maybePhaseOffset(
      c,
      at('phaseOffsetUs'),
      rec.phaseOffsetUs,
      phase,
      periodUs,
      rec.group !== undefined,
    ),
    // docs/noise-timing.md: left out of the result when left out of the file (model.md §2)
    ...(rec.phaseWindowUs === undefined
      ? {}
      : {
          phaseWindowUs: maybeWindow(
            c,
            at('phaseWindowUs'),
            rec.phaseWindowUs,
            arrival,
            phase,
            periodUs,
          ),
        }),
    ...(rec.group === undefined
      ? {}
      : { group: maybeGroup(c, at('group'), rec.group, arrival, phase) }),
    ...(rec.runProbability === undefined
      ? {}
      : {
          runProbability: maybeNumber(
            c,
            at('runProbability'),
            rec.runProbability,
            num(SOURCE, 'runProbability'),
          ),
        }),
    ...(rec.eventProbability === undefined
      ? {}
      : {
          eventProbability: maybeEventProbability(
            c,
            at('eventProbability'),
            rec.eventProbability,
            arrival,
            rec.group !== undefined,
          ),
        }),
    duration: maybeDuration(c, at('duration'), rec.duration),
    placement: maybePlacement(c, at('placement'), rec.placement, m),
    cpu: maybeCpu(c, at('cpu'), rec.cpu, m.coresPerNode),
    provenance: maybeProvenance(c, at('provenance'), rec.provenance),
  });
}

function maybeId(c: Checker, path: string, value: unknown, ids: Map<string, number>, i: number) {
  const id = maybeString(c, path, value, str(SOURCE, 'id'));
  if (id === undefined) return undefined;
  const first = ids.get(id);
  if (!ID_PATTERN.test(id)) {
    c.add(path, id, 'does not match [a-z0-9-]+ (lowercase letters, digits and hyphens)');
  } else if (first !== undefined) {
    c.add(path, id, `is a duplicate of noise[${first}].id; ids must be unique`);
  } else {
    ids.set(id, i);
    return id;
  }
  return undefined;
}

function maybePhase(c: Checker, path: string, value: unknown, arrival: string | undefined) {
  const phases = oneOf<NoiseSource['phase']>(SOURCE, 'phase');
  const phase = maybeEnum(c, path, value, phases.values, phases.noun, phases);
  // model.md §2: a Poisson process has no phase to align.
  if (phase === 'aligned' && arrival === 'poisson') {
    c.add(path, phase, 'cannot be used with arrival "poisson"; allowed: random');
    return undefined;
  }
  return phase;
}

/** A phase window (docs/noise-timing.md): 0 ≤ W ≤ periodUs, for a periodic, random source. */
function maybeWindow(
  c: Checker,
  path: string,
  value: unknown,
  arrival: string | undefined,
  phase: string | undefined,
  periodUs: number | undefined,
): number | undefined {
  const w = maybeNumber(c, path, value, num(SOURCE, 'phaseWindowUs'));
  if (w === undefined) return undefined;
  if (arrival === 'poisson') {
    c.add(path, w, 'cannot be used with arrival "poisson" (it has no phase to window); remove it');
  } else if (phase === 'aligned') {
    c.add(path, w, 'cannot be used with phase "aligned"; remove it or set phase "random"');
  } else if (periodUs !== undefined && w > periodUs) {
    c.add(path, w, `is larger than periodUs ${periodUs}; allowed: 0..${periodUs}`);
  } else return w;
  return undefined;
}

/**
 * A period's chance of an event (docs/noise-timing.md): 0..1, for a periodic source outside a
 * group (a group's parts would need one draw per activity, and a part's period index is not
 * its activity's on every node).
 */
function maybeEventProbability(
  c: Checker,
  path: string,
  value: unknown,
  arrival: string | undefined,
  grouped: boolean,
): number | undefined {
  const q = maybeNumber(c, path, value, num(SOURCE, 'eventProbability'));
  if (q === undefined) return undefined;
  if (arrival === 'poisson') {
    c.add(
      path,
      q,
      'cannot be used with arrival "poisson" (it has no periods; a Poisson source thinned by q ' +
        'is one of period periodUs / q); remove it',
    );
  } else if (grouped) {
    c.add(path, q, 'cannot be used in a group; remove it or the group');
  } else return q;
  return undefined;
}

/** A group id (docs/noise-timing.md), for a periodic source of random phase. */
function maybeGroup(
  c: Checker,
  path: string,
  value: unknown,
  arrival: string | undefined,
  phase: string | undefined,
): string | undefined {
  const group = maybeString(c, path, value, str(SOURCE, 'group'));
  if (group === undefined) return undefined;
  if (!ID_PATTERN.test(group)) {
    c.add(path, group, 'does not match [a-z0-9-]+ (lowercase letters, digits and hyphens)');
  } else if (arrival === 'poisson') {
    c.add(
      path,
      group,
      'cannot be used with arrival "poisson" (its parts could not start together)',
    );
  } else if (phase === 'aligned') {
    c.add(path, group, 'cannot be used with phase "aligned"; set phase "random"');
  } else return group;
  return undefined;
}

/**
 * The sources of one group share what makes them start together (docs/noise-timing.md): each
 * one that differs from the group's first is refused, naming the field.
 */
function checkGroups(c: Checker, sources: NoiseSource[]): void {
  const first = new Map<string, number>();
  sources.forEach((s, i) => {
    if (s.group === undefined) return;
    const k = first.get(s.group);
    if (k === undefined) {
      first.set(s.group, i);
      return;
    }
    const a = sources[k];
    const differs: string[] = [];
    if (a.periodUs !== s.periodUs) differs.push(`periodUs (${s.periodUs} against ${a.periodUs})`);
    if ((a.phaseWindowUs ?? null) !== (s.phaseWindowUs ?? null)) differs.push('phaseWindowUs');
    if ((a.runProbability ?? 1) !== (s.runProbability ?? 1)) differs.push('runProbability');
    if (JSON.stringify(a.placement) !== JSON.stringify(s.placement)) differs.push('placement');
    if (differs.length === 0) return;
    c.add(
      `noise[${i}].group`,
      s.group,
      `joins noise[${k}] in group "${s.group}" but differs in ${differs.join(', ')}; the ` +
        'sources of a group must share periodUs, phaseWindowUs, runProbability and placement',
    );
  });
}

function maybePhaseOffset(
  c: Checker,
  path: string,
  value: unknown,
  phase: string | undefined,
  periodUs: number | undefined,
  grouped: boolean,
): number | undefined {
  const offset = maybeNumber(c, path, value, num(SOURCE, 'phaseOffsetUs'));
  if (offset === undefined || offset === 0) return offset;
  // A random phase draws φ(x) itself: outside a group an offset would be silently ignored, so
  // it is refused; in a group it delays the part after the group's start (docs/noise-timing.md).
  if (phase === 'random' && !grouped) {
    c.add(
      path,
      offset,
      'would be ignored with phase "random" outside a group; remove it, set phase "aligned", ' +
        'or put the source in a group (where it delays this part after the group’s start)',
    );
    return undefined;
  }
  if (periodUs !== undefined && offset >= periodUs) {
    const allowed = `≥ 0 and < ${periodUs}`;
    c.add(path, offset, `is not less than periodUs ${periodUs}; allowed: ${allowed}`);
    return undefined;
  }
  return offset;
}

function maybeDuration(c: Checker, path: string, value: unknown): Duration | undefined {
  const { tag, noun, variants } = DURATION_SPEC;
  const dist = maybeTag(c, path, value, tag, DISTS, noun);
  if (dist === undefined) return undefined;
  const fields = variants[dist];
  const rec = maybeRecord(c, path, value, [tag, ...Object.keys(fields)], ` for dist "${dist}"`);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const read = (key: string) => maybeNumber(c, join(path, key), rec[key], num(fields, key));
  let d: Draft<Duration>;
  switch (dist) {
    case 'fixed':
      d = { dist, valueUs: read('valueUs') };
      break;
    case 'uniform':
      d = { dist, minUs: read('minUs'), maxUs: read('maxUs') };
      if (d.minUs !== undefined && d.maxUs !== undefined && d.minUs > d.maxUs) {
        c.add(join(path, 'minUs'), d.minUs, `is larger than maxUs ${d.maxUs}`);
      }
      break;
    case 'exponential':
      d = { dist, meanUs: read('meanUs') };
      break;
    case 'normal':
      d = { dist, meanUs: read('meanUs'), sdUs: read('sdUs') };
      break;
    case 'lognormal':
      d = { dist, medianUs: read('medianUs'), sigma: read('sigma') };
      break;
    case 'pareto':
      d = {
        dist,
        scaleUs: read('scaleUs'),
        shape: read('shape'),
      };
      break;
  }
  return complete<Duration>(c, before, d as Draft<Duration>);
}

/** A placement (a noise source's, or machine.slowNodes'): node ids below m.nodes, offsets below
 * m.clusterSize. */
export function maybePlacement(c: Checker, path: string, value: unknown, m: MachineFacts) {
  const { tag, noun, variants } = PLACEMENT_SPEC;
  const kind = maybeTag(c, path, value, tag, PLACEMENTS, noun);
  if (kind === undefined) return undefined;
  const fields = variants[kind];
  const allowed = [tag, ...Object.keys(fields)];
  const rec = maybeRecord(c, path, value, allowed, ` for kind "${kind}"`);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  let p: Draft<Placement>;
  switch (kind) {
    case 'all':
      p = { kind };
      break;
    case 'clusterOffsets':
      p = {
        kind,
        offsets: maybeIndexList(c, join(path, 'offsets'), rec.offsets, {
          ...field(fields, 'offsets', 'indexList'),
          below: m.clusterSize,
          why: clusterWhy(m),
        }),
      };
      break;
    case 'nodes':
      p = {
        kind,
        ids: maybeIndexList(c, join(path, 'ids'), rec.ids, {
          ...field(fields, 'ids', 'indexList'),
          below: m.nodes,
          why: `the machine has ${m.nodes} nodes`,
        }),
      };
      break;
    case 'fraction':
      p = { kind, p: maybeNumber(c, join(path, 'p'), rec.p, num(fields, 'p')) };
      break;
  }
  return complete<Placement>(c, before, p as Draft<Placement>);
}

function maybeCpu(c: Checker, path: string, value: unknown, cores: number | undefined) {
  if (value === undefined || value === 'any') return 'any';
  const allowed = `allowed: "any" or a core index${cores === undefined ? '' : ` 0..${cores - 1}`}`;
  if (typeof value !== 'number') c.add(path, value, `is not "any" or a core index; ${allowed}`);
  else if (!Number.isInteger(value)) c.add(path, value, `is not an integer; ${allowed}`);
  else if (value < 0 || (cores !== undefined && value >= cores)) {
    const why = cores === undefined ? '' : ` (a node has ${cores} cores)`;
    c.add(path, value, `is not a core of this machine${why}; ${allowed}`);
  } else return value === 0 ? 0 : value;
  return undefined;
}

/**
 * Per field of the source, where its value comes from (format 2; default {}). The entries come
 * out in the order of PROVENANCE_FIELDS, whatever the order of the file.
 */
function maybeProvenance(c: Checker, path: string, value: unknown): Provenance | undefined {
  if (value === undefined) return {};
  const rec = maybeRecord(c, path, value, field(SOURCE, 'provenance', 'map').keys);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const out: Provenance = {};
  for (const key of PROVENANCE_FIELDS) {
    if (rec[key] === undefined) continue;
    const entry = maybeEntry(c, join(path, key), rec[key]);
    if (entry) out[key] = entry;
  }
  return c.issues.length === before ? out : undefined;
}

function maybeEntry(c: Checker, path: string, value: unknown): ProvenanceEntry | undefined {
  const rec = maybeRecord(c, path, value, fieldsOf(PROVENANCE_ENTRY_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const text = (key: string) => maybeString(c, join(path, key), rec[key], str(ENTRY, key));
  const bases = oneOf<ProvenanceEntry['basis']>(ENTRY, 'basis');
  const basis = maybeEnum(c, join(path, 'basis'), rec.basis, bases.values, bases.noun);
  const cite = text('cite');
  let against = text('against');
  // A calibrated value is only as good as the result it was fitted to; a published one was
  // fitted to nothing, and an `against` there would claim otherwise.
  if (basis === 'calibrated' && against === '') {
    const at = join(path, 'against');
    const why = `required when basis is "calibrated" (${FITTED_TO})`;
    if (rec.against === undefined) c.add(at, undefined, `missing; ${why}`);
    else c.add(at, against, `is empty; ${why}`);
    against = undefined;
  } else if (basis === 'published' && against !== undefined && against !== '') {
    const allowed = 'allowed: "" or leave it out (or set basis "calibrated")';
    c.add(join(path, 'against'), against, `is only for basis "calibrated"; ${allowed}`);
    against = undefined;
  }
  return complete<ProvenanceEntry>(c, before, {
    basis,
    cite,
    against,
    note: text('note'),
  });
}
