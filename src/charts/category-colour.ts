// A colour per noise category, from the Okabe–Ito palette (colour-blind safe).
// The category's name is always shown next to the chip, so colour is never
// the only cue.
const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442'];

/** The categories of the shipped presets, with fixed colours. */
const KNOWN: Record<string, string> = {
  kernel: '#0072B2',
  daemon: '#E69F00',
  rms: '#009E73',
  trucluster: '#CC79A7',
};

/** The chip colour of a category; other names get a stable colour from their text. */
export function categoryColour(category: string): string {
  const known = KNOWN[category.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const ch of category) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return OKABE_ITO[hash % OKABE_ITO.length];
}
