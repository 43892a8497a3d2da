// Which link describes the scenario on show, and what a link opens. A preset changed only in
// the knobs a hand-written link can set is written as `?preset=<id>&nodes=…` (formatQuery);
// anything else as `#s=1.…` (encodeHash). Opening reads a hash first, else the query
// (`preset=` or `scenario=<path>` plus knobs). Pure: no DOM; fetch and the presets are passed in.

import {
  MAX_TEXT_LENGTH,
  parseScenarioText,
  ScenarioError,
  formatIssue,
} from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import {
  applyAssignments,
  formatQuery,
  parseQuery,
  type Assignment,
  type QueryKnobs,
} from './query-params.ts';
import { decodeHash, encodeHash, type ViewValue } from './url-codec.ts';

/** How the page names a scenario that came from a `#s=` link. */
export const LINK_NAME = 'a shared link';

/** The knobs formatQuery can write, with their scenario values. */
const KNOB_VALUES: [keyof QueryKnobs, (s: Scenario) => unknown][] = [
  ['nodes', (s) => s.job.nodes],
  ['ranksPerNode', (s) => s.job.ranksPerNode],
  ['granularityUs', (s) => ('granularityUs' in s.workload ? s.workload.granularityUs : undefined)],
  ['iterations', (s) => s.workload.iterations],
  ['warmup', (s) => s.workload.warmup],
  ['seed', (s) => s.seed],
  ['waitMode', (s) => s.job.waitMode],
  ['reservedCores', (s) => s.job.reservedCores],
  ['excludeOffsets', (s) => s.job.excludeOffsets],
];

/** JSON with object keys sorted: equal for equal scenarios whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function sameScenario(a: Scenario, b: Scenario): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/**
 * `?preset=<id>&…` when `current` is the preset `base` with only query knobs changed (and the
 * query reads back to exactly `current`); null when only a hash can describe it.
 */
export function presetQuery(current: Scenario, base: Scenario, presetId: string): string | null {
  const knobs: QueryKnobs = { preset: presetId };
  for (const [knob, read] of KNOB_VALUES) {
    const value = read(current);
    if (canonicalJson(value) !== canonicalJson(read(base))) {
      (knobs as Record<string, unknown>)[knob] = value;
    }
  }
  let query: string;
  try {
    query = formatQuery(knobs);
  } catch {
    return null; // a value a link cannot hold exactly (e.g. too many digits)
  }
  const parsed = parseQuery(query, [presetId]);
  if (parsed.errors.length > 0) return null;
  const applied = applyAssignments(base, parsed.assignments);
  return applied.ok && sameScenario(applied.scenario, current) ? query : null;
}

/** What the address bar shows for a scenario: a query or a hash (never both). */
export interface ShareState {
  scenario: Scenario;
  /** the scenario's preset as shipped; null when it came from a file or link */
  preset: { id: string; scenario: Scenario } | null;
  view?: Record<string, ViewValue>;
}

/** `?preset=…` or `#s=1.…` for `state`; throws (encodeHash) when the link would be too long. */
export async function linkFor(state: ShareState): Promise<string> {
  // A readable query holds only scenario knobs: with view settings, the hash holds everything.
  const hasView = Object.keys(state.view ?? {}).length > 0;
  if (state.preset && !hasView) {
    const query = presetQuery(state.scenario, state.preset.scenario, state.preset.id);
    if (query !== null) return query;
  }
  return encodeHash({ scenario: state.scenario, view: state.view ?? {} });
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
    }
  | { kind: 'error'; lines: string[] };

export interface OpenDeps {
  presets: readonly { id: string; load: () => Promise<Scenario> }[];
  /** the text of a relative path on the site; rejects with a message naming the problem */
  fetchText: (path: string) => Promise<string>;
  /** the preset knobs without a preset or file apply to */
  defaultPresetId: string;
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
  if (parsed.errors.length > 0) return { kind: 'error', lines: parsed.errors };
  try {
    if (parsed.scenarioPath !== undefined) {
      const path = parsed.scenarioPath;
      let base: Scenario;
      try {
        base = parseScenarioText(await deps.fetchText(path));
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        return { kind: 'error', lines: [`${path}:`, ...e.issues.map(formatIssue)] };
      }
      return applied(base, parsed.assignments, null, path);
    }
    const id = parsed.preset ?? deps.defaultPresetId;
    const preset = deps.presets.find((p) => p.id === id);
    if (!preset) return { kind: 'error', lines: [`there is no preset "${id}"`] };
    return applied(await preset.load(), parsed.assignments, id, null);
  } catch (e) {
    return { kind: 'error', lines: [(e as Error).message] };
  }
}

function applied(
  base: Scenario,
  assignments: Assignment[],
  presetId: string | null,
  fileName: string | null,
): Opened {
  const result = applyAssignments(base, assignments);
  if (!result.ok) return { kind: 'error', lines: result.error.split('\n') };
  return { kind: 'scenario', scenario: result.scenario, presetId, fileName, base, view: {} };
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
