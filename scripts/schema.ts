// `npm run schema`: writes the JSON Schema of every scenario format version this NoiseLab reads
// to public/schema/scenario-v<version>.json, where the built site publishes it. The schema is
// written from src/scenario/spec.ts; tests/scenario/schema.test.ts fails until this is run
// after a change there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { SCENARIO_SCHEMA_PATH, SCENARIO_VERSION, scenarioSchema } from '../src/scenario/index.ts';

const publicDir = new URL('../public/', import.meta.url);
mkdirSync(new URL('schema/', publicDir), { recursive: true });
for (let version = 1; version <= SCENARIO_VERSION; version++) {
  const file = new URL(SCENARIO_SCHEMA_PATH(version), publicDir);
  writeFileSync(file, schemaText(version));
  console.log(`wrote public/${SCENARIO_SCHEMA_PATH(version)}`);
}

function schemaText(version: number): string {
  return `${JSON.stringify(scenarioSchema(version), null, 2)}\n`;
}
