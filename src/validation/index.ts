// The paper-validation targets, all groups, in the numbering.
import { applicationTargets } from './targets/applications.ts';
import { asciQTargets } from './targets/asci-q.ts';
import { haloTargets } from './targets/halo.ts';
import { variabilityTargets } from './targets/variability.ts';
import { otherMachinesVariability } from './targets/variability-sp-intel.ts';
import { jaguarBgpTargets } from './targets/jaguar-bgp.ts';
import { sageCycleTargets } from './targets/sage-cycles.ts';
import type { Target } from './types.ts';

export type { Check, Target, TargetContext } from './types.ts';
export { renderReport, countResults, targetPassed, type TargetResult } from './report.ts';

/** Every target (ASCI Q, Jaguar XT5 and BG/P, the applications), sorted by number. */
export function allTargets(): Target[] {
  return [
    ...asciQTargets,
    ...jaguarBgpTargets,
    ...applicationTargets,
    ...sageCycleTargets,
    ...haloTargets,
    ...variabilityTargets,
    otherMachinesVariability,
  ].sort((a, b) => a.number - b.number);
}
