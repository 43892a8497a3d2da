// The JSON Schema (draft 2020-12) of scenario files, written from spec.ts, the entries the
// validator reads its fields, ranges and defaults from. Editors use it for completion and to
// flag a wrong field as it is typed; the site publishes one per format version at
// schema/scenario-v<version>.json (`npm run schema` writes them into public/).
//
// A schema describes one value at a time: the rules that relate two values are NoiseLab's alone
// (CROSS_FIELD_RULES), so a file the schema accepts may still be refused by NoiseLab, with a
// message naming both fields; a file the schema refuses is always refused by NoiseLab too.

import { MAX_CORES_PER_NODE, MAX_TEXT_LENGTH, MAX_TOTAL_CORES } from './limits.ts';
import {
  isRequired,
  type ObjectSpec,
  PROVENANCE_ENTRY_SPEC,
  SCENARIO_SPEC,
  SOURCE_SPEC,
  type Fields,
  type Spec,
} from './spec.ts';
import { countText as count } from './errors.ts';
import { SCENARIO_VERSION } from './types.ts';

type Json = Record<string, unknown>;

/** Where the site serves the schema of format `version`, relative to its base address. */
export const SCENARIO_SCHEMA_PATH = (version: number = SCENARIO_VERSION) =>
  `schema/scenario-v${version}.json`;

/** What NoiseLab checks beyond the schema: rules that compare two values, and run sizes. */
export const CROSS_FIELD_RULES: readonly string[] = [
  'job.nodes is at most the nodes left after job.excludeOffsets',
  'job.ranksPerNode is at most machine.coresPerNode minus the reserved cores',
  'core indexes (job.reservedCores, noise[].cpu) are below machine.coresPerNode, cluster ' +
    'offsets below machine.clusterSize, placement node ids below machine.nodes',
  `machine.nodes × machine.coresPerNode is at most ${count(MAX_TOTAL_CORES)} cores`,
  'workload.warmup is less than workload.iterations',
  'a uniform duration has minUs ≤ maxUs; a phaseOffsetUs (aligned, or in a group) is below ' +
    'periodUs and a phaseWindowUs at most periodUs',
  'the sources of one group share periodUs, phaseWindowUs, runProbability and placement',
  'noise ids are unique',
  'the run is small enough to finish: estimated phases, rank-iterations and noise events ' +
    "under their limits, and a wavefront's 2 × stages × ranks stage slots under theirs",
  'the enabled noise keeps no rank core busy 100 % of the time',
  'no enabled Pareto duration of shape ≤ 1 (no finite mean) on a core a rank can use',
  `the text is at most ${count(MAX_TEXT_LENGTH)} characters`,
];

/** The if/then rules of one object that a schema can state: they compare a value with a constant. */
const CONDITIONS = new Map<ObjectSpec, Json[]>([
  [
    SOURCE_SPEC,
    [
      // model.md §2: a Poisson process has no phase to align.
      {
        if: { required: ['phase'], properties: { phase: { const: 'aligned' } } },
        then: { not: { required: ['arrival'], properties: { arrival: { const: 'poisson' } } } },
      },
      // A window or a group needs a random phase to draw (docs/noise-timing.md).
      {
        if: {
          anyOf: [
            { required: ['phaseWindowUs'], properties: { phaseWindowUs: { type: 'number' } } },
            { required: ['group'], properties: { group: { type: 'string' } } },
          ],
        },
        then: {
          not: {
            anyOf: [
              { required: ['arrival'], properties: { arrival: { const: 'poisson' } } },
              { required: ['phase'], properties: { phase: { const: 'aligned' } } },
            ],
          },
        },
      },
      // A random phase draws its own: outside a group an offset other than 0 would be ignored,
      // so it is refused; in a group it delays the part (docs/noise-timing.md).
      {
        if: {
          allOf: [
            { not: { required: ['phase'], properties: { phase: { const: 'aligned' } } } },
            { not: { required: ['group'], properties: { group: { type: 'string' } } } },
          ],
        },
        then: { properties: { phaseOffsetUs: { const: 0 } } },
      },
      // A period's chance of an event: periods to draw for, one activity per draw.
      {
        if: {
          required: ['eventProbability'],
          properties: { eventProbability: { type: 'number' } },
        },
        then: {
          not: {
            anyOf: [
              { required: ['arrival'], properties: { arrival: { const: 'poisson' } } },
              { required: ['group'], properties: { group: { type: 'string' } } },
            ],
          },
        },
      },
    ],
  ],
  [
    PROVENANCE_ENTRY_SPEC,
    [
      {
        if: { required: ['basis'], properties: { basis: { const: 'calibrated' } } },
        then: { required: ['against'], properties: { against: { type: 'string', minLength: 1 } } },
      },
      {
        if: { required: ['basis'], properties: { basis: { const: 'published' } } },
        then: { properties: { against: { const: '' } } },
      },
    ],
  ],
]);

function described(about: string, s: Spec): string {
  if ('defaultFrom' in s && s.defaultFrom !== undefined) {
    return `${about} (default: ${s.defaultFrom})`;
  }
  if (s.t === 'number' && s.nullMeans !== undefined) return `${about}; null: ${s.nullMeans}`;
  if (s.t === 'indexList') return `${about}; distinct integers, each below ${s.below}`;
  if (s.t === 'number' && s.integer) return `${about} (an integer)`;
  return about;
}

function objectOf(fields: Fields, extra: Json = {}): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const [key, s] of Object.entries(fields)) {
    properties[key] = node(s);
    if (isRequired(s)) required.push(key);
  }
  return {
    type: 'object',
    properties: { ...properties, ...extra },
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function node(s: Spec): Json {
  const description = described(s.about, s);
  const dflt = 'default' in s && s.default !== undefined ? { default: s.default } : {};
  switch (s.t) {
    case 'number': {
      // An integer is a number that is a multiple of 1, not JSON Schema's "integer": editors
      // (VS Code's JSON service) read "integer" from the text and flag 1024.0, which NoiseLab
      // and the standard accept.
      const out: Json = { type: 'number', description };
      if (s.integer) out.multipleOf = 1;
      if (s.nullMeans !== undefined)
        Object.assign(out, { type: ['number', 'null'], default: null });
      if (s.min !== undefined) out[s.minExclusive ? 'exclusiveMinimum' : 'minimum'] = s.min;
      if (s.max !== undefined) out[s.maxExclusive ? 'exclusiveMaximum' : 'maximum'] = s.max;
      return { ...out, ...dflt };
    }
    case 'string': {
      const out: Json = { type: 'string', description };
      if (s.minLength) out.minLength = s.minLength;
      out.maxLength = s.maxLength;
      if (s.pattern) out.pattern = s.pattern;
      return { ...out, ...dflt };
    }
    case 'enum':
      return s.values.length === 1
        ? { const: s.values[0], description }
        : { enum: [...s.values], description, ...dflt };
    case 'boolean':
      return { type: 'boolean', description, ...dflt };
    case 'indexList':
      return {
        type: 'array',
        description,
        items: { type: 'number', multipleOf: 1, minimum: 0, maximum: s.limit - 1 },
        uniqueItems: true,
        maxItems: s.limit,
        ...dflt,
      };
    case 'cpu':
      return {
        description,
        anyOf: [
          { const: 'any' },
          { type: 'number', multipleOf: 1, minimum: 0, maximum: MAX_CORES_PER_NODE - 1 },
        ],
        ...dflt,
      };
    case 'list':
      return { type: 'array', description, items: node(s.items), maxItems: s.maxLength, ...dflt };
    case 'object': {
      const rules = CONDITIONS.get(s);
      return { description, ...objectOf(s.fields), ...(rules ? { allOf: rules } : {}) };
    }
    case 'tagged':
      return {
        description,
        type: 'object',
        required: [s.tag],
        properties: {
          [s.tag]: {
            enum: Object.keys(s.variants),
            description: `${s.noun}: ${Object.keys(s.variants).join(', ')}; it decides the other fields`,
          },
        },
        oneOf: Object.entries(s.variants).map(([value, fields]) => ({
          title: `${s.tag} "${value}"`,
          ...objectOf(fields as Fields, { [s.tag]: { const: value } }),
        })),
      };
    case 'map': {
      const properties: Json = {};
      for (const key of s.keys) properties[key] = node(s.value);
      return { description, type: 'object', properties, additionalProperties: false };
    }
  }
}

/**
 * The schema of scenario files of format `version` as this NoiseLab reads them. Every version
 * up to the current one migrates by its version number alone (migrate.ts), so they share the
 * current fields; a migration that changes fields must give its version a schema of its own.
 */
export function scenarioSchema(version: number = SCENARIO_VERSION): Json {
  const top = objectOf(SCENARIO_SPEC.fields);
  const properties = top.properties as Json;
  properties.version = { const: version, description: `this schema's format version` };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `NoiseLab scenario, format ${version}`,
    description:
      'A NoiseLab scenario file (docs/scenario-format-2.md). NoiseLab also checks what a ' +
      `schema cannot state: ${CROSS_FIELD_RULES.join('; ')}.`,
    ...top,
  };
}
