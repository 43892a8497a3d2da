// Numbers the papers published, for the charts to draw beside the simulated ones.
export * from './types.ts';
export { SEEDS } from './seeds.ts';
export { publishedMachine } from './machine.ts';
export {
  PUBLISHED,
  cycleTimeMarks,
  iterationMarks,
  lossShareMarks,
  resonanceShareMarks,
} from './match.ts';
export { citation, publishedLine, publishedText, publishedCsv } from './text.ts';
