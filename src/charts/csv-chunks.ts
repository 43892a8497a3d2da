// A big CSV in pieces: a 1,000,000-iteration run's CSV is ~25 MB, and one
// `new Blob([text])` encodes all of it to UTF-8 in one task (150–220 ms). Cut into slices of at
// most SLICE_CHARS, each encoded in a task of its own, the main thread never stops for long.

/** UTF-16 code units per slice: about 1 MB of text, encoded in a few ms. */
export const SLICE_CHARS = 1 << 20;

/** What a view's CSV button gets: the whole text, or its pieces in order. */
export type CsvText = string | readonly string[];

/** Whether code unit `c` is the first half of a surrogate pair. */
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * The CSV as slices of at most `max` code units (a pair is never split, so each slice encodes to
 * the same bytes as it does inside the whole text). Their join is the text, byte for byte.
 */
export function csvSlices(text: CsvText, max = SLICE_CHARS): string[] {
  const parts = typeof text === 'string' ? [text] : text;
  const out: string[] = [];
  for (const part of parts) {
    let at = 0;
    while (at < part.length) {
      let to = Math.min(part.length, at + max);
      if (to < part.length && to - at > 1 && isHighSurrogate(part.charCodeAt(to - 1))) to--;
      out.push(part.slice(at, to));
      at = to;
    }
  }
  return out;
}
