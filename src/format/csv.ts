// The one CSV writer of NoiseLab: every export (the page's Download CSV buttons and
// `noiselab sweep --format csv`) writes its cells, header cells included, through it. Pure:
// values in, text out; no DOM and no Node, so the page and the CLI may both import it.
//
// A cell is typed, and its type decides how it is written:
// - a number is data: written as JavaScript prints it (`-1.5`, `1e-7`), never quoted or
//   prefixed; NaN and ±Infinity have no CSV spelling a reader agrees on, so they are an empty
//   field ("no value"), as are null and undefined;
// - a string is text: a text that a spreadsheet would take for a formula — one that begins with
//   `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's CSV-injection rule) — gets a single
//   quote `'` in front, so it shows as the text it is and never runs; then, as RFC 4180 asks,
//   a field that holds a comma, a double quote, a CR or a LF is wrapped in double quotes, with
//   its inner quotes doubled. Titles, labels and categories are free text that a shared link
//   can carry: they are always written this way;
// - `quoted(text)` is a text wrapped in quotes even when it does not need them (the columns
//   that have always been quoted, kept byte for byte);
// - booleans and bigints are written as JavaScript prints them; any other value as its JSON
//   text, written as a string.
// Lines end in "\n" rather than RFC 4180's CRLF: the files are meant for pipes, Unix tools and
// spreadsheets, and every CSV reader accepts it.

/** A text cell written in double quotes whether it needs them or not. */
export class QuotedText {
  constructor(readonly text: string) {}
}

/** `text` as a cell that is always quoted (still neutralised like any text). */
export const quoted = (text: string): QuotedText => new QuotedText(text);

/** What a cell may hold. */
export type CsvCell = number | string | boolean | bigint | QuotedText | null | undefined;

/** The characters a spreadsheet reads, at the start of a cell, as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The characters that make a field need quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A number as data: its JavaScript text, or an empty field when it is NaN or infinite. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/**
 * A text cell: `'` put in front when it would start a formula, then wrapped in double quotes
 * (inner quotes doubled) when it holds a comma, a quote or a line break, or when `always`.
 */
export function csvText(text: string, always = false): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return always || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The text of one cell (see the rules above). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  if (typeof value === 'string') return csvText(value);
  if (value instanceof QuotedText) return csvText(value.text, true);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return csvText(JSON.stringify(value) ?? '');
}

/** One line of cells, without its line end. */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvField).join(',');
}

/** Lines of cells, each ending in "\n" ('' when there are none). */
export function csvLines(lines: readonly (readonly unknown[])[]): string {
  return lines.map((cells) => csvLine(cells) + '\n').join('');
}

/** A header line of `columns` and one line per row, in column order (missing fields empty). */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  return csvLines([columns, ...rows.map((row) => columns.map((c) => row[c]))]);
}
