// `noiselab fwq`: Fixed Work Quanta on one node (model.md §6), the per-core statistics the
// Jaguar paper reports (mean, sd, min, max, kurtosis). A measurement that would exhaust memory
// or never finish is refused before it runs (the engine's fwqProblem).
import { fwqProblem, runFwq } from '../../engine/index.ts';
import { buildLayout } from '../../engine/layout.ts';
import type { Invocation } from '../args.ts';
import { CliError } from '../errors.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';

export function fwqCommand(inv: Invocation): string {
  const scenario = loadScenario(inv.file, inv);
  const { coresPerNode: C, nodes } = scenario.machine;
  const problems: string[] = [];
  if (inv.core !== undefined && inv.core >= C) {
    problems.push(`--core: ${inv.core} is out of range; allowed: 0..${C - 1} (coresPerNode ${C})`);
  }
  if (inv.node !== undefined && inv.node >= nodes) {
    problems.push(`--node: ${inv.node} is out of range; allowed: 0..${nodes - 1} (machine.nodes)`);
  }
  if (problems.length > 0) throw new CliError(problems);
  // The default node (the job's first, by the engine's own layout) is needed for the cost
  // check, so it is chosen here and handed to runFwq explicitly.
  const node = inv.node ?? buildLayout(scenario).nodeIds[0];
  const options = { workUs: inv.workUs, samples: inv.samples, node };
  const problem = fwqProblem(scenario, options);
  if (problem) throw new CliError(`fwq: ${problem}`);
  const r = runFwq(scenario, options);
  const cores = r.cores
    .filter((c) => inv.core === undefined || c.core === inv.core)
    .map((c) => ({
      core: c.core,
      meanUs: c.meanUs,
      sdUs: c.sdUs,
      minUs: c.minUs,
      maxUs: c.maxUs,
      kurtosis: c.kurtosis,
      overheadUs: c.overheadUs,
      ...(inv.samplesOut ? { samples: Array.from(c.samples) } : {}),
    }));
  return formatJson({
    title: scenario.title,
    seed: scenario.seed,
    node: r.node,
    workUs: r.workUs,
    samples: inv.samples,
    cores,
  });
}
