// `npm run scenarios`: (re)writes the workload scenario files derived from the machine presets
// (src/validation/derived.ts), validated and formatted like every file of the repository.
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { validateScenario } from '../src/scenario/index.ts';
import { derive, derivations } from '../src/validation/derived.ts';

for (const d of derivations) {
  const s = validateScenario(derive(d));
  const file = new URL(`../scenarios/${d.file}.json`, import.meta.url);
  const text = await format(JSON.stringify(s), { parser: 'json', printWidth: 100 });
  writeFileSync(file, text);
  console.log(`scenarios/${d.file}.json  (${d.parent} + ${s.workload.kind})`);
}
