// Numbers the papers published, for the charts to draw beside the simulated ones.
export * from './types.ts';
export { SEEDS, authorYear, reference, type SeedKey } from './seeds.ts';
export { readableCite, readableInlines, readableRuns, readableText, reportHref } from './cite.ts';
export { publishedMachine } from './machine.ts';
export {
  PUBLISHED,
  cycleTimeMarks,
  iterationMarks,
  lossShareMarks,
  resonanceShareMarks,
} from './match.ts';
export {
  citation,
  publishedCsv,
  publishedLine,
  publishedSource,
  publishedSourceNote,
  publishedText,
} from './text.ts';
