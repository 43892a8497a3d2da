// The verdict cell of every check row of the committed docs/validation.md, by check id: what the
// report says of each check ('pass', 'pass (fit, not counted)', '**FAIL**', ...).
import { readFileSync } from 'node:fs';

export function reportVerdicts(): Map<string, string> {
  const text = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (!m) continue;
    // cells split at pipes not escaped by the renderer (\|)
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    out.set(m[1], cells[5]);
  }
  return out;
}
