// The public API of the scenario module: types, validation, errors, limits, cost estimates,
// migrations and dotted-path edits. Import from here rather than from the files themselves.

export * from './types.ts';
export { ScenarioError, formatIssue, renderValue, type ScenarioIssue } from './errors.ts';
export * from './limits.ts';
export { parseScenarioText, validateScenario } from './validate.ts';
export { nodesLeftAfterExclusion } from './validate-machine.ts';
export {
  collectiveEstimateUs,
  coveredJobNodes,
  estimateHorizonUs,
  estimateNoiseEvents,
  estimateRankIterations,
  meanDurationUs,
} from './cost.ts';
export { migrateToCurrent, migrations, type Migration } from './migrate.ts';
export { getPath, parseAssignment, parsePath, setPath } from './paths.ts';
