// The schema as an editor uses it: VS Code's JSON language service (vscode-json-languageservice)
// reads a scenario file that names the published schema in `$schema`, flags a wrong field where
// it is typed, and completes field names and values.
import { readFileSync } from 'node:fs';
import {
  type CompletionList,
  type Diagnostic,
  getLanguageService,
  TextDocument,
} from 'vscode-json-languageservice';
import { describe, expect, it } from 'vitest';
import { SCENARIO_SCHEMA_PATH } from '../../src/scenario/index.ts';

const SITE = 'https://noiselab.example.org/course/';
const SCHEMA_URL = new URL(SCENARIO_SCHEMA_PATH(), SITE).href;
const root = new URL('../../', import.meta.url);

/** The editor, fetching the schema from the site (here: the file the build publishes). */
const service = getLanguageService({
  schemaRequestService: async (uri) => {
    if (uri !== SCHEMA_URL) throw new Error(`unexpected schema request ${uri}`);
    return readFileSync(new URL(`public/${SCENARIO_SCHEMA_PATH()}`, root), 'utf8');
  },
});
service.configure({ validate: true, allowComments: false });

/** A preset's file as an exported one starts: `$schema` first. */
function presetText(id: string): string {
  const file = JSON.parse(readFileSync(new URL(`scenarios/${id}.json`, root), 'utf8'));
  return JSON.stringify({ $schema: SCHEMA_URL, ...file }, null, 2);
}

async function diagnostics(text: string): Promise<Diagnostic[]> {
  const doc = TextDocument.create('file:///scenario.json', 'json', 1, text);
  return service.doValidation(doc, service.parseJSONDocument(doc));
}

/** What the editor offers at the `|` in `text`. */
async function completions(text: string): Promise<string[]> {
  const at = text.indexOf('|');
  const doc = TextDocument.create('file:///scenario.json', 'json', 1, text.replace('|', ''));
  const list = (await service.doComplete(
    doc,
    doc.positionAt(at),
    service.parseJSONDocument(doc),
  )) as CompletionList;
  return list.items.map((item) => item.label);
}

/** The text of `text` a diagnostic points at. */
const under = (text: string, d: Diagnostic) => {
  const doc = TextDocument.create('file:///x.json', 'json', 1, text);
  return text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
};

describe('an editor with the published schema', () => {
  it.each(['asci-q-2002', 'jaguar-xt5-stock', 'pop-jaguar-xt5-stock', 'bgp-intrepid'])(
    'finds nothing wrong in the preset %s',
    async (id) => {
      expect(await diagnostics(presetText(id))).toEqual([]);
    },
  );

  it('flags a misspelt field on the field itself', async () => {
    const text = presetText('asci-q-2002').replace('"coresPerNode"', '"corePerNode"');
    const found = await diagnostics(text);
    expect(found.map((d) => under(text, d))).toContain('"corePerNode"');
  });

  it('flags a value out of range on the value, with the limit', async () => {
    const text = presetText('asci-q-2002').replace('"coresPerNode": 4', '"coresPerNode": 300');
    const found = await diagnostics(text);
    expect(found.map((d) => under(text, d))).toEqual(['300']);
    expect(found[0].message).toMatch(/256/);
  });

  it('does not flag an integer written 1024.0, which NoiseLab reads as 1024', async () => {
    const text = presetText('asci-q-2002').replace('"nodes": 1024,', '"nodes": 1024.0,');
    expect(text).toContain('1024.0');
    expect(await diagnostics(text)).toEqual([]);
  });

  it('flags a duration distribution without its parameters', async () => {
    const text = presetText('asci-q-2002').replace(
      /"dist": "fixed",\s*"valueUs": \d+/,
      '"dist": "uniform", "minUs": 1',
    );
    expect(await diagnostics(text)).not.toEqual([]);
  });

  it("completes a machine's fields and a workload's kinds", async () => {
    const fields = await completions(`{"$schema": "${SCHEMA_URL}", "machine": { | }}`);
    expect(fields).toEqual(
      expect.arrayContaining(['nodes', 'coresPerNode', 'clusterSize', 'collective', 'tree']),
    );
    const kinds = await completions(`{"$schema": "${SCHEMA_URL}", "workload": { "kind": | }}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['"barrier"', '"allreduce"', '"mpi-fwq"', '"sage"', '"pop"']),
    );
  });
});
