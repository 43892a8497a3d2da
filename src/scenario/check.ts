// Checking helpers shared by the validator. Each maybe* reads one value, records an issue when it
// is wrong, and returns the normalised value, or undefined when the value is unusable; checks
// that depend on an unusable value are then skipped, so one typo yields one message, not ten.
// An absent value (or `undefined` handed in from JavaScript) takes the default when the option
// `default` is given, and is reported missing otherwise.

import type { ScenarioIssue } from './errors.ts';
import { MAX_LIST_ISSUES } from './limits.ts';

export type Rec = Record<string, unknown>;

export const ROOT = '(root)';

export class Checker {
  readonly issues: ScenarioIssue[] = [];

  add(path: string, value: unknown, message: string, limit?: 'length'): void {
    this.issues.push(limit ? { path, value, message, limit } : { path, value, message });
  }
}

/** `machine` + `nodes` → `machine.nodes`; `noise` + 2 → `noise[2]`; odd keys are quoted. */
export function join(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(key))
    return `${parent === ROOT ? '' : parent}[${JSON.stringify(key)}]`;
  return parent === ROOT ? key : `${parent}.${key}`;
}

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain digits up to 10 characters (4294967295), else exponent form (1e12). */
export function fmt(n: number): string {
  const s = String(n);
  return s.length <= 10 && !s.includes('e') ? s : n.toExponential().replace('e+', 'e');
}

export interface Range {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

export function rangeText({ min, max, minExclusive, maxExclusive }: Range): string {
  const lo = min === undefined ? '' : `${minExclusive ? '>' : '≥'} ${fmt(min)}`;
  const hi = max === undefined ? '' : `${maxExclusive ? '<' : '≤'} ${fmt(max)}`;
  if (min === undefined || max === undefined) return lo || hi;
  if (minExclusive || maxExclusive) return `${lo} and ${hi}`;
  return min === max ? fmt(min) : `${fmt(min)}..${fmt(max)}`;
}

function inRange(n: number, { min, max, minExclusive, maxExclusive }: Range): boolean {
  if (min !== undefined && (minExclusive ? n <= min : n < min)) return false;
  return max === undefined || (maxExclusive ? n < max : n <= max);
}

/** The machine's sizes, each undefined when invalid (checks against it are then skipped). */
export interface MachineFacts {
  nodes?: number;
  coresPerNode?: number;
  clusterSize?: number;
}

/** Why a cluster offset must be below the cluster's size, in words: a machine that is one
 * cluster (Jaguar XT5, BG/P) has no clusters to speak of. */
export function clusterWhy(m: MachineFacts): string {
  return m.nodes !== undefined && m.nodes === m.clusterSize
    ? `the machine is one cluster of ${m.clusterSize} nodes`
    : `a cluster has ${m.clusterSize} nodes`;
}

/** All fields of `T`, each possibly undefined until every check has passed. */
export type Draft<T> = { [K in keyof T]: T[K] | undefined };

/** The draft as a `T` when no issue was added since `before`, else undefined. */
export function complete<T>(c: Checker, before: number, draft: Draft<T>): T | undefined {
  return c.issues.length === before ? (draft as T) : undefined;
}

interface Defaulted<T> {
  default?: T;
}

// True when the caller should stop: the value is absent (default or missing issue handled).
function absent<T>(c: Checker, path: string, value: unknown, o: Defaulted<T>, expected: string) {
  if (value !== undefined) return false;
  if (!('default' in o)) c.add(path, undefined, `missing; required (${expected})`);
  return true;
}

/** An object with only `allowed` fields; returns a null-prototype copy of its own fields. */
export function maybeRecord(
  c: Checker,
  path: string,
  value: unknown,
  allowed: readonly string[],
  unknownWhy = '',
): Rec | undefined {
  if (absent(c, path, value, {}, 'an object')) return undefined;
  if (!isRecord(value)) {
    c.add(path, value, 'is not an object');
    return undefined;
  }
  const out: Rec = Object.create(null);
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) out[key] = value[key];
    else
      c.add(
        join(path, key),
        undefined,
        `unknown field${unknownWhy}; allowed: ${allowed.join(', ')}`,
      );
  }
  return out;
}

export function maybeNumber(
  c: Checker,
  path: string,
  value: unknown,
  o: Range & Defaulted<number> & { integer?: boolean },
): number | undefined {
  const noun = o.integer ? 'an integer' : 'a number';
  if (absent(c, path, value, o, `${noun} ${rangeText(o)}`)) return o.default;
  // A field cleared in a form (or "" in a file): said as empty, with what it takes.
  if (typeof value === 'string' && value.trim() === '')
    c.add(path, undefined, `is empty; allowed: ${noun} ${rangeText(o)}`);
  else if (typeof value !== 'number') c.add(path, value, `is not ${noun}`);
  else if (!Number.isFinite(value)) c.add(path, value, 'is not a finite number');
  else if (o.integer && !Number.isInteger(value)) c.add(path, value, 'is not an integer');
  else if (!inRange(value, o)) c.add(path, value, `is out of range; allowed: ${rangeText(o)}`);
  else return value === 0 ? 0 : value; // -0 → 0: JSON writes both as 0, keep results identical
  return undefined;
}

export function maybeInteger(
  c: Checker,
  path: string,
  value: unknown,
  o: Range & Defaulted<number>,
) {
  return maybeNumber(c, path, value, { ...o, integer: true });
}

export function maybeString(
  c: Checker,
  path: string,
  value: unknown,
  o: Defaulted<string> & { maxLength: number; minLength?: number },
): string | undefined {
  const { minLength = 0, maxLength } = o;
  if (absent(c, path, value, o, `a string of ${minLength}..${maxLength} characters`)) {
    return o.default;
  }
  if (typeof value !== 'string') {
    c.add(path, value, 'is not a string');
    return undefined;
  }
  const length = characters(value);
  if (length > maxLength) {
    c.add(path, value, `is too long (${length} characters); allowed: at most ${maxLength}`);
  } else if (length < minLength) {
    c.add(
      path,
      value,
      `${length === 0 ? 'is empty' : 'is too short'}; allowed: ${minLength}..${maxLength} characters`,
    );
  } else return value;
  return undefined;
}

/** Characters of `text` as JSON Schema's maxLength counts them: code points (an emoji is one,
 * though JavaScript's length counts two UTF-16 units). */
function characters(text: string): number {
  let pairs = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0xd800 || u > 0xdbff) continue;
    const v = text.charCodeAt(i + 1);
    if (v >= 0xdc00 && v <= 0xdfff) {
      pairs++;
      i++;
    }
  }
  return text.length - pairs;
}

export function maybeEnum<T extends string>(
  c: Checker,
  path: string,
  value: unknown,
  allowed: readonly T[],
  noun: string,
  o: Defaulted<T> = {},
): T | undefined {
  if (absent(c, path, value, o, `one of ${allowed.join(', ')}`)) return o.default;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  c.add(path, value, `is not ${noun}; allowed: ${allowed.join(', ')}`);
  return undefined;
}

export function maybeBoolean(c: Checker, path: string, value: unknown, o: Defaulted<boolean>) {
  if (absent(c, path, value, o, 'true or false')) return o.default;
  if (typeof value === 'boolean') return value;
  c.add(path, value, 'is not a boolean; allowed: true, false');
  return undefined;
}

/** The discriminating field (`dist`, `kind`) of a tagged object: it decides which other fields
 * are allowed, so it is read first. Reports a missing or non-object value itself. */
export function maybeTag<T extends string>(
  c: Checker,
  path: string,
  value: unknown,
  key: string,
  allowed: readonly T[],
  noun: string,
): T | undefined {
  if (!isRecord(value)) {
    maybeRecord(c, path, value, []);
    return undefined;
  }
  return maybeEnum(
    c,
    join(path, key),
    Object.hasOwn(value, key) ? value[key] : undefined,
    allowed,
    noun,
  );
}

/** An array of at most `maxLength` entries (the entries are the caller's to check). */
export function maybeArray(
  c: Checker,
  path: string,
  value: unknown,
  o: Defaulted<unknown[]> & { maxLength: number; why?: string },
): unknown[] | undefined {
  if (absent(c, path, value, o, 'an array')) return o.default === undefined ? undefined : [];
  if (!Array.isArray(value)) c.add(path, value, 'is not an array');
  else if (value.length > o.maxLength) {
    const why = o.why ? ` (${o.why})` : '';
    c.add(path, value, `has ${value.length} entries; allowed: at most ${o.maxLength}${why}`);
  } else return value;
  return undefined;
}

/**
 * Distinct integer indexes 0 ≤ i < below (core indexes, cluster offsets, node ids). `below` is
 * undefined when the size it depends on is itself invalid: then only the type is checked.
 */
export function maybeIndexList(
  c: Checker,
  path: string,
  value: unknown,
  o: Defaulted<number[]> & { below: number | undefined; limit: number; why: string },
): number[] | undefined {
  const max = Math.min(o.below ?? o.limit, o.limit);
  const why = o.below === undefined ? '' : o.why;
  const list = maybeArray(c, path, value, { ...o, maxLength: max, why });
  const because = why ? ` (${why})` : '';
  if (list === undefined) return undefined;
  const first = new Map<number, number>();
  const before = c.issues.length;
  let hidden = 0;
  const add = (p: string, v: unknown, m: string) => {
    if (c.issues.length - before < MAX_LIST_ISSUES) c.add(p, v, m);
    else hidden++;
  };
  list.forEach((v, i) => {
    const at = join(path, i);
    if (typeof v !== 'number' || !Number.isInteger(v)) add(at, v, 'is not an integer');
    else if (v < 0 || v >= max) add(at, v, `is out of range; allowed: 0..${max - 1}${because}`);
    else if (first.has(v)) {
      add(at, v, `is a duplicate of ${join(path, first.get(v)!)}; values must be distinct`);
    } else first.set(v, i);
  });
  if (hidden > 0) c.add(path, undefined, `and ${hidden} more problems in this list`);
  return c.issues.length === before ? list.map((v) => (v === 0 ? 0 : (v as number))) : undefined;
}
