// Dotted paths into scenario objects, for overrides such as `--set noise.2.enabled=false` and
// sweeps over `job.ranksPerNode`: numeric segments index arrays, others name fields. Setting
// returns a deep copy (the original scenario stays untouched, e.g. for the next sweep point);
// the result is plain data to be validated again, so no check of meaning happens here.

type Container = Record<string, unknown> | unknown[];

// Such segments would reach Object.prototype instead of data.
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

// How to count the entries of well-known arrays in messages; other arrays hold "entries".
const NOUNS: Record<string, [string, string]> = {
  noise: ['noise source', 'noise sources'],
  references: ['reference', 'references'],
  reservedCores: ['reserved core', 'reserved cores'],
  excludeOffsets: ['excluded offset', 'excluded offsets'],
  offsets: ['offset', 'offsets'],
  ids: ['id', 'ids'],
};

/** Splits `a.b.0.c`; throws on an empty path, an empty segment or a prototype key. */
export function parsePath(path: string): string[] {
  if (path.trim() === '') throw new Error('empty path: expected e.g. job.ranksPerNode');
  const segments = path.split('.');
  segments.forEach((s, i) => {
    const here = segments.slice(0, i + 1).join('.');
    if (s === '') throw new Error(`${here}: empty segment in path ${JSON.stringify(path)}`);
    if (FORBIDDEN.has(s)) throw new Error(`${here}: ${JSON.stringify(s)} cannot be a path segment`);
  });
  return segments;
}

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** The key into `parent` for `segment`, or an Error message naming what exists there. */
function step(parent: unknown, segments: string[], i: number, last: boolean): string | number {
  const here = segments.slice(0, i + 1).join('.');
  const name = i === 0 ? '(root)' : segments.slice(0, i).join('.');
  const segment = segments[i];
  if (!isContainer(parent)) throw new Error(`${here}: ${name} is ${kindOf(parent)}, not an object`);
  if (Array.isArray(parent)) {
    const [one, many] = NOUNS[segments[i - 1]] ?? ['entry', 'entries'];
    const n = parent.length;
    const indexes = n === 0 ? '' : ` (${n === 1 ? '0' : `0..${n - 1}`})`;
    if (!/^\d+$/.test(segment)) {
      throw new Error(`${here}: ${name} is a list of ${many}; use an index${indexes}`);
    }
    const index = Number(segment);
    if (index < n) return index;
    if (n === 0) throw new Error(`${here}: there are no ${many}`);
    throw new Error(
      `${here}: there ${n === 1 ? `is only 1 ${one}` : `are only ${n} ${many}`}${indexes}`,
    );
  }
  if (!last && !Object.hasOwn(parent, segment)) {
    const keys = Object.keys(parent);
    const has = keys.length === 0 ? `${name} has no fields` : `${name} has: ${keys.join(', ')}`;
    // An optional object the scenario leaves out (machine.slowNodes) is given whole; a name
    // that is no field at all is refused by validation then, with the fields it may have.
    throw new Error(`${here}: not found; ${has}. A field left out is set whole: ${here}={…}`);
  }
  return segment;
}

/** The value at `path`; undefined when only the last field is absent. */
export function getPath(obj: unknown, path: string): unknown {
  const segments = parsePath(path);
  let node = obj;
  segments.forEach((_, i) => {
    const key = step(node, segments, i, i === segments.length - 1);
    const parent = node as Record<string | number, unknown>;
    node = Object.hasOwn(parent, key) ? parent[key] : undefined;
  });
  return node;
}

/** A deep copy of `obj` with `value` (copied too) at `path`; the last field may be new. */
export function setPath(obj: unknown, path: string, value: unknown): unknown {
  const segments = parsePath(path);
  const root = deepCopy(obj);
  let node: unknown = root;
  segments.forEach((_, i) => {
    const last = i === segments.length - 1;
    const key = step(node, segments, i, last);
    const parent = node as Record<string | number, unknown>;
    if (last) parent[key] = deepCopy(value);
    else node = parent[key];
  });
  return root;
}

/** Plain JSON-like data copied through; fromEntries defines keys, so "__proto__" stays data. */
function deepCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (!isContainer(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepCopy(x)]));
}

/**
 * `path=value`, the value as JSON when it parses (`job.nodes=512`, `noise.0.enabled=false`,
 * `title="A \"quoted\" title"`), else the bare text (`noise.0.cpu=any`, `job.waitMode=block`).
 */
export function parseAssignment(text: string): { path: string; value: unknown } {
  const eq = text.indexOf('=');
  if (eq < 0) throw new Error(`${JSON.stringify(text)}: expected path=value, e.g. job.nodes=512`);
  const path = text.slice(0, eq).trim();
  if (path === '') throw new Error(`${JSON.stringify(text)}: the path before "=" is empty`);
  parsePath(path);
  const right = text.slice(eq + 1);
  try {
    return { path, value: JSON.parse(right) };
  } catch {
    return { path, value: right };
  }
}
