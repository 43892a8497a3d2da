// A preset with edits as a short link: the preset, its version, and only what differs from it.
// What a class changes most is written readably (query-params.ts: `nodes=`, `g=`, …;
// source-params.ts: `off=`, `on=`, `src.<id>.period=`, …); every other edit goes into `p=`, a
// compact versioned patch: `p=1.<base64url of deflate-raw of {"ops":[…],"view":{…}}>` with the
// ops of src/scenario/patch.ts. The writer checks that its link reads back to exactly the
// scenario; when it cannot, the caller falls back to the whole scenario (`#s=`).

import { canonicalJson } from '../scenario/canonical.ts';
import { diffScenario, type PatchOp } from '../scenario/patch.ts';
import { MAX_TEXT_LENGTH, type Scenario, withGroupPeriods } from '../scenario/index.ts';
import {
  applyAssignments,
  formatQuery,
  KNOB_PATHS,
  parseQuery,
  type QueryKnobs,
} from './query-params.ts';
import { sourceParamOf, switchOf } from './source-params.ts';
import {
  checkView,
  deflate,
  fromBase64url,
  inflateText,
  LinkError,
  toBase64url,
  type ViewValue,
} from './url-codec.ts';

/** The patch format this build writes (the `1.` after `p=`). */
export const PATCH_VERSION = 1;

export interface PatchPayload {
  ops: PatchOp[];
  view: Record<string, ViewValue>;
}

/** `1.<data>` for a patch payload (the view left out when empty). */
export async function encodePatch(payload: PatchPayload): Promise<string> {
  const body: Record<string, unknown> = { ops: payload.ops };
  if (Object.keys(payload.view).length > 0) body.view = payload.view;
  const bytes = await deflate(new TextEncoder().encode(JSON.stringify(body)));
  return `${PATCH_VERSION}.${toBase64url(bytes)}`;
}

/** The payload of a `p=` value; throws a LinkError naming what is wrong. */
export async function decodePatch(text: string): Promise<PatchPayload> {
  const m = /^([0-9]{1,9})\.([A-Za-z0-9_-]*)$/.exec(text);
  if (!m) throw new LinkError(`p: expected ${PATCH_VERSION}.<data> (a patch this page wrote)`);
  const version = Number(m[1]);
  if (version !== PATCH_VERSION) {
    throw new LinkError(
      version > PATCH_VERSION
        ? `p: the patch was written by a newer NoiseLab (patch version ${version}); this one reads version ${PATCH_VERSION}`
        : `p: the patch version ${version} is unknown; allowed: ${PATCH_VERSION}`,
    );
  }
  const bytes = fromBase64url(m[2]);
  if (!bytes) throw new LinkError('p: the patch is not valid base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await inflateText(bytes, MAX_TEXT_LENGTH));
  } catch (e) {
    if (e instanceof LinkError)
      throw new LinkError(`p: ${e.message.replace(/^the link's /, 'the ')}`);
    throw new LinkError(`p: the patch is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LinkError('p: the patch is not an object with the fields ops and view');
  }
  const { ops, view = {}, ...rest } = parsed as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new LinkError(
      `p: the patch has the unknown field ${JSON.stringify(unknown[0])}; allowed: ops, view`,
    );
  }
  if (!Array.isArray(ops)) throw new LinkError('p: the patch has no list of edits (ops)');
  const problems = checkView(view);
  if (problems.length > 0)
    throw new LinkError(`p: the patch's view settings are invalid:\n${problems.join('\n')}`);
  return { ops: ops as PatchOp[], view: Object.fromEntries(Object.entries(view as object)) };
}

/** The readable parameters of some ops, and the ops left for `p=`. */
function split(ops: PatchOp[]): { knobs: QueryKnobs; rest: PatchOp[] } {
  const knobs: QueryKnobs = {};
  const rest: PatchOp[] = [];
  const off: string[] = [];
  const on: string[] = [];
  const sources: [string, string][] = [];
  for (const op of ops) {
    const knob = op.length === 2 ? KNOB_PATHS.get(op[0]) : undefined;
    if (knob !== undefined) {
      (knobs as Record<string, unknown>)[knob] = op[1];
      continue;
    }
    const switched = switchOf(op);
    if (switched) {
      (switched.on ? on : off).push(switched.id);
      continue;
    }
    const param = sourceParamOf(op);
    if (param) sources.push(param);
    else rest.push(op);
  }
  if (off.length > 0) knobs.off = off;
  if (on.length > 0) knobs.on = on;
  if (sources.length > 0) knobs.sources = sources;
  return { knobs, rest };
}

/**
 * The ops with every appended source stripped of the fields the validator fills in as they are
 * (a default phase offset, empty provenance, …): a new source costs only what is its own.
 */
function leanSources(ops: PatchOp[], base: Scenario, current: Scenario): PatchOp[] {
  const want = canonicalJson(current);
  const opensAs = (candidate: PatchOp[]) => {
    const applied = applyAssignments(base, [], candidate);
    return applied.ok && canonicalJson(applied.scenario) === want;
  };
  const lean = [...ops];
  lean.forEach((op, i) => {
    const value = op[1];
    const whole = typeof value === 'object' && value !== null && !Object.hasOwn(value, '$copy');
    if (!op[0].startsWith('noise.+') || op.length !== 2 || !whole) return;
    let source = op[1] as Record<string, unknown>;
    for (const key of Object.keys(source)) {
      if (key === 'id') continue;
      const without = { ...source };
      delete without[key];
      lean[i] = [op[0], without];
      if (opensAs(lean)) source = without;
      else lean[i] = [op[0], source];
    }
  });
  return lean;
}

/** Whether `query` plus the patch ops `rest` opens exactly `current` on `base`. */
function readsBack(query: string, rest: PatchOp[], base: Scenario, current: Scenario, id: string) {
  const parsed = parseQuery(query, [id]);
  if (parsed.errors.length > 0) return false;
  const ops = [...withGroupPeriods(parsed.ops, base), ...rest];
  const applied = applyAssignments(base, parsed.assignments, ops);
  return applied.ok && canonicalJson(applied.scenario) === canonicalJson(current);
}

/** The query of `knobs` when it reads back to `current` with the patch ops `rest`; else null. */
function readable(
  knobs: QueryKnobs,
  rest: PatchOp[],
  base: Scenario,
  current: Scenario,
  id: string,
): string | null {
  try {
    const query = formatQuery(knobs);
    return readsBack(query, rest, base, current, id) ? query : null;
  } catch {
    return null; // a value a link cannot hold exactly (e.g. too many digits)
  }
}

/**
 * `?preset=<id>&v=<version>&…` opening `current` as an edit of the preset `base` (at `version`,
 * when known), with the view settings; null when no such link reads back to `current` exactly
 * (the caller then writes the whole scenario).
 */
export async function deltaQuery(
  current: Scenario,
  base: Scenario,
  id: string,
  version: string | undefined,
  view: Record<string, ViewValue>,
): Promise<string | null> {
  const ops = leanSources(diffScenario(base, current), base, current);
  const head: QueryKnobs = { preset: id, ...(version ? { version } : {}) };
  const { knobs, rest } = split(ops);
  // The readable form when it reads back; else every edit in the patch.
  let query = readable({ ...head, ...knobs }, rest, base, current, id);
  let patchOps = rest;
  if (query === null) {
    query = formatQuery(head);
    patchOps = ops;
    if (!readsBack(query, patchOps, base, current, id)) return null;
  }
  if (patchOps.length === 0 && Object.keys(view).length === 0) return query;
  return `${query}&p=${await encodePatch({ ops: patchOps, view })}`;
}
