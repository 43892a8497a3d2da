// The look of a pinned run's curves (Compare runs, issue 5): ghosts behind the live ones,
// lighter and dashed, in a grey no live curve uses, so both shade and dash tell them apart.
export const GHOST = { colour: '#8a8a8a', dash: '7 4', opacity: 0.75 } as const;

/** The legend's, the tooltips' and the data tables' name of the ghost. */
export const ghostLabel = (title: string) => `pinned: ${title}`;

const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * A CSV block of a ghost, after a blank line: a header whose first column is `series`, then one
 * row per entry of `rows`, each named "pinned: <title>" (quoted: titles may hold commas).
 */
export function ghostCsv(
  title: string,
  columns: readonly string[],
  rows: readonly (readonly (number | string)[])[],
): string {
  if (rows.length === 0) return '';
  const name = quote(ghostLabel(title));
  const lines = [['series', ...columns].join(','), ...rows.map((r) => [name, ...r].join(','))];
  return '\n' + lines.join('\n') + '\n';
}
