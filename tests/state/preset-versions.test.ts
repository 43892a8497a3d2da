// Presets that links can pin (scenarios/versions/, src/state/preset-releases.ts): every preset
// file of today is archived under its version, every archived file is what its name says, and a
// link pinned to an older version opens that version after the preset file has changed.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentVersion } from '../../src/scenario/canonical.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';
import {
  PRESET_RELEASES,
  releasesOf,
  type PresetRelease,
} from '../../src/state/preset-releases.ts';
import { loadRelease, PRESETS, versionOf } from '../../src/state/presets.ts';
import { linkFor, openLink, withoutVersion, type OpenDeps } from '../../src/state/share-url.ts';

const scenarios = new URL('../../scenarios/', import.meta.url);
const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(path, scenarios), 'utf8'));

describe('the archive of released presets', () => {
  it.each(PRESET_TABLE.map((p) => p.id))(
    '%s: today’s file is its latest release (else run npm run presets:archive)',
    (id) => {
      const version = contentVersion(readJson(`${id}.json`));
      expect(releasesOf(id).at(-1)?.version).toBe(version);
    },
  );

  it('holds exactly the archived files, each named by its content', () => {
    const listed = Object.entries(PRESET_RELEASES).flatMap(([id, releases]) =>
      releases.map((r) => `${id}/${r.version}.json`),
    );
    const files = readdirSync(new URL('versions/', scenarios), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(new URL(`versions/${d.name}/`, scenarios)).map((f) => `${d.name}/${f}`),
      );
    expect(files.sort()).toEqual([...listed].sort());
    for (const file of files) {
      expect(contentVersion(readJson(`versions/${file}`)), file).toBe(
        file.split('/')[1].slice(0, 8),
      );
      // and each still opens: the validator migrates old formats
      expect(() => validateScenario(readJson(`versions/${file}`))).not.toThrow();
    }
    for (const [id, releases] of Object.entries(PRESET_RELEASES)) {
      expect(new Set(releases.map((r) => r.version)).size, id).toBe(releases.length);
      for (const r of releases) expect(r.released).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('knows the version of a loaded preset, and refuses a version it lacks by name', async () => {
    const asciQ = await PRESETS[0].load();
    expect(versionOf(asciQ)).toEqual({
      id: 'asci-q-2002',
      version: releasesOf('asci-q-2002').at(-1)!.version,
    });
    await expect(loadRelease('asci-q-2002', '00000000')).rejects.toThrow(
      /^v: "00000000" is not a version of the preset asci-q-2002 this site has \(a link from a newer NoiseLab\?\); its versions: [0-9a-f]{8} \(\d{4}-\d{2}-\d{2}\)/,
    );
  });
});

describe('a link pinned to a version', () => {
  // Today's ASCI Q 2002 file, as archived, and a recalibration of it released later (a changed
  // rate of its short kernel activity): the world after a later fit changes a preset.
  const id = 'asci-q-2002';
  const old: PresetRelease = releasesOf(id).at(-1)!;
  const archived = (): Scenario => validateScenario(readJson(`versions/${id}/${old.version}.json`));
  const recalibrated = (): Scenario => {
    const s = archived();
    return validateScenario({
      ...s,
      noise: s.noise.map((n) => (n.id === 'kernel-activity' ? { ...n, periodUs: 3_000 } : n)),
    });
  };
  const next: PresetRelease = { version: contentVersion(recalibrated()), released: '2027-03-01' };
  const later: OpenDeps = {
    presets: [{ id, load: async () => recalibrated() }],
    releases: () => [old, next],
    loadRelease: async (_id, version) => {
      if (version === next.version) return recalibrated();
      if (version === old.version) return archived();
      throw new Error(`v: no ${version}`);
    },
    defaultPresetId: id,
    fetchText: () => Promise.reject(new Error('no files')),
  };

  it('opens the preset it was made with after the preset changes, and says a newer one exists', async () => {
    const today = archived();
    const edited = validateScenario({
      ...today,
      noise: today.noise.map((n) =>
        n.id === 'kernel-heartbeat-125ms' ? { ...n, enabled: false } : n,
      ),
      workload: { ...today.workload, granularityUs: 5000 },
    });
    const link = await linkFor({
      scenario: edited,
      preset: { id, scenario: today, version: old.version },
    });
    expect(link).toBe(`?preset=${id}&v=${old.version}&g=5ms&off=kernel-heartbeat-125ms`);

    const opened = await openLink(link, '', later);
    expect(opened.kind).toBe('scenario');
    if (opened.kind !== 'scenario') return;
    expect(canonicalJson(opened.scenario)).toBe(canonicalJson(edited));
    expect(canonicalJson(opened.base)).toBe(canonicalJson(today));
    expect(opened.pinned).toEqual({ presetId: id, version: old, current: next });

    // "open the current one": the same edits on today's (recalibrated) preset
    const current = await openLink(withoutVersion(link), '', later);
    expect(current.kind === 'scenario' && current.pinned).toBeUndefined();
    if (current.kind !== 'scenario') return;
    expect(current.scenario.noise.find((n) => n.id === 'kernel-activity')!.periodUs).toBe(3_000);
    expect(current.scenario.noise.find((n) => n.id === 'kernel-heartbeat-125ms')!.enabled).toBe(
      false,
    );
  });

  it('a link without a version (hand-written, or from before versions) opens today’s preset', async () => {
    const opened = await openLink(`?preset=${id}&nodes=64`, '', later);
    expect(
      opened.kind === 'scenario' &&
        opened.scenario.noise.find((n) => n.id === 'kernel-activity')!.periodUs,
    ).toBe(3_000);
  });

  it('withoutVersion keeps every other parameter as written', () => {
    expect(withoutVersion('?preset=a&v=06c351e0&off=x,y&p=1.AB')).toBe('?preset=a&off=x,y&p=1.AB');
    expect(withoutVersion('?v=06c351e0')).toBe('');
  });
});
