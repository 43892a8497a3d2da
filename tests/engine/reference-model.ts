// A second, deliberately naive implementation of model.md §3–§4 for
// differential tests: one global queue of noise events in start order
// across all nodes, every rank's state explicit every iteration, no
// calendar, no lanes, no deferral of freezes to a later visit. It shares
// only the event streams (NoiseTable: phases, Poisson gaps, durations) and
// the victim hash with the engine, so it checks the engine's scheduling —
// the part the optimisations touch — against the model read literally.
import { collectiveLatency } from '../../src/engine/collective.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import { NoiseTable } from '../../src/engine/noise-table.ts';
import { bitsAt3 } from '../../src/engine/random.ts';
import { computeFactors } from '../../src/engine/slow-nodes.ts';
import type { Scenario } from '../../src/scenario/types.ts';

const E_TIME = 0;
const E_COUNT = 1;
const E_SOURCE = 3;

/** Δ_i of every iteration (warm-up included), µs. */
export function referenceDurations(s: Scenario): number[] {
  const layout = buildLayout(s);
  const noise = new NoiseTable(s, layout);
  const { nodes: n, cores: C, ranksPerNode: P, coreSlot } = layout;
  if (s.workload.kind !== 'barrier') throw new Error('the reference model runs barrier workloads');
  const g = s.workload.granularityUs;
  // Which nodes are slow is drawn like the noise's streams; the factor is applied here
  // (docs/slow-nodes.md): a compute of g takes f·g on a slow node.
  const factor = computeFactors(s, layout) ?? new Float64Array(n).fill(1);
  const L = collectiveLatency(s.machine.collective, n, P);
  const block = s.job.waitMode === 'block';
  const wake = block ? s.job.wakeupUs : 0;
  const busy = new Float64Array(n * C);
  const finish = new Float64Array(n * C); // by core id; rank cores only
  const frozenUntil = new Float64Array(n * C);
  // Every (node, source) entry; the earliest is found by a linear scan (small tests).
  const entries: { e: number; x: number }[] = [];
  for (let x = 0; x < n; x++) {
    for (let e = noise.rowStart[x]; e < noise.rowStart[x + 1]; e++) entries.push({ e, x });
  }
  const at = (e: number, f: number) => noise.ent[e * 4 + f];
  const out: number[] = [];
  let t = 0;
  for (let i = 0; i < s.workload.iterations; i++) {
    const base = i > 0 ? t + wake : t;
    let M = -Infinity;
    for (let k = 0; k < n * C; k++) {
      if (coreSlot[k % C] < 0) continue;
      finish[k] = Math.max(base, frozenUntil[k]) + g * factor[Math.floor(k / C)];
      if (finish[k] > M) M = finish[k];
    }
    for (;;) {
      // Earliest event overall; ties: scenario order of the sources.
      let best = -1;
      for (let q = 0; q < entries.length; q++) {
        const e = entries[q].e;
        if (
          best < 0 ||
          at(e, E_TIME) < at(entries[best].e, E_TIME) ||
          (at(e, E_TIME) === at(entries[best].e, E_TIME) &&
            at(e, E_SOURCE) < at(entries[best].e, E_SOURCE))
        ) {
          best = q;
        }
      }
      if (best < 0) break;
      const { e, x } = entries[best];
      const sTime = at(e, E_TIME);
      if (!(sTime < M + L)) break;
      const j = at(e, E_SOURCE);
      const k = at(e, E_COUNT);
      const nodeId = noise.nodeId(x);
      const d = noise.durationOf(j, nodeId, k);
      const k0 = x * C;
      const computing = (c: number) => sTime < finish[k0 + c];
      let core = noise.pinnedCore[j];
      if (core < 0) {
        for (let c = 0; c < C && core < 0; c++) {
          if (busy[k0 + c] > sTime) continue;
          if (coreSlot[c] < 0 || (block && !computing(c))) core = c;
        }
      }
      if (core < 0) {
        const free: number[] = [];
        for (let c = 0; c < C; c++) if (coreSlot[c] >= 0 && busy[k0 + c] <= sTime) free.push(c);
        if (free.length > 0) {
          core =
            free[Math.floor((bitsAt3(noise.victimKey[j], nodeId, k) * free.length) / 4294967296)];
        } else {
          for (let c = 0; c < C; c++) {
            if (coreSlot[c] >= 0 && (core < 0 || busy[k0 + c] < busy[k0 + core])) core = c;
          }
        }
      }
      const a = Math.max(sTime, busy[k0 + core]);
      const b = a + d;
      busy[k0 + core] = b;
      noise.advance(e, x);
      if (coreSlot[core] < 0) continue;
      if (a < finish[k0 + core]) {
        finish[k0 + core] += d;
        if (finish[k0 + core] > M) M = finish[k0 + core];
      } else {
        frozenUntil[k0 + core] = b;
      }
    }
    const next = M + L;
    out.push(next - t);
    t = next;
  }
  return out;
}
