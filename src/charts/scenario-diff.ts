// What tells two scenarios apart (Compare runs): when the pinned run and the live one
// share a title (a preset with one daemon switched off, say), the side-by-side table names the
// differences instead of repeating the title. Short phrases, in the order a reader scans the
// set-up: machine, job, workload, seed, then the noise sources in the live scenario's order.
import type { NoiseSource, Scenario, Workload } from '../scenario/types.ts';
import { formatCount, formatTimeUs } from '../format/numbers.ts';

/** One difference: what it is about and how it reads ("nodes: 64 → 128"). */
export interface Difference {
  /** machine, job, workload, seed or noise: what changed */
  about: 'machine' | 'job' | 'workload' | 'seed' | 'noise';
  text: string;
}

const list = (xs: readonly number[]) => (xs.length === 0 ? 'none' : xs.join(', '));
/** Deep equality of plain data, key order aside (an edit may rebuild an object in any order);
 * a key holding undefined counts as absent. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (o: object) =>
    Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const [ka, kb] = [keys(a), keys(b)];
  if (ka.length !== kb.length) return false;
  const [ra, rb] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return ka.every((k) => Object.hasOwn(rb, k) && same(ra[k], rb[k]));
}

/** The compute between collectives each workload calls its granularity, µs; null if none. */
function granularityUs(w: Workload): number | null {
  switch (w.kind) {
    case 'barrier':
    case 'allreduce':
    case 'halo':
    case 'alltoall':
    case 'wavefront':
      return w.granularityUs;
    case 'mpi-fwq':
      return w.workUs;
    case 'sage':
      return w.computeUsPerCycle;
    case 'pop':
      return w.baroclinicUs;
  }
}

/** A source as the comparison sees it: everything but whether it is on. */
const body = (s: NoiseSource) => ({ ...s, enabled: undefined });

/**
 * The differences from `pinned` to `live`, each "what: before → after"; [] when the two set up
 * the same run. The title and description are not compared: they are what this replaces.
 */
export function scenarioDiff(pinned: Scenario, live: Scenario): Difference[] {
  const out: Difference[] = [];
  const add = (about: Difference['about'], text: string) => out.push({ about, text });
  const change = <T>(
    about: Difference['about'],
    name: string,
    a: T,
    b: T,
    show: (v: T) => string,
  ) => {
    if (!same(a, b)) add(about, `${name}: ${show(a)} → ${show(b)}`);
  };

  const [pm, lm] = [pinned.machine, live.machine];
  change('machine', 'machine', pm.name, lm.name, String);
  if (pm.name === lm.name && !same(pm, lm)) add('machine', 'machine: edited');

  const [pj, lj] = [pinned.job, live.job];
  change('job', 'nodes', pj.nodes, lj.nodes, formatCount);
  change('job', 'PPN', pj.ranksPerNode, lj.ranksPerNode, formatCount);
  change('job', 'reserved cores', pj.reservedCores, lj.reservedCores, list);
  change('job', 'excluded offsets', pj.excludeOffsets, lj.excludeOffsets, list);
  change('job', 'wait mode', pj.waitMode, lj.waitMode, String);
  change('job', 'wake-up', pj.wakeupUs, lj.wakeupUs, formatTimeUs);

  const [pw, lw] = [pinned.workload, live.workload];
  change('workload', 'workload', pw.kind, lw.kind, String);
  if (pw.kind === lw.kind) {
    const [pg, lg] = [granularityUs(pw), granularityUs(lw)];
    if (pg !== null && lg !== null) change('workload', 'g', pg, lg, formatTimeUs);
    change('workload', 'iterations', pw.iterations, lw.iterations, formatCount);
    const rest = (w: Workload) => ({ ...w, iterations: 0, ...granularityField(w) });
    if (!same(rest(pw), rest(lw))) add('workload', 'workload: edited');
  }
  change('seed', 'seed', pinned.seed, live.seed, String);

  const before = new Map(pinned.noise.map((s) => [s.id, s]));
  const after = new Set(live.noise.map((s) => s.id));
  for (const s of live.noise) {
    const p = before.get(s.id);
    if (!p) add('noise', `${s.label}: added${s.enabled ? '' : ' (off)'}`);
    else {
      if (p.enabled !== s.enabled) add('noise', `${s.label}: ${s.enabled ? 'on' : 'off'}`);
      if (!same(body(p), body(s))) add('noise', `${s.label}: edited`);
    }
  }
  for (const p of pinned.noise) if (!after.has(p.id)) add('noise', `${p.label}: removed`);
  return out;
}

/** The workload's granularity field blanked, so "edited" speaks only of the other fields. */
function granularityField(w: Workload): Partial<Record<string, number>> {
  switch (w.kind) {
    case 'barrier':
    case 'allreduce':
    case 'halo':
    case 'alltoall':
    case 'wavefront':
      return { granularityUs: 0 };
    case 'mpi-fwq':
      return { workUs: 0 };
    case 'sage':
      return { computeUsPerCycle: 0 };
    case 'pop':
      return { baroclinicUs: 0 };
  }
}
