// Validation of the noise sources (scenario-format.md `noise[]`, semantics in model.md §2):
// ids, timing (period, arrival, phase), duration distributions, placements and pinned cores,
// and (format 2, docs/scenario-format-2.md) where each value comes from: the provenance.

import {
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
  type Range,
} from './check.ts';
import {
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NODES,
  MAX_NOISE_SOURCES,
  MAX_PLACEMENT_IDS,
  MAX_PROVENANCE_TEXT_LENGTH,
  MAX_TIME_US,
} from './limits.ts';
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

const SOURCE_FIELDS = [
  'id',
  'label',
  'category',
  'enabled',
  'periodUs',
  'arrival',
  'phase',
  'phaseOffsetUs',
  'duration',
  'placement',
  'cpu',
  'provenance',
] as const;

const ENTRY_FIELDS = ['basis', 'cite', 'against', 'note'];
const BASES = ['published', 'calibrated'] as const;
const FITTED_TO = 'the published result the value was fitted to, a non-empty string';

const DIST_FIELDS: Record<DurationDist, readonly string[]> = {
  fixed: ['valueUs'],
  uniform: ['minUs', 'maxUs'],
  exponential: ['meanUs'],
  normal: ['meanUs', 'sdUs'],
  lognormal: ['medianUs', 'sigma'],
  pareto: ['scaleUs', 'shape'],
};
const DISTS = Object.keys(DIST_FIELDS) as DurationDist[];

const PLACEMENT_FIELDS: Record<PlacementKind, readonly string[]> = {
  all: [],
  clusterOffsets: ['offsets'],
  nodes: ['ids'],
  fraction: ['p'],
};
const PLACEMENTS = Object.keys(PLACEMENT_FIELDS) as PlacementKind[];

const TIME: Range = { min: 0, max: MAX_TIME_US };
const POSITIVE_TIME: Range = { min: 0, minExclusive: true, max: MAX_TIME_US };
const ID_PATTERN = /^[a-z0-9-]+$/;

export function maybeNoise(c: Checker, value: unknown, m: MachineFacts): NoiseSource[] | undefined {
  const list = maybeArray(c, 'noise', value, { maxLength: MAX_NOISE_SOURCES });
  if (list === undefined) return undefined;
  const before = c.issues.length;
  const ids = new Map<string, number>();
  const sources = list.map((v, i) => maybeSource(c, join('noise', i), v, m, ids, i));
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
  const rec = maybeRecord(c, path, value, SOURCE_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join(path, key);
  const id = maybeId(c, at('id'), rec.id, ids, index);
  const periodUs = maybeNumber(c, at('periodUs'), rec.periodUs, POSITIVE_TIME);
  const arrival = maybeEnum(c, at('arrival'), rec.arrival, ['periodic', 'poisson'], 'an arrival', {
    default: 'periodic',
  });
  const phase = maybePhase(c, at('phase'), rec.phase, arrival);
  return complete<NoiseSource>(c, before, {
    id,
    label: maybeString(c, at('label'), rec.label, { maxLength: MAX_NAME_LENGTH, default: id }),
    category: maybeString(c, at('category'), rec.category, {
      maxLength: MAX_NAME_LENGTH,
      default: 'other',
    }),
    enabled: maybeBoolean(c, at('enabled'), rec.enabled, { default: true }),
    periodUs,
    arrival,
    phase,
    phaseOffsetUs: maybePhaseOffset(c, at('phaseOffsetUs'), rec.phaseOffsetUs, phase, periodUs),
    duration: maybeDuration(c, at('duration'), rec.duration),
    placement: maybePlacement(c, at('placement'), rec.placement, m),
    cpu: maybeCpu(c, at('cpu'), rec.cpu, m.coresPerNode),
    provenance: maybeProvenance(c, at('provenance'), rec.provenance),
  });
}

function maybeId(c: Checker, path: string, value: unknown, ids: Map<string, number>, i: number) {
  const id = maybeString(c, path, value, { minLength: 1, maxLength: MAX_ID_LENGTH });
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
  const phase = maybeEnum(c, path, value, ['random', 'aligned'], 'a phase', { default: 'random' });
  // model.md §2: a Poisson process has no phase to align.
  if (phase === 'aligned' && arrival === 'poisson') {
    c.add(path, phase, 'cannot be used with arrival "poisson"; allowed: random');
    return undefined;
  }
  return phase;
}

function maybePhaseOffset(
  c: Checker,
  path: string,
  value: unknown,
  phase: string | undefined,
  periodUs: number | undefined,
): number | undefined {
  const offset = maybeNumber(c, path, value, { ...TIME, default: 0 });
  if (offset === undefined || offset === 0) return offset;
  // A random phase draws φ(x) itself: an offset would be silently ignored, so refuse it.
  if (phase === 'random') {
    c.add(path, offset, 'would be ignored with phase "random"; remove it or set phase "aligned"');
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
  const dist = maybeTag(c, path, value, 'dist', DISTS, 'a duration distribution');
  if (dist === undefined) return undefined;
  const rec = maybeRecord(c, path, value, ['dist', ...DIST_FIELDS[dist]], ` for dist "${dist}"`);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const num = (key: string, range: Range = TIME) =>
    maybeNumber(c, join(path, key), rec[key], range);
  let d: Draft<Duration>;
  switch (dist) {
    case 'fixed':
      d = { dist, valueUs: num('valueUs') };
      break;
    case 'uniform':
      d = { dist, minUs: num('minUs'), maxUs: num('maxUs') };
      if (d.minUs !== undefined && d.maxUs !== undefined && d.minUs > d.maxUs) {
        c.add(join(path, 'minUs'), d.minUs, `is larger than maxUs ${d.maxUs}`);
      }
      break;
    case 'exponential':
      d = { dist, meanUs: num('meanUs') };
      break;
    case 'normal':
      d = { dist, meanUs: num('meanUs'), sdUs: num('sdUs') };
      break;
    case 'lognormal':
      d = { dist, medianUs: num('medianUs'), sigma: num('sigma', { min: 0 }) };
      break;
    case 'pareto':
      d = {
        dist,
        scaleUs: num('scaleUs', POSITIVE_TIME),
        shape: num('shape', { min: 0, minExclusive: true }),
      };
      break;
  }
  return complete<Duration>(c, before, d as Draft<Duration>);
}

function maybePlacement(c: Checker, path: string, value: unknown, m: MachineFacts) {
  const kind = maybeTag(c, path, value, 'kind', PLACEMENTS, 'a placement kind');
  if (kind === undefined) return undefined;
  const allowed = ['kind', ...PLACEMENT_FIELDS[kind]];
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
          below: m.clusterSize,
          limit: MAX_NODES,
          why: `clusterSize is ${m.clusterSize}`,
        }),
      };
      break;
    case 'nodes':
      p = {
        kind,
        ids: maybeIndexList(c, join(path, 'ids'), rec.ids, {
          below: m.nodes,
          limit: MAX_PLACEMENT_IDS,
          why: `machine.nodes is ${m.nodes}`,
        }),
      };
      break;
    case 'fraction':
      p = { kind, p: maybeNumber(c, join(path, 'p'), rec.p, { min: 0, max: 1 }) };
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
    const why = cores === undefined ? '' : ` (coresPerNode is ${cores})`;
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
  const rec = maybeRecord(c, path, value, PROVENANCE_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const out: Provenance = {};
  for (const field of PROVENANCE_FIELDS) {
    if (rec[field] === undefined) continue;
    const entry = maybeEntry(c, join(path, field), rec[field]);
    if (entry) out[field] = entry;
  }
  return c.issues.length === before ? out : undefined;
}

function maybeEntry(c: Checker, path: string, value: unknown): ProvenanceEntry | undefined {
  const rec = maybeRecord(c, path, value, ENTRY_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const text = (key: string, o: { minLength?: number; default?: string }) =>
    maybeString(c, join(path, key), rec[key], { maxLength: MAX_PROVENANCE_TEXT_LENGTH, ...o });
  const basis = maybeEnum(c, join(path, 'basis'), rec.basis, BASES, 'a provenance basis');
  const cite = text('cite', { minLength: 1 });
  let against = text('against', { default: '' });
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
    note: text('note', { default: '' }),
  });
}
