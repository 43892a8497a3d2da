/**
 * A source's name split so that a narrow panel cuts the part sources share, not the part that
 * tells them apart: "Timer interrupt (scheduler tick), core 7" is eight rows on Jaguar XT5 that
 * differ only after the comma, and an end-cut name ("Timer interrupt (scheduler tick), …") hides
 * exactly that. The tail is what follows the last ", " or, failing that, the last " (", when it is
 * short enough to stay whole (at most TAIL_MAX characters); otherwise there is no tail and the
 * name is cut at its end as before.
 */
export const TAIL_MAX = 24;

export interface LabelParts {
  /** the part a narrow panel may cut (with an ellipsis) */
  head: string;
  /** the part always shown whole ('' when none) */
  tail: string;
}

/** Spaces of every width as one kind: formatTimeUs writes a narrow no-break space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * `shown`: the timing the row prints under the name ("640 µs every 125 ms"). A name that ends in
 * that same timing in parentheses ("TruCluster kernel heartbeat (640 µs every 125 ms)", the
 * ASCI Q presets' labels) drops it from the name's line: kept whole as a tail it cut the name to
 * "TruCluste…" for words the next line says again.
 */
export function splitLabel(label: string, shown = ''): LabelParts {
  const open = label.lastIndexOf(' (');
  if (shown !== '' && open > 0 && plain(label.slice(open)) === `(${plain(shown)})`) {
    return { head: label.slice(0, open), tail: '' };
  }
  for (const mark of [', ', ' (']) {
    const at = label.lastIndexOf(mark);
    // at > 0: a name that is all tail has nothing to cut before it
    if (at > 0 && label.length - at <= TAIL_MAX) {
      return { head: label.slice(0, at), tail: label.slice(at) };
    }
  }
  return { head: label, tail: '' };
}
