// Which link describes the scenario on show, and what a link opens. A preset, edited or not, is
// written as `?preset=<id>&v=<version>&…` with only what differs from it (delta-link.ts); a
// scenario with no preset (a file, a link) as `#s=1.…`, the whole scenario (encodeHash).
// Opening reads a hash first, else the query (`preset=` or `scenario=<path>`, knobs, source
// edits, a patch). A link pinned to an older version of a preset opens that version, and says
// so. Pure: no DOM; fetch and the presets are passed in.

import {
  MAX_TEXT_LENGTH,
  parseScenarioText,
  ScenarioError,
  formatIssue,
} from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { canonicalJson } from '../scenario/canonical.ts';
import type { PatchOp } from '../scenario/patch.ts';
import { withGroupPeriods } from '../scenario/source-phase.ts';
import { decodePatch, deltaQuery } from './delta-link.ts';
import type { PresetRelease } from './preset-releases.ts';
import { nearestName } from './nearest-name.ts';
import { applyAssignments, parseQuery, type Assignment, type ParsedQuery } from './query-params.ts';
import type { LinkFix } from './scenario.svelte.ts';
import { decodeHash, encodeHash, type ViewValue } from './url-codec.ts';

/** How the page names a scenario that came from a `#s=` link. */
export const LINK_NAME = 'a shared link';

export { canonicalJson } from '../scenario/canonical.ts';

export function sameScenario(a: Scenario, b: Scenario): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** What the address bar shows for a scenario: a query or a hash (never both). */
export interface ShareState {
  scenario: Scenario;
  /** the scenario's preset as loaded, and its version; null when it came from a file or link */
  preset: { id: string; scenario: Scenario; version?: string } | null;
  view?: Record<string, ViewValue>;
}

/** `?preset=…` or `#s=1.…` for `state`; throws (encodeHash) when the link would be too long. */
export async function linkFor(state: ShareState): Promise<string> {
  const view = state.view ?? {};
  if (state.preset) {
    const { id, scenario, version } = state.preset;
    const query = await deltaQuery(state.scenario, scenario, id, version, view);
    if (query !== null) return query;
  }
  return encodeHash({ scenario: state.scenario, view });
}

/** A link that opened a preset as it was at an older version than this site's. */
export interface Pinned {
  presetId: string;
  /** the version the link names, and when it was released */
  version: PresetRelease;
  /** the preset's version today */
  current: PresetRelease;
}

/** Pinned, when `version` is a release of the preset older than its current one. */
export function pinnedOf(
  presetId: string,
  version: string | undefined,
  releases: readonly PresetRelease[],
): Pinned | undefined {
  const named = releases.find((r) => r.version === version);
  const current = releases.at(-1);
  if (!named || !current || named === current) return undefined;
  return { presetId, version: named, current };
}

/** What a link opened. */
export type Opened =
  | { kind: 'none' }
  | {
      kind: 'scenario';
      scenario: Scenario;
      /** the preset the link names; null for a hash or a file */
      presetId: string | null;
      /** the file or link, for the page to name; null for a preset */
      fileName: string | null;
      /** what Reset goes back to */
      base: Scenario;
      view: Record<string, ViewValue>;
      /** set when the link names an older version of its preset than the current one */
      pinned?: Pinned;
      /** the parts of the link left out (a bad value, an unknown source), one line each: the
       * rest of it opened, so a typo in one knob does not lose the preset it names */
      problems?: string[];
    }
  | { kind: 'error'; lines: string[]; fix?: LinkFix };

export interface OpenDeps {
  presets: readonly { id: string; load: () => Promise<Scenario> }[];
  /** a preset's releases, oldest first (the last is today's); without it `v=` is ignored */
  releases?: (id: string) => readonly PresetRelease[];
  /** a preset as released at a version; rejects with a message naming the versions it has */
  loadRelease?: (id: string, version: string) => Promise<Scenario>;
  /** the text of a relative path on the site; rejects with a message naming the problem */
  fetchText: (path: string) => Promise<string>;
  /** the preset knobs without a preset or file apply to */
  defaultPresetId: string;
}

/**
 * Whether a link cannot open at all: what it is of (its preset and version, or its file) is not
 * understood. A bad knob or source edit does not stop it: that part is left out and named.
 */
function unopenable(params: URLSearchParams, parsed: ParsedQuery): boolean {
  return (
    (params.has('preset') && parsed.preset === undefined) ||
    (params.has('scenario') && parsed.scenarioPath === undefined) ||
    (params.has('v') && parsed.version === undefined) ||
    (params.has('preset') && params.has('scenario')) ||
    params.getAll('p').length > 1
  );
}

/**
 * The link with its mistyped preset named as it was most likely meant (nearestName), when that
 * is all that kept it from opening (the mended link is not unopenable): one click opens it, and
 * its other parts are read as they are (a bad one left out and named). Undefined otherwise.
 */
function mendedPreset(params: URLSearchParams, presetIds: string[]): LinkFix | undefined {
  const given = params.getAll('preset');
  const near = given.length === 1 ? nearestName(given[0], presetIds) : undefined;
  if (near === undefined) return undefined;
  const mended = new URLSearchParams(params);
  mended.set('preset', near);
  const search = `?${mended.toString()}`;
  if (unopenable(mended, parseQuery(search, presetIds))) return undefined;
  return { href: search, label: `Open ${near} instead` };
}

/** Opens the state in `hash` (wins) or `search`; never throws. */
export async function openLink(search: string, hash: string, deps: OpenDeps): Promise<Opened> {
  if (hash !== '' && hash !== '#') {
    const decoded = await decodeHash(hash);
    if (!decoded.ok) return { kind: 'error', lines: decoded.error.split('\n') };
    const { scenario, view } = decoded.state;
    return {
      kind: 'scenario',
      scenario,
      presetId: null,
      fileName: LINK_NAME,
      base: scenario,
      view,
    };
  }
  if (search === '' || search === '?') return { kind: 'none' };
  const parsed = parseQuery(
    search,
    deps.presets.map((p) => p.id),
  );
  // What the link is of (its preset and version, or its file) must be understood to open it; a
  // bad knob or source edit is left out and named, and the rest opens.
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if (unopenable(params, parsed)) {
    // The source ids it names are checked too, so every mistake is listed at once.
    const preset = deps.presets.find((p) => p.id === (parsed.preset ?? deps.defaultPresetId));
    const base = parsed.scenarioPath === undefined ? await preset?.load().catch(() => null) : null;
    const ids = base ? unknownSources(parsed.ops, base) : [];
    const fix = mendedPreset(
      params,
      deps.presets.map((p) => p.id),
    );
    return { kind: 'error', lines: [...parsed.errors, ...ids], ...(fix ? { fix } : {}) };
  }
  try {
    const patch = parsed.patch === undefined ? undefined : await decodePatch(parsed.patch);
    const ops = patch?.ops ?? [];
    const view = patch?.view ?? {};
    // A preset's own file by its path (`?scenario=scenarios/<id>.json`, links from before
    // `preset=`): opened as that preset, so the page's link for it is a short preset link.
    const asPreset = /^scenarios\/([a-z0-9-]+)\.json$/.exec(parsed.scenarioPath ?? '')?.[1];
    const presetFile = deps.presets.find((p) => p.id === asPreset);
    if (parsed.scenarioPath !== undefined && presetFile) {
      const today = await presetFile.load();
      return applied(today, parsed, ops, view, presetFile.id, null, parsed.errors);
    }
    if (parsed.scenarioPath !== undefined) {
      const path = parsed.scenarioPath;
      let base: Scenario;
      try {
        base = parseScenarioText(await deps.fetchText(path));
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        return { kind: 'error', lines: [`${path}:`, ...e.issues.map(formatIssue)] };
      }
      return applied(base, parsed, ops, view, null, path, parsed.errors);
    }
    const id = parsed.preset ?? deps.defaultPresetId;
    const preset = deps.presets.find((p) => p.id === id);
    if (!preset) return { kind: 'error', lines: [`there is no preset "${id}"`] };
    const releases = deps.releases?.(id) ?? [];
    const current = releases.at(-1);
    if (parsed.version === undefined || !deps.loadRelease || current === undefined) {
      // A hand-written link (or a build without releases): the preset as it is today.
      const today = await preset.load();
      return applied(today, parsed, ops, view, id, null, parsed.errors);
    }
    const base = await deps.loadRelease(id, parsed.version);
    const opened = applied(base, parsed, ops, view, id, null, parsed.errors);
    const pinned = pinnedOf(id, parsed.version, releases);
    if (opened.kind === 'scenario' && pinned) opened.pinned = pinned;
    return opened;
  } catch (e) {
    return { kind: 'error', lines: (e as Error).message.split('\n') };
  }
}

/** A line per source id the readable edits name that `base` does not have, then its sources. */
function unknownSources(ops: readonly PatchOp[], base: Scenario): string[] {
  const have = new Set(base.noise.map((n) => n.id));
  const named = new Set(ops.map((op) => op[0].split('.')[1]));
  const missing = [...named].filter((id) => id !== undefined && !have.has(id));
  if (missing.length === 0) return [];
  return [
    ...missing.map((id) => `there is no noise source "${id}" in this preset`),
    `its sources: ${[...have].join(', ')}`,
  ];
}

/**
 * `base` with the link's edits: its knobs (`readable.assignments`) and every op (the readable
 * ones, then the patch's). When they do not all apply, each knob and source edit is tried in
 * turn on what applied before it, and those that cannot be applied are left out, each named in
 * `problems` (after `earlier`, the link's own parse errors), the rest opened; the patch applies
 * whole or the link is an error.
 */
function applied(
  base: Scenario,
  readable: { assignments: Assignment[]; ops: PatchOp[] },
  patchOps: PatchOp[],
  view: Record<string, ViewValue>,
  presetId: string | null,
  fileName: string | null,
  earlier: readonly string[] = [],
): Opened {
  const have = new Set(base.noise.map((n) => n.id));
  const known = readable.ops.filter((op) => have.has(op[0].split('.')[1] ?? ''));
  const problems = [...earlier, ...unknownSources(readable.ops, base)];
  const apply = (assignments: Assignment[], ops: PatchOp[], patch: PatchOp[]) =>
    applyAssignments(base, assignments, [...withGroupPeriods(ops, base), ...patch]);
  let result = apply(readable.assignments, known, patchOps);
  if (!result.ok) {
    // One edit at a time, in the link's order: the knobs, then the source edits.
    const kept = { assignments: [] as Assignment[], ops: [] as PatchOp[] };
    const parts = [
      ...readable.assignments.map((a) => ({
        label: `${a.path} = ${JSON.stringify(a.value)}`,
        try: () => apply([...kept.assignments, a], kept.ops, []),
        keep: () => kept.assignments.push(a),
      })),
      ...known.map((op) => ({
        label: `${op[0]} ${JSON.stringify(op[1])}`,
        try: () => apply(kept.assignments, [...kept.ops, op], []),
        keep: () => kept.ops.push(op),
      })),
    ];
    for (const part of parts) {
      const r = part.try();
      if (r.ok) part.keep();
      // one line: the error's lines joined, its heading's colon not doubled ("invalid: …")
      else
        problems.push(
          `${part.label}: left out; ${r.error.replace(/:\n/g, ': ').split('\n').join('; ')}`,
        );
    }
    // The patch (p=) is the page's own record of every other edit: it applies whole or the
    // link is broken (a link from another version, or altered), never a part of it.
    result = apply(kept.assignments, kept.ops, patchOps);
    if (!result.ok) return { kind: 'error', lines: [...problems, ...result.error.split('\n')] };
  }
  return {
    kind: 'scenario',
    scenario: result.scenario,
    presetId,
    fileName,
    base,
    view,
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** The same link without its `v=`: the current version of its preset, with the same edits. */
export function withoutVersion(search: string): string {
  const parts = (search.startsWith('?') ? search.slice(1) : search).split('&');
  const kept = parts.filter((part) => part !== '' && part.split('=')[0] !== 'v');
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/**
 * The text of `path` (relative to `baseUrl`) from this site only: refuses other origins, error
 * statuses, responses that are not JSON and bodies over MAX_TEXT_LENGTH characters (counted while
 * reading, before any parsing).
 */
export async function fetchSiteText(
  path: string,
  baseUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const url = new URL(path, baseUrl);
  if (url.origin !== new URL(baseUrl).origin) throw new Error(`${path} is not on this site`);
  let response: Response;
  try {
    response = await fetcher(url, { mode: 'same-origin', credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`${path} could not be fetched: ${(e as Error).message}`, { cause: e });
  }
  if (!response.ok) {
    throw new Error(`${path} could not be fetched: the site answered ${response.status}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (type !== '' && !/(^|\/|\+)json$/i.test(type)) {
    throw new Error(`${path} is not JSON: the site sent ${type}`);
  }
  const tooLong = `${path} is longer than ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters; allowed: at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')}`;
  const declared = Number(response.headers.get('content-length') ?? 0);
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (declared > 3 * MAX_TEXT_LENGTH) throw new Error(tooLong);
  if (!response.body) return '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
    if (text.length > MAX_TEXT_LENGTH) {
      await reader.cancel().catch(() => undefined);
      throw new Error(tooLong);
    }
  }
  return text;
}
