// The validator's lines for a refused edit (`job.excludeOffsets[1]: -1 is out of range; …`) as
// the panel says them: a path the panel has a control for is named by that control's label
// ("Excluded cluster offsets: -1 is out of range; …"). The rest of the line is the validator's,
// and a path the panel has no label for stays as it is (it still names the field exactly).

/** Panel labels by scenario path (an index in brackets is one entry of a list field). */
const LABELS: Record<string, string> = {
  'job.nodes': 'Job nodes',
  'job.ranksPerNode': 'Ranks per node',
  'job.excludeOffsets': 'Excluded cluster offsets',
  'job.reservedCores': 'Reserved cores',
  'job.wakeupUs': 'Wake-up (µs)',
  'job.waitMode': 'Waiting ranks',
  'machine.collective.baseUs': 'Collective base (µs)',
  'machine.collective.perLevelUs': 'Per tree level (µs)',
  'workload.granularityUs': 'Granularity (µs)',
  'workload.iterations': 'Iterations',
  'workload.warmup': 'Warm-up',
  'workload.latencyUs': 'Message latency (µs)',
  'workload.messageBytes': 'Message size (bytes)',
  'workload.usPerByte': 'µs per byte',
  'workload.workUs': 'Work quantum (µs)',
  'workload.computeUsPerCycle': 'Compute per cycle (µs)',
  'workload.baroclinicUs': 'Baroclinic work (µs·rank)',
  'workload.barotropicUs': 'Solver work (µs·rank)',
  'workload.barotropicSerialUs': 'Solver serial work (µs)',
};

/** The source editor's labels by field of a noise source. */
const SOURCE_FIELDS: Record<string, string> = {
  periodUs: 'period (µs)',
  phaseOffsetUs: 'phase offset (µs)',
  phaseWindowUs: 'phase window (µs)',
  group: 'group',
  runProbability: 'probability of being present in a run',
  eventProbability: 'probability of an event in a period',
  duration: 'duration',
  placement: 'placement',
  cpu: 'core',
  label: 'label',
  category: 'category',
};

const LINE = /^([A-Za-z][\w.[\]]*): (.*)$/s;

/** `line` with its leading path named as the panel names it, when the panel has a label. */
export function inPanelWords(line: string): string {
  const m = LINE.exec(line);
  if (!m) return line;
  const [, path, rest] = m;
  const label = LABELS[path.replace(/\[\d+\]$/, '')];
  if (label) return `${label}: ${rest}`;
  const source = /^noise\[(\d+)\]\.(\w+)/.exec(path);
  if (source) {
    const field = SOURCE_FIELDS[source[2]];
    if (field) return `Noise source ${Number(source[1]) + 1}, ${field}: ${rest}`;
  }
  return line;
}
