// What the panel calls the scenario fields it edits. The controls label their inputs with these,
// and a refused edit's lines name the field by them (issue-words.ts), so that a message says the
// word the student sees beside the input. A control whose label depends on its context (the
// granularity slider names what the work is between; the iteration count its workload's noun)
// keeps its own, and a message names the field as here.

/** By scenario path. */
export const PANEL_LABELS = {
  'job.nodes': 'Job nodes',
  'job.ranksPerNode': 'Ranks per node',
  'job.excludeOffsets': 'Excluded cluster offsets',
  'job.reservedCores': 'Reserved cores',
  'job.wakeupUs': 'Wake-up (µs)',
  'job.waitMode': 'Waiting ranks',
  'machine.collective.baseUs': 'Collective base (µs)',
  'machine.collective.perLevelUs': 'Per tree level (µs)',
  'machine.slowNodes.placement': 'Slow nodes',
  'machine.slowNodes.placement.ids': 'Slow nodes',
  'machine.slowNodes.placement.p': 'Slow nodes (a share)',
  'machine.slowNodes.computeFactor': 'Slower by (%)',
  'workload.granularityUs': 'Granularity (µs)',
  'workload.iterations': 'Iterations',
  'workload.warmup': 'Warm-up (not measured)',
  'workload.latencyUs': 'Message latency (µs)',
  'workload.messageBytes': 'Message size (bytes)',
  'workload.usPerByte': 'µs per byte',
  'workload.overheadUs': 'CPU per message (µs)',
  'workload.stages': 'Stages per sweep',
  'workload.workUs': 'Work quantum (µs)',
  'workload.computeUsPerCycle': 'Compute per cycle (µs)',
  'workload.allreducesPerCycle': 'Allreduces per cycle',
  'workload.cellsPerPE': 'Cells per PE',
  'workload.baroclinicUs': 'Baroclinic work (µs·rank)',
  'workload.barotropicIterations': 'Solver iterations per step',
  'workload.barotropicUs': 'Solver work (µs·rank)',
  'workload.barotropicSerialUs': 'Solver serial work (µs)',
} as const satisfies Record<string, string>;

export type PanelPath = keyof typeof PANEL_LABELS;

/** The workload fields the panel edits, by key under `workload`. */
export const workloadLabel = (key: string): string =>
  (PANEL_LABELS as Record<string, string>)[`workload.${key}`] ?? key;

/** The source editor's labels, by field of a noise source. */
export const SOURCE_LABELS = {
  label: 'Label',
  category: 'Category',
  periodUs: 'Period (µs)',
  phaseOffsetUs: 'Phase offset (µs)',
  phaseWindowUs: 'Phase window (µs)',
  group: 'Group',
  eventProbability: 'Event in a period with probability',
  runProbability: 'Present in a run with probability',
  duration: 'Duration',
  placement: 'Placement',
  cpu: 'Core',
} as const satisfies Record<string, string>;
