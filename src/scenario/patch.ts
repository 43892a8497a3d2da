// A scenario as an edit of another: a structural diff and its application. A link to an edited
// preset carries only what differs from the preset (src/state/delta-link.ts), so it stays short
// and survives the preset gaining a field or a source elsewhere.
//
// An op is `[path, value]` (set) or `[path]` (delete). A path is dotted field names; inside
// `noise` the segment after it names a source by its id (ids are [a-z0-9-]+, never "." or "+"),
// so an edit of one source does not depend on where the source sits in the list. A new source
// is inserted by `noise.+<id>` (right after source <id>), `noise.+^` (first) or `noise.+` (last);
// its value is the source, or `{"$copy": "<id>", …fields}`: a copy of a source of the base (as
// the base has it, whatever the ops do to it) with those fields replaced (null: left out), which
// is how a duplicated source stays a few characters. A duration whose distribution changed is set whole. Other
// arrays are set whole. Pure: the result is plain data to validate.

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
  // Another distribution: its parameters are other fields, so the duration is one value.
  const isDuration = path.length === 3 && path[0] === 'noise' && path[2] === 'duration';
  if (isDuration && isPlain(a) && isPlain(b) && a.dist !== b.dist) {
    ops.push([path.join('.'), b]);
    return;
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
 * The noise list by source id: sources removed, edited in place, and new ones inserted where they
 * are (after their predecessor), each as the shorter of itself and a copy of a kept source. False
 * when ids cannot say it (a source without an id, a repeated id, or kept sources in another
 * order): the caller then sets the whole list.
 */
function diffNoise(a: unknown[], b: unknown[], ops: PatchOp[]): boolean {
  const aIds = a.map(idOf);
  const bIds = b.map(idOf);
  if ([...aIds, ...bIds].some((id) => id === undefined)) return false;
  if (new Set(aIds).size !== aIds.length || new Set(bIds).size !== bIds.length) return false;
  const inB = new Set(bIds);
  const inA = new Set(aIds);
  const keptInA = aIds.filter((id) => inB.has(id));
  const keptInB = bIds.filter((id) => inA.has(id));
  if (keptInA.join(' ') !== keptInB.join(' ')) return false;
  // Removals, then the kept sources' edits, then the insertions in b's order; a copy refers to
  // a source as the base (a) has it.
  for (const id of aIds) if (!inB.has(id!)) ops.push([`noise.${id}`]);
  for (let i = 0; i < b.length; i++) {
    const id = bIds[i]!;
    if (inA.has(id)) diff(a[aIds.indexOf(id)], b[i], ['noise', id], ops);
  }
  for (let i = 0; i < b.length; i++) {
    const id = bIds[i]!;
    if (inA.has(id)) continue;
    const where = i === 0 ? 'noise.+^' : i === b.length - 1 ? 'noise.+' : `noise.+${bIds[i - 1]}`;
    ops.push([where, asCopy(b[i] as Plain, a as Plain[])]);
  }
  return true;
}

/** `source`, or a copy of one of `sources` with the fields that differ, whichever is shorter. */
function asCopy(source: Plain, sources: Plain[]): unknown {
  let best: unknown = source;
  let length = JSON.stringify(source).length;
  for (const from of sources) {
    const copy: Plain = { $copy: from.id };
    for (const key of new Set([...Object.keys(from), ...Object.keys(source)])) {
      if (!Object.hasOwn(source, key))
        copy[key] = null; // a field the copy must not keep
      else if (!same(from[key], source[key])) copy[key] = source[key];
    }
    const n = JSON.stringify(copy).length;
    if (n < length) {
      best = copy;
      length = n;
    }
  }
  return best;
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
  // the sources a copy is made from, as the base has them
  const sources = isPlain(base) && Array.isArray(base.noise) ? (base.noise as unknown[]) : [];
  for (const op of ops) applyOp(root, op, sources);
  return root;
}

function applyOp(root: unknown, op: PatchOp, sources: unknown[]): void {
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
    if (last.startsWith('+')) {
      if (op.length !== 2) throw new PatchError(`${path}: an inserted source needs its value`);
      const after = last.slice(1);
      const at =
        after === ''
          ? parent.length
          : after === '^'
            ? 0
            : parent.findIndex((s) => idOf(s) === after) + 1;
      if (at === 0 && after !== '^') {
        throw new PatchError(`${path}: ${noSource(parent, after)}`);
      }
      parent.splice(at, 0, inserted(sources, path, op[1]));
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

/** The source an insertion adds: its value, or a copy of one of the base's `list` ({"$copy": id}). */
function inserted(list: unknown[], path: string, value: unknown): unknown {
  if (!isPlain(value) || !Object.hasOwn(value, '$copy')) return clone(value);
  const { $copy: id, ...fields } = value;
  const from = list.find((s) => idOf(s) === id);
  if (typeof id !== 'string' || from === undefined) {
    throw new PatchError(`${path}: a copy of ${noSource(list, String(id))}`);
  }
  const copy = clone(from) as Plain;
  for (const [key, v] of Object.entries(fields)) {
    if (FORBIDDEN.has(key)) throw new PatchError(`${path}: ${render(key)} is not a field`);
    if (v === null) delete copy[key];
    else
      Object.defineProperty(copy, key, {
        value: clone(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return copy;
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
