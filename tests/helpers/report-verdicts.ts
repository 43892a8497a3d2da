// The committed docs/validation.md read back: the verdict cell of every check row by check id
// ('pass', 'pass (fit, not counted)', '**FAIL**', ...), each target's section, and the inputs
// file beside it (docs/validation-inputs.json).
import { readFileSync } from 'node:fs';
import type { ReportInputs } from '../../src/validation/inputs.ts';
import { INPUTS_FILE } from '../../src/validation/report.ts';

const root = new URL('../../', import.meta.url);

/** docs/validation.md as committed. */
export function reportText(): string {
  return readFileSync(new URL('docs/validation.md', root), 'utf8');
}

export function reportVerdicts(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of reportText().split('\n')) {
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

/** Each target's section, by target number: from its "## N. " heading to the line before the
 * next heading, without the trailing blank line. */
export function reportSections(): Map<number, string> {
  const out = new Map<number, string>();
  let number: number | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (number !== null) out.set(number, lines.join('\n').trimEnd());
  };
  for (const line of reportText().split('\n')) {
    const m = /^## (\d+)\. /.exec(line);
    if (m || line.startsWith('## ')) {
      flush();
      number = m ? Number(m[1]) : null;
      lines = [];
    }
    if (number !== null) lines.push(line);
  }
  flush();
  return out;
}

/** docs/validation-inputs.json, or null when it is missing or not an inputs list. */
export function recordedInputs(): ReportInputs | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(new URL(INPUTS_FILE, root), 'utf8'));
  } catch {
    return null;
  }
  const p = parsed as Partial<ReportInputs> | null;
  if (
    typeof p?.fingerprint !== 'string' ||
    typeof p.files !== 'object' ||
    p.files === null ||
    !Object.values(p.files).every((h) => typeof h === 'string')
  ) {
    return null;
  }
  return {
    fingerprint: p.fingerprint,
    files: p.files,
    ...(typeof p.report === 'string' ? { report: p.report } : {}),
  };
}
