// A scenario as an edit of another: a structural diff and its application. A link to an edited
// preset carries only what differs from the preset (src/state/delta-link.ts), so it stays short
// and survives the preset gaining a field or a source elsewhere.
//
// An op is `[path, value]` (set) or `[path]` (delete). A path is dotted field names; inside
// `noise` the segment after it names a source by its id (ids are [a-z0-9-]+, never "." or "+"),
// so an edit of one source does not depend on where the source sits in the list; `noise.+`
// appends a source. Other arrays are set whole. Pure: the result is plain data to validate.

export type PatchOp = [path: string] | [path: string, value: unknown];

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

type Plain = Record<string, unknown>;

function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (isPlain(a) && isPlain(b)) {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]))
    );
  }
  return false;
}

const idOf = (source: unknown): string | undefined =>
  isPlain(source) && typeof source.id === 'string' ? source.id : undefined;

/** The ops that turn `base` into `next` (both scenarios, as plain data); [] when equal. */
export function diffScenario(base: unknown, next: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  diff(base, next, [], ops);
  return ops;
}

function diff(a: unknown, b: unknown, path: string[], ops: PatchOp[]): void {
  if (same(a, b)) return;
  if (path.length === 1 && path[0] === 'noise' && Array.isArray(a) && Array.isArray(b)) {
    if (diffNoise(a, b, ops)) return;
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const at = [...path, key];
      if (!Object.hasOwn(b, key)) ops.push([at.join('.')]);
      else if (!Object.hasOwn(a, key)) ops.push([at.join('.'), b[key]]);
      else diff(a[key], b[key], at, ops);
    }
    return;
  }
  ops.push([path.join('.'), b]);
}

/**
 * The noise list by source id: sources removed, edited in place, appended at the end. False
 * when that cannot say it (a source without an id, a repeated id, or an order that removing
 * and appending does not give): the caller then sets the whole list.
 */
function diffNoise(a: unknown[], b: unknown[], ops: PatchOp[]): boolean {
  const aIds = a.map(idOf);
  const bIds = b.map(idOf);
  const all = [...aIds, ...bIds];
  if (all.some((id) => id === undefined)) return false;
  if (new Set(aIds).size !== aIds.length || new Set(bIds).size !== bIds.length) return false;
  const inB = new Set(bIds);
  const inA = new Set(aIds);
  const kept = aIds.filter((id) => inB.has(id));
  const added = bIds.filter((id) => !inA.has(id));
  // b must be the kept ones in a's order, then the added ones
  if ([...kept, ...added].join(' ') !== bIds.join(' ')) return false;
  const local: PatchOp[] = [];
  for (let i = 0; i < a.length; i++) {
    const id = aIds[i]!;
    if (!inB.has(id)) local.push([`noise.${id}`]);
  }
  for (let i = 0; i < b.length; i++) {
    const id = bIds[i]!;
    if (inA.has(id)) diff(a[aIds.indexOf(id)], b[i], ['noise', id], local);
    else local.push(['noise.+', b[i]]);
  }
  ops.push(...local);
  return true;
}

/** A deep copy of JSON data (scenarios and the values of ops are JSON: they travel in links). */
function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A patch that cannot be applied to its base: the message names the op and why. */
export class PatchError extends Error {}

/** `base` with `ops` applied, as a fresh copy (base is not changed); throws a PatchError. */
export function applyPatch(base: unknown, ops: readonly PatchOp[]): unknown {
  const root = clone(base) as unknown;
  for (const op of ops) applyOp(root, op);
  return root;
}

function applyOp(root: unknown, op: PatchOp): void {
  if (!Array.isArray(op) || (op.length !== 1 && op.length !== 2) || typeof op[0] !== 'string') {
    throw new PatchError(`${render(op)} is not an edit: expected [path] or [path, value]`);
  }
  const [path] = op;
  const segments = path.split('.');
  if (segments.some((s) => s === '' || FORBIDDEN.has(s))) {
    throw new PatchError(`${render(path)} is not a path into a scenario`);
  }
  let parent: unknown = root;
  for (let i = 0; i < segments.length - 1; i++) {
    parent = child(parent, segments, i);
  }
  const last = segments[segments.length - 1];
  const where = segments.slice(0, -1).join('.') || '(root)';
  if (Array.isArray(parent)) {
    if (segments.length !== 2 || segments[0] !== 'noise') {
      throw new PatchError(`${path}: ${where} is a list; only noise sources are edited by id`);
    }
    if (last === '+') {
      if (op.length !== 2) throw new PatchError(`${path}: an appended source needs its value`);
      parent.push(clone(op[1]));
      return;
    }
    const index = parent.findIndex((s) => idOf(s) === last);
    if (index < 0) throw new PatchError(`${path}: ${noSource(parent, last)}`);
    if (op.length === 1) parent.splice(index, 1);
    else parent[index] = clone(op[1]);
    return;
  }
  if (!isPlain(parent)) throw new PatchError(`${path}: ${where} is not an object`);
  if (op.length === 1) {
    if (!Object.hasOwn(parent, last)) throw new PatchError(`${path}: there is nothing to remove`);
    delete parent[last];
  } else {
    Object.defineProperty(parent, last, {
      value: clone(op[1]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

function child(parent: unknown, segments: string[], i: number): unknown {
  const segment = segments[i];
  const here = segments.slice(0, i + 1).join('.');
  if (Array.isArray(parent)) {
    if (i !== 1 || segments[0] !== 'noise') {
      throw new PatchError(`${segments.join('.')}: only noise sources are edited inside a list`);
    }
    const found = parent.find((s) => idOf(s) === segment);
    if (found === undefined) throw new PatchError(`${here}: ${noSource(parent, segment)}`);
    return found;
  }
  if (!isPlain(parent) || !Object.hasOwn(parent, segment)) {
    throw new PatchError(`${segments.join('.')}: ${here} does not exist`);
  }
  return parent[segment];
}

/** "there is no noise source "x"; the sources: a, b, …" */
function noSource(list: unknown[], id: string): string {
  const ids = list.map(idOf).filter((i) => i !== undefined);
  const shown = ids.slice(0, 24).join(', ') + (ids.length > 24 ? `, … (${ids.length})` : '');
  return `there is no noise source ${render(id)}; the sources: ${shown || 'none'}`;
}

function render(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
