// CSV output of sweeps, for spreadsheets and plotting scripts. Fields are quoted as RFC 4180
// asks — only when they contain a comma, a double quote or a line break, with inner quotes
// doubled — so plain numbers stay unquoted and every tool reads them as numbers. Lines end in
// "\n" rather than RFC 4180's CRLF: the output is meant for pipes and Unix tools, and every
// CSV reader accepts it.

/** The text of one field: strings as they are, numbers in full precision, others as JSON. */
export function csvField(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  // NaN/Infinity have no CSV spelling a reader agrees on; an empty field means "no value".
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line of `columns` and one line per row (missing fields are empty). */
export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const line = (fields: unknown[]) => fields.map(csvField).join(',');
  return [line(columns), ...rows.map((row) => line(columns.map((c) => row[c])))].join('\n') + '\n';
}
