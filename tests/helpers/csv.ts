// A strict RFC 4180 reader for the tests: what a spreadsheet or a CSV library sees in a file.
// Fields split at commas, records at "\n" (or "\r\n"); a field that starts with a double quote
// runs to the next lone quote, with "" read as one quote; anything else is an error.

/** The records of `text` (a final line end ends the last record; it does not start one). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  const end = text.endsWith('\r\n')
    ? text.length - 2
    : text.endsWith('\n')
      ? text.length - 1
      : text.length;
  while (i <= end) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < end && text[i] !== ',' && text[i] !== '\n' && !text.startsWith('\r\n', i)) {
        throw new Error(`text after a closing quote at ${i}`);
      }
    } else {
      while (i < end && text[i] !== ',' && text[i] !== '\n' && !text.startsWith('\r\n', i)) {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        if (text[i] === '\r') throw new Error(`a bare CR in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    fields.push(field);
    if (i >= end) {
      records.push(fields);
      break;
    }
    if (text[i] === ',') {
      i++;
      if (i === end) {
        fields.push('');
        records.push(fields);
        break;
      }
    } else {
      i += text[i] === '\r' ? 2 : 1;
      records.push(fields);
      fields = [];
    }
  }
  return records;
}
