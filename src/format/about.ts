// An estimated duration for a sentence, the page's and the command line's alike.

/** "about 40 s", "about 33 min", "about 2.5 h" from s: an estimate, two significant digits */
export function aboutSeconds(s: number): string {
  if (s < 60) return `about ${Math.max(1, Math.round(s))} s`;
  if (s < 3600) return `about ${Math.round(s / 60)} min`;
  return `about ${Number((s / 3600).toPrecision(2))} h`;
}
