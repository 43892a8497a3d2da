// `npm run links`: how long the page's links are, for docs/links.md. Every kind of single edit
// (tests/helpers/preset-edits.ts) on every preset, and 300 random sets of 1–5 edits on random
// presets (seeds 1–300, the round-trip test's), each measured as the whole address a course page
// would print: ORIGIN + the link. The test (tests/state/delta-link.test.ts) holds every one of
// them under 500 characters; this prints the table.
import { Rng } from '../src/engine/random.ts';
import { validateScenario, type Scenario } from '../src/scenario/index.ts';
import { PRESET_TABLE } from '../src/state/preset-list.ts';
import { currentVersion } from '../src/state/preset-releases.ts';
import { linkFor } from '../src/state/share-url.ts';
import { editKinds, presetFile, randomEdits } from '../tests/helpers/preset-edits.ts';

const ORIGIN = 'https://noiselab.example.org/';
const bases = new Map(PRESET_TABLE.map(({ id }) => [id, presetFile(id)]));
const link = async (scenario: Scenario, id: string) =>
  ORIGIN +
  (await linkFor({
    scenario,
    preset: { id, scenario: bases.get(id)!, version: currentVersion(id) },
  }));

const kinds = editKinds(new Rng(7)).map((e) => e.kind);
const rows: string[] = [];
rows.push(`| preset | ${kinds.join(' | ')} |`);
rows.push(`|---|${kinds.map(() => '--:').join('|')}|`);
let most = 0;
for (const { id } of PRESET_TABLE) {
  const cells: string[] = [];
  for (const edit of editKinds(new Rng(7))) {
    let scenario: Scenario;
    try {
      scenario = validateScenario(edit.apply(bases.get(id)!));
    } catch {
      cells.push('–');
      continue;
    }
    const n = (await link(scenario, id)).length;
    most = Math.max(most, n);
    cells.push(String(n));
  }
  rows.push(`| ${id} | ${cells.join(' | ')} |`);
}
console.log(rows.join('\n'));
console.log(`\nlongest single edit: ${most} characters`);

const bySize = new Map<number, number[]>();
for (let seed = 1; seed <= 300; seed++) {
  const r = new Rng(seed);
  const { id } = PRESET_TABLE[r.below(PRESET_TABLE.length)];
  const count = 1 + r.below(5);
  const edited = randomEdits(bases.get(id)!, r, count);
  if (!edited) continue;
  const lengths = bySize.get(count) ?? [];
  lengths.push((await link(edited.scenario, id)).length);
  bySize.set(count, lengths);
}
console.log('\n| edits | links | median | longest |\n|--:|--:|--:|--:|');
for (const [count, lengths] of [...bySize].sort(([a], [b]) => a - b)) {
  lengths.sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)];
  console.log(`| ${count} | ${lengths.length} | ${median} | ${lengths.at(-1)} |`);
}
