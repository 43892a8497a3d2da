// `npm run presets:archive`: keeps every released version of every preset, so a link pinned to
// a version (`?preset=<id>&v=<version>`) opens exactly the preset it was made with after the
// preset file changes. For each preset of src/state/preset-list.ts whose current file is not
// archived yet, copies it to scenarios/versions/<id>/<version>.json (the version is the content
// hash of src/scenario/canonical.ts) and adds it to scenarios/versions/index.json with today's
// date (UTC). Archived files are never changed or removed. Run it whenever a preset file
// changes; tests/state/preset-versions.test.ts fails until it is run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { contentVersion } from '../src/scenario/canonical.ts';
import { PRESET_TABLE } from '../src/state/preset-list.ts';
import type { PresetReleases } from '../src/state/preset-releases.ts';

const root = new URL('../scenarios/', import.meta.url);
const indexFile = new URL('versions/index.json', root);
const index: PresetReleases = existsSync(indexFile)
  ? (JSON.parse(readFileSync(indexFile, 'utf8')) as PresetReleases)
  : {};
const today = new Date().toISOString().slice(0, 10);
let added = 0;
for (const { id } of PRESET_TABLE) {
  const text = readFileSync(new URL(`${id}.json`, root), 'utf8');
  const version = contentVersion(JSON.parse(text));
  const releases = (index[id] ??= []);
  if (releases.at(-1)?.version === version) continue;
  if (releases.some((r) => r.version === version)) {
    // Back to an earlier release's content: it becomes the current one again, under its date.
    const again = releases.find((r) => r.version === version)!;
    releases.splice(releases.indexOf(again), 1);
    releases.push(again);
    console.log(`${id}: back to ${version} (released ${again.released})`);
    added++;
    continue;
  }
  mkdirSync(new URL(`versions/${id}/`, root), { recursive: true });
  writeFileSync(new URL(`versions/${id}/${version}.json`, root), text);
  releases.push({ version, released: today });
  console.log(`${id}: archived ${version} (${today})`);
  added++;
}
const sorted = Object.fromEntries(PRESET_TABLE.map(({ id }) => [id, index[id]]));
writeFileSync(indexFile, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(added === 0 ? 'every preset is archived' : `${added} preset(s) archived`);
