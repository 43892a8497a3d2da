// The public API of the scenario module: types, validation, errors, limits, cost estimates,
// workloads as programs of phases, migrations and dotted-path edits. Import from here rather than from the files themselves.

export * from './types.ts';
export { ScenarioError, formatIssue, renderValue, type ScenarioIssue } from './errors.ts';
export * from './limits.ts';
export { parseScenarioText, validateScenario } from './validate.ts';
export { nodesLeftAfterExclusion, WORKLOAD_KINDS } from './validate-machine.ts';
export { DEFAULT_CELLS_PER_PE, DEFAULT_TREE } from './spec.ts';
export { SCENARIO_SCHEMA_PATH, scenarioSchema } from './schema.ts';
export {
  barrierEstimateUs,
  collectiveEstimateUs,
  coveredJobNodes,
  estimateHorizonUs,
  estimateNoiseEvents,
  estimatePhaseIterations,
  estimateRankIterations,
  meanDurationUs,
  rankCores,
  treeCollectiveUs,
} from './cost.ts';
export {
  computePerIterationUs,
  iterationNoun,
  jobRanks,
  messageCostUs,
  PHASE_BARRIER,
  PHASE_HALO,
  PHASE_TREE,
  type PhaseProgram,
  phaseProgram,
  treeDepth,
  workloadHopUs,
} from './phases.ts';
export { migrateToCurrent, migrations, type Migration } from './migrate.ts';
export { getPath, parseAssignment, parsePath, setPath } from './paths.ts';
export {
  dropSourceTiming,
  setSourcePeriod,
  setSourcePhase,
  withGroupPeriods,
} from './source-phase.ts';
