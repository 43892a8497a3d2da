// JSON output for people and for jq: objects indented by two spaces, but arrays of plain values
// (per-node delays, raw FWQ samples, bin edges) on one line, so `--detail` on 1,024 nodes or a
// million samples stays a readable, greppable size instead of one number per line.
// Numbers follow JSON.stringify: NaN and ±Infinity become null.

function isPlain(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

/** `value` as indented JSON text (no trailing newline). */
export function formatJson(value: unknown, indent = ''): string {
  if (isPlain(value)) return JSON.stringify(value) ?? 'null';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain))
      return `[${value.map((v) => JSON.stringify(v) ?? 'null').join(', ')}]`;
    return `[\n${value.map((v) => inner + formatJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  // Like JSON.stringify, fields whose value is undefined (or a function) are left out.
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && typeof v !== 'function',
  );
  if (entries.length === 0) return '{}';
  const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`);
  return `{\n${body.join(',\n')}\n${indent}}`;
}
