// Written by `npm run scenarios -- --solve` (scripts/derive-scenarios.ts); do not edit by hand.
// The run without noise of each NPB LU and FT scenario, s: solved so that the mean run time over
// NPB_SOLVE_SEEDS, noise included, is 001 Table 2's mean for its machine. A scenario missing
// here runs Table 2's mean without noise (its noise then adds to the mean).
export const NPB_SOLVE_SEEDS: readonly number[] = [1001, 1002, 1003, 1004, 1005];
export const NPB_NOISELESS_S: Readonly<Record<string, number>> = {
  'lu-asci-q-2002': 38.43,
  'ft-asci-q-2002': 29.74,
  'lemieux-lu': 35.84,
  'lemieux-ft': 28.37,
  't3e-mcurie-lu': 297.5,
  't3e-mcurie-ft': 104.18,
  'seaborg-lu': 74.31,
  'seaborg-ft': 41.33,
  'alvarez-lu': 406.6,
  'alvarez-ft': 90.36,
};
