// The look of a pinned run's curves (Compare runs): ghosts behind the live ones,
// lighter and dashed, in a grey no live curve uses, so both shade and dash tell them apart.
import { csvLines, quoted, type CsvCell } from '../format/csv.ts';

export const GHOST = { colour: '#8a8a8a', dash: '7 4', opacity: 0.75 } as const;

/** The legend's, the tooltips' and the data tables' name of the ghost. */
export const ghostLabel = (title: string) => `pinned: ${title}`;

/**
 * A CSV block of a ghost, after a blank line: a header whose first column is `series`, then one
 * row per entry of `rows`, each named "pinned: <title>" (always quoted: titles may hold commas).
 */
export function ghostCsv(
  title: string,
  columns: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  if (rows.length === 0) return '';
  const name = quoted(ghostLabel(title));
  return '\n' + csvLines([['series', ...columns], ...rows.map((r) => [name, ...r])]);
}
