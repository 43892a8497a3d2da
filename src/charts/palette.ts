// The views' colours: Okabe–Ito (colour-blind safe), each paired with a line dash as a second
// cue, and viridis stops for sequential scales (the per-node noise map).
export const COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#000000',
];
export const DASHES = ['', '6 4', '2 3', '10 3 2 3', '1 5', '8 2', '4 2 1 2'];

/** The colour and dash of the k-th curve or layer. */
export function cue(k: number): { colour: string; dash: string } {
  return { colour: COLOURS[k % COLOURS.length], dash: DASHES[k % DASHES.length] };
}

/** Viridis, dark (low) to yellow (high): perceptually uniform and colour-blind safe. */
export const VIRIDIS = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];
