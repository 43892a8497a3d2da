// The scenario presets shipped in scenarios/, as the page offers them. Each
// file is its own chunk, fetched when chosen, so the first page stays small;
// only the start-up preset is bundled, since it is shown at once. Every file
// passes the validator on load, like any other scenario.
import startupFile from '../../scenarios/asci-q-2002.json';
import { canonicalJson, contentVersion } from '../scenario/canonical.ts';
import { validateScenario } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';

import { PRESET_TABLE, type PresetGroup } from './preset-list.ts';
import { currentVersion, releasesOf } from './preset-releases.ts';

export type { PresetGroup } from './preset-list.ts';

export interface Preset {
  /** the file name in scenarios/ without `.json`; also the name an export gets */
  id: string;
  /** short, for the menu */
  label: string;
  group: PresetGroup;
  /** fetches (once; the browser caches the chunk) and validates the file */
  load: () => Promise<Scenario>;
}

export const PRESET_GROUPS: readonly PresetGroup[] = ['Machine presets', 'Application workloads'];

/** The preset the page opens on: ASCI Q 2002, 1,024 nodes, g = 1 ms (000 Fig 15). */
export const STARTUP_PRESET_ID = 'asci-q-2002';

/** The start-up preset, validated; synchronous because it is bundled. */
export function startupScenario(): Scenario {
  return known(STARTUP_PRESET_ID, startupFile);
}

/**
 * The preset and version of every preset scenario loaded so far, by its canonical JSON: a link
 * names the version of the preset an edited scenario is based on (versionOf), whichever release
 * it came from, without the page carrying it alongside.
 */
const versions = new Map<string, { id: string; version: string }>();

/** Validates a preset file's content and remembers its version. */
function known(id: string, raw: unknown): Scenario {
  const scenario = validateScenario(raw);
  versions.set(canonicalJson(scenario), { id, version: contentVersion(raw) });
  return scenario;
}

/**
 * The preset whose file today `scenario` is, exactly (an imported copy of a preset file); every
 * preset is loaded to compare (their chunks are small, and cached once loaded).
 */
export async function presetOf(scenario: Scenario): Promise<string | undefined> {
  for (const preset of PRESETS) await preset.load().catch(() => undefined);
  const known = versionOf(scenario);
  return known && known.version === currentVersion(known.id) ? known.id : undefined;
}

/** The preset and version `scenario` is (as loaded, unedited); undefined for any other. */
export function versionOf(scenario: Scenario): { id: string; version: string } | undefined {
  return versions.get(canonicalJson(scenario));
}

// Every release of every preset but the current files: fetched only by a link pinned to one.
const archived = import.meta.glob<unknown>('../../scenarios/versions/*/*.json', {
  import: 'default',
});

/**
 * Preset `id` as released at `version`: the file of today when that is the current version,
 * else its archived copy. Rejects, naming the preset's versions, when there is no such release.
 */
export async function loadRelease(id: string, version: string): Promise<Scenario> {
  const preset = findPreset(id);
  if (!preset) throw new Error(`there is no preset "${id}"`);
  if (version === currentVersion(id)) return preset.load();
  const file = archived[`../../scenarios/versions/${id}/${version}.json`];
  if (!file) {
    const list = releasesOf(id)
      .map((r) => `${r.version} (${r.released})`)
      .join(', ');
    throw new Error(
      `v: ${JSON.stringify(version)} is not a version of the preset ${id} this site has ` +
        `(a link from a newer NoiseLab?); its versions: ${list}`,
    );
  }
  return known(id, await file());
}

// Lazy: one dynamic import per file. The start-up file is imported above and
// the format example is not a preset, so neither is globbed.
const files = import.meta.glob<unknown>(
  ['../../scenarios/*.json', '!**/asci-q-2002.json', '!**/example-asci-q.json'],
  { import: 'default' },
);

/**
 * Fetches every preset's chunk ahead of need (the browser keeps each module once loaded), so
 * that choosing a preset later waits for no request: on a slow school network or a loaded
 * laptop the first choice of each preset otherwise waited for its chunk (10-60 ms here). The
 * files are small (a few kB each); a failure now is ignored, and reported when chosen.
 */
export function prefetchPresets(): void {
  for (const path of Object.keys(files)) fetchAhead(path);
}

/**
 * Starts fetching preset `id`'s file at once (the preset a link opens, before the page has
 * mounted: its chunk was requested only once the page had rendered, about 0.1 s later). An
 * unknown id does nothing: the link's reader names it.
 */
export function preloadPreset(id: string): void {
  fetchAhead(`../../scenarios/${id}.json`);
}

/** Fetches the file at `path` (a key of `files`) ahead of need; a failure now is ignored. */
function fetchAhead(path: string): void {
  const file = files[path];
  if (!file || fetched.has(path)) return;
  void file()
    .then((json) => fetched.set(path, json))
    .catch(() => undefined);
}

/**
 * The files fetched so far, by path: a preset already here loads without waiting for a task
 * (a dynamic import resolves a task later even when cached, and the page rendered a frame,
 * 20 ms, before the run of a newly chosen preset was posted: traced).
 */
const fetched = new Map<string, unknown>();

function loader(id: string): () => Promise<Scenario> {
  if (id === STARTUP_PRESET_ID) return async () => startupScenario();
  const path = `../../scenarios/${id}.json`;
  const file = files[path];
  if (!file) throw new Error(`scenarios/${id}.json is not bundled`);
  return async () => {
    if (!fetched.has(path)) fetched.set(path, await file());
    return known(id, fetched.get(path));
  };
}

/** Every preset, in menu order. */
export const PRESETS: readonly Preset[] = PRESET_TABLE.map(({ id, label, group }) => ({
  id,
  label,
  group,
  load: loader(id),
}));

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
