// The released versions of every preset (scenarios/versions/index.json, written by
// `npm run presets:archive`): oldest first, the last one is the file in scenarios/ today. A link
// names the version it was made from (`v=`), so it opens the same numbers after a preset is
// recalibrated.
import index from '../../scenarios/versions/index.json';

export interface PresetRelease {
  /** content hash of the preset file (src/scenario/canonical.ts contentVersion) */
  version: string;
  /** YYYY-MM-DD (UTC) the version was archived */
  released: string;
}

export type PresetReleases = Record<string, PresetRelease[]>;

export const PRESET_RELEASES: Readonly<PresetReleases> = index as PresetReleases;

/** A preset's releases, oldest first; [] for an id with none. */
export function releasesOf(id: string): readonly PresetRelease[] {
  return Object.hasOwn(PRESET_RELEASES, id) ? PRESET_RELEASES[id] : [];
}

/** The version of a preset's file today. */
export function currentVersion(id: string): string | undefined {
  return releasesOf(id).at(-1)?.version;
}
