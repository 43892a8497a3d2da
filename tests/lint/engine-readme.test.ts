// The engine's README names every file of src/engine in its file table, so someone new finds
// what each holds (and a file added without a line there fails here).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../src/engine/', import.meta.url);

describe('src/engine/README.md', () => {
  it('names every engine file in its table', () => {
    const readme = readFileSync(new URL('README.md', dir), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Files'),
      readme.indexOf('\n## ', readme.indexOf('## Files') + 1),
    );
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const missing = files.filter((f) => !table.includes(`\`${f}\``));
    expect(missing).toEqual([]);
  });
});
