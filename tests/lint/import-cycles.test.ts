// No module of the code imports itself back through others: the runtime imports (type-only
// imports are erased and left out) of every .ts file in src/ and workers/ form no cycle. A cycle
// makes the order modules start in depend on which is imported first, and hides a layering
// mistake that the layer rules (layers.test.ts) do not see inside one layer.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? tsFiles(join(dir, d.name))
      : d.name.endsWith('.ts') && !d.name.endsWith('.d.ts')
        ? [join(dir, d.name)]
        : [],
  );
}

/** The relative modules `text` imports or re-exports at run time. */
function runtimeImports(text: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm;
  for (const m of text.matchAll(re)) if (!m[1]) out.push(m[2]);
  return out;
}

/** A cycle of `graph` as the list of its modules (first = last), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 1) return [...stack.slice(stack.indexOf(f)), f];
    if (state.get(f) === 2) return null;
    state.set(f, 1);
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      const cycle = visit(g);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(f, 2);
    return null;
  };
  for (const f of graph.keys()) {
    const cycle = visit(f);
    if (cycle) return cycle;
  }
  return null;
}

describe('imports', () => {
  it('reads runtime imports and leaves out type-only ones', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import {\n  c,\n  type D,\n} from './c.ts';",
      "export { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "import './g.ts';",
      "import x from 'node:fs';",
    ].join('\n');
    expect(runtimeImports(text)).toEqual(['./a.ts', './c.ts', './e.ts', './g.ts']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']]]))).toBeNull();
  });

  it('of src/ and workers/ form no cycle', () => {
    const files = [...tsFiles(join(root, 'src')), ...tsFiles(join(root, 'workers'))];
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const deps = runtimeImports(readFileSync(file, 'utf8'))
        .filter((p) => p.endsWith('.ts'))
        .map((p) => relative(root, resolve(dirname(file), p)));
      graph.set(relative(root, file), deps);
    }
    expect(findCycle(graph)).toBeNull();
  });
});
