// A second, naive implementation of docs/workloads.md (programs of phases, the software tree,
// the halo exchange of §7, the all-to-all of §8 as a halo whose neighbours are all the others,
// the wavefront of §9)
// for the differential test: one flat loop that scans every pending action for the earliest,
// plain objects per rank and per core, no heap, no typed arrays, no shared code with
// phase-run.ts except the noise table (the counter-based draws are part of the contract).
import { collectiveLatency } from '../../src/engine/collective.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import { NoiseTable } from '../../src/engine/noise-table.ts';
import { bitsAt3 } from '../../src/engine/random.ts';
import { computeFactors } from '../../src/engine/slow-nodes.ts';
import {
  PHASE_ALLTOALL,
  PHASE_BARRIER,
  PHASE_HALO,
  PHASE_TREE,
  PHASE_WAVE_DOWN,
  PHASE_WAVE_UP,
  phaseProgram,
} from '../../src/scenario/phases.ts';
import type { Scenario } from '../../src/scenario/types.ts';

type State =
  | 'computing'
  | 'waitChildren'
  | 'tryUp'
  | 'waitDown'
  | 'tryDown'
  | 'waitBarrier'
  | 'waitHalo'
  | 'tryHalo'
  | 'waitWave'
  | 'tryWave'
  | 'copying'
  | 'done';

interface Rank {
  id: number;
  node: number;
  core: number;
  state: State;
  /** time of its pending action (computing: f; trying: the attempt) */
  at: number;
  finish: number;
  frozenUntil: number;
  childrenLeft: number;
  lastChildArrival: number;
  phase: number;
  iteration: number;
  /** wavefront: when it was ready for its current stage */
  waveFrom: number;
  /** when its current phase's compute started */
  phaseStart: number;
}

export interface ReferenceTreeResult {
  durations: number[];
  rootCollective: number[];
  /** every rank's release from each iteration's last phase: [iteration][rank], µs */
  releases: number[][];
  /**
   * Each rank's update time in each iteration (§7: Σ over the halo phases of release − the
   * start of its compute): [iteration][rank], µs; null without a halo phase.
   */
  updates: number[][] | null;
}

/** Grid neighbours by coordinates, written out plainly (docs/workloads.md §7). */
function neighboursOf(sides: number[], periodic: boolean): number[][] {
  const R = sides.reduce((a, b) => a * b, 1);
  const coords = (r: number) => {
    const c: number[] = [];
    for (let j = sides.length - 1; j >= 0; j--) {
      c[j] = r % sides[j];
      r = Math.floor(r / sides[j]);
    }
    return c;
  };
  const rankOf = (c: number[]) => c.reduce((acc, v, j) => acc * sides[j] + v, 0);
  const out: number[][] = [];
  for (let r = 0; r < R; r++) {
    const set = new Set<number>();
    const c = coords(r);
    for (let j = 0; j < sides.length; j++) {
      for (const step of [-1, 1]) {
        const to = [...c];
        to[j] += step;
        if (to[j] < 0 || to[j] >= sides[j]) {
          if (!periodic) continue;
          to[j] = (to[j] + sides[j]) % sides[j];
        }
        const q = rankOf(to);
        if (q !== r) set.add(q);
      }
    }
    out.push([...set]);
  }
  return out;
}

export function referenceTree(s: Scenario): ReferenceTreeResult {
  const layout = buildLayout(s);
  const noise = new NoiseTable(s, layout);
  const prog = phaseProgram(s);
  const { nodes: n, cores: C, ranksPerNode: P } = layout;
  // A compute of g takes f·g on a slow node (docs/slow-nodes.md); which nodes, drawn as the engine.
  const factor = computeFactors(s, layout) ?? new Float64Array(n).fill(1);
  const R = n * P;
  const k = prog.fanout;
  const h = prog.hopUs;
  const m = prog.computeUs.length;
  const block = s.job.waitMode === 'block';
  const w = block ? s.job.wakeupUs : 0;
  const L = collectiveLatency(s.machine.collective, n, P);
  const iterations = s.workload.iterations;
  const busy: number[][] = Array.from({ length: n }, () => new Array<number>(C).fill(0));
  const kids = (r: number) => {
    const out: number[] = [];
    for (let c = k * r + 1; c <= k * r + k && c < R; c++) out.push(c);
    return out;
  };
  const ranks: Rank[] = [];
  for (let r = 0; r < R; r++) {
    const node = Math.floor(r / P);
    ranks.push({
      id: r,
      node,
      core: layout.slotCore[r % P],
      state: 'computing',
      at: 0,
      finish: 0,
      frozenUntil: 0,
      childrenLeft: 0,
      lastChildArrival: -Infinity,
      phase: 0,
      iteration: 0,
      waveFrom: 0,
      phaseStart: 0,
    });
  }
  // Who is on which core: fixed, except block-mode moves at a tree release.
  const onCore: (Rank | null)[][] = Array.from({ length: n }, (_, x) =>
    Array.from({ length: C }, (_, c) => {
      const slot = layout.coreSlot[c];
      return slot < 0 ? null : ranks[x * P + slot];
    }),
  );
  const rankOnCore = (x: number, c: number): Rank | null => onCore[x][c];
  const isWave = (phase: number) =>
    prog.collective[phase] === PHASE_WAVE_DOWN || prog.collective[phase] === PHASE_WAVE_UP;
  const exchanges = (phase: number) =>
    prog.collective[phase] === PHASE_HALO || prog.collective[phase] === PHASE_ALLTOALL;
  const haloNbrs = prog.collective.includes(PHASE_HALO)
    ? neighboursOf(prog.grid!.sides, prog.grid!.periodic)
    : [];
  const everyone = prog.collective.includes(PHASE_ALLTOALL)
    ? Array.from({ length: R }, (_, r) =>
        Array.from({ length: R }, (_, q) => q).filter((q) => q !== r),
      )
    : [];
  const partners = (rk: Rank) =>
    prog.collective[rk.phase] === PHASE_ALLTOALL ? everyone[rk.id] : haloNbrs[rk.id];
  // The wavefront's grid, rows × columns: down is +1 along either side, up is −1.
  const [rows, cols] = prog.grid && prog.grid.sides.length === 2 ? prog.grid.sides : [1, 1];
  const stepped = (r: number, dir: number) => {
    const i = Math.floor(r / cols);
    const j = r % cols;
    const out: number[] = [];
    if (i + dir >= 0 && i + dir < rows) out.push((i + dir) * cols + j);
    if (j + dir >= 0 && j + dir < cols) out.push(i * cols + j + dir);
    return out;
  };
  const upstream = (rk: Rank) =>
    stepped(rk.id, prog.collective[rk.phase] === PHASE_WAVE_DOWN ? -1 : 1);
  const downstream = (rk: Rank) =>
    stepped(rk.id, prog.collective[rk.phase] === PHASE_WAVE_DOWN ? 1 : -1);
  const msgUs = prog.messageUs;
  const o = prog.overheadUs;
  // per rank: messages received for each halo instance (iteration·m + phase): count, latest
  const inbox: Map<number, { count: number; latest: number }>[] = ranks.map(() => new Map());
  const instance = (rk: Rank) => rk.iteration * m + rk.phase;
  const releases: number[][] = Array.from({ length: iterations }, () =>
    new Array<number>(R).fill(NaN),
  );
  const begin = (rk: Rank, start: number) => {
    if (isWave(rk.phase)) {
      rk.waveFrom = start;
      const box = inbox[rk.id].get(instance(rk));
      const count = box?.count ?? 0;
      if (count === upstream(rk).length && (box?.latest ?? -Infinity) <= start) {
        inbox[rk.id].delete(instance(rk));
      } else {
        rk.finish = -Infinity; // waiting for its upstream messages
        if (count === upstream(rk).length) {
          rk.state = 'tryWave';
          rk.at = Math.max(box!.latest + w, start);
        } else {
          rk.state = 'waitWave';
        }
        return;
      }
    }
    rk.phaseStart = start;
    // a halo rank's sends are CPU work after its compute, o per neighbour (§7)
    const sends = prog.collective[rk.phase] === PHASE_HALO ? o * haloNbrs[rk.id].length : 0;
    rk.finish = start + (prog.computeUs[rk.phase] + sends) * factor[rk.node];
    rk.at = rk.finish;
    rk.state = 'computing';
    rk.childrenLeft = prog.collective[rk.phase] === PHASE_TREE ? kids(rk.id).length : 0;
    rk.lastChildArrival = -Infinity;
  };
  for (const rk of ranks) begin(rk, 0);

  const lastRelease: number[] = new Array<number>(iterations).fill(-Infinity);
  const released: number[] = new Array<number>(iterations).fill(0);
  const rootColl: number[] = new Array<number>(iterations).fill(0);
  let barrierArrived = 0;
  let barrierMax = -Infinity;
  let barrierAt = Infinity;
  let doneRanks = 0;

  const hasHalo = prog.collective.includes(PHASE_HALO);
  const updates: number[][] = Array.from({ length: hasHalo ? iterations : 0 }, () =>
    new Array<number>(R).fill(0),
  );
  const release = (rk: Rank, rel: number, start: number) => {
    if (rk.id === 0) rootColl[rk.iteration] += rel - rk.finish;
    if (prog.collective[rk.phase] === PHASE_HALO) {
      updates[rk.iteration][rk.id] += rel - rk.phaseStart;
    }
    if (rk.phase + 1 < m) {
      rk.phase++;
      begin(rk, start);
      return;
    }
    lastRelease[rk.iteration] = Math.max(lastRelease[rk.iteration], rel);
    releases[rk.iteration][rk.id] = rel;
    released[rk.iteration]++;
    rk.phase = 0;
    rk.iteration++;
    if (rk.iteration === iterations) {
      rk.state = 'done';
      doneRanks++;
      return;
    }
    begin(rk, start);
  };
  const takeResult = (rk: Rank, d: number) => {
    for (const c of kids(rk.id)) {
      ranks[c].state = 'tryDown';
      ranks[c].at = d + h + w;
    }
    goOn(rk, d);
  };
  const haloDone = (rk: Rank) => {
    const box = inbox[rk.id].get(instance(rk));
    const latest = box ? box.latest : -Infinity;
    if (latest <= rk.finish) {
      inbox[rk.id].delete(instance(rk));
      takeHalo(rk, rk.finish);
    } else {
      rk.state = 'tryHalo';
      rk.at = latest + w;
    }
  };
  const complete = (rk: Rank) =>
    (inbox[rk.id].get(instance(rk))?.count ?? 0) === partners(rk).length;
  /** Wavefront: waiting rank rk has a core at t and starts its stage's compute. */
  const startStage = (rk: Rank, t: number) => {
    inbox[rk.id].delete(instance(rk));
    let start = Math.max(t, rk.frozenUntil);
    if (block && busy[rk.node][rk.core] > t && moveToFreeCore(rk, t)) start = t;
    if (rk.id === 0) rootColl[rk.iteration] += start - rk.waveFrom;
    rk.phaseStart = start;
    rk.finish = start + prog.computeUs[rk.phase] * factor[rk.node];
    rk.at = rk.finish;
    rk.state = 'computing';
  };
  /** Block mode: move to the lowest core running no noise and holding no computing rank (a
   * swap), frozen until d; false if there is none. */
  const moveToFreeCore = (rk: Rank, d: number): boolean => {
    for (let c = 0; c < C; c++) {
      const other = onCore[rk.node][c];
      if (
        busy[rk.node][c] > d ||
        (other && (other.state === 'computing' || other.state === 'copying'))
      )
        continue;
      const old = rk.core;
      onCore[rk.node][old] = other;
      if (other) {
        other.core = old;
        other.frozenUntil = busy[rk.node][old];
      }
      onCore[rk.node][c] = rk;
      rk.core = c;
      rk.frozenUntil = d;
      return true;
    }
    return false;
  };
  /** The halo's messages are in at d: copy them in, o each, from where it would go on (§7). */
  const takeHalo = (rk: Rank, d: number) => {
    if (prog.collective[rk.phase] !== PHASE_HALO || o === 0) {
      goOn(rk, d);
      return;
    }
    if (rk.id === 0) rootColl[rk.iteration] += d - rk.finish;
    let start = Math.max(d, rk.frozenUntil);
    if (block && busy[rk.node][rk.core] > d && moveToFreeCore(rk, d)) start = d;
    rk.state = 'copying';
    rk.finish = start + o * haloNbrs[rk.id].length * factor[rk.node];
    rk.at = rk.finish;
  };
  const goOn = (rk: Rank, d: number) => {
    if (block && busy[rk.node][rk.core] > d && moveToFreeCore(rk, d)) {
      release(rk, d, d);
      return;
    }
    release(rk, d, Math.max(d, rk.frozenUntil));
  };
  const forward = (rk: Rank, u: number) => {
    if (rk.id === 0) {
      takeResult(rk, u);
      return;
    }
    rk.state = 'waitDown';
    const parent = ranks[Math.floor((rk.id - 1) / k)];
    parent.lastChildArrival = Math.max(parent.lastChildArrival, u + h);
    parent.childrenLeft--;
    if (parent.childrenLeft === 0 && parent.state === 'waitChildren') {
      parent.state = 'tryUp';
      parent.at = parent.lastChildArrival + w;
    }
  };
  const core = (rk: Rank, t: number): boolean => {
    const own = busy[rk.node][rk.core];
    if (own <= t) return true;
    let next = own;
    if (block) {
      for (let c = 0; c < C; c++) {
        const other = rankOnCore(rk.node, c);
        if (other && (other.state === 'computing' || other.state === 'copying')) continue;
        if (busy[rk.node][c] <= t) return true;
        next = Math.min(next, busy[rk.node][c]);
      }
    }
    rk.at = next;
    return false;
  };

  while (doneRanks < R) {
    // The earliest action: barrier, then ranks by id, then noise (docs/workloads.md §3).
    let t = barrierAt;
    let who: 'barrier' | Rank | number = 'barrier';
    for (const rk of ranks) {
      const pending =
        rk.state === 'computing' ||
        rk.state === 'tryUp' ||
        rk.state === 'tryDown' ||
        rk.state === 'tryHalo' ||
        rk.state === 'tryWave' ||
        rk.state === 'copying';
      if (pending && rk.at < t) {
        t = rk.at;
        who = rk;
      }
    }
    for (let x = 0; x < n; x++) {
      const tx = noise.earliest(x);
      if (tx < t) {
        t = tx;
        who = x;
      }
    }
    if (who === 'barrier') {
      barrierAt = Infinity;
      barrierArrived = 0;
      barrierMax = -Infinity;
      for (const rk of ranks) release(rk, t, Math.max(t + w, rk.frozenUntil));
    } else if (typeof who === 'object') {
      const rk = who;
      if (rk.state === 'computing') {
        if (isWave(rk.phase)) {
          const key = instance(rk);
          for (const q of downstream(rk)) {
            const box = inbox[q].get(key) ?? { count: 0, latest: -Infinity };
            box.count++;
            box.latest = Math.max(box.latest, t + msgUs);
            inbox[q].set(key, box);
            const other = ranks[q];
            if (
              other.state === 'waitWave' &&
              instance(other) === key &&
              box.count === upstream(other).length
            ) {
              other.state = 'tryWave';
              other.at = Math.max(box.latest + w, other.waveFrom);
            }
          }
          goOn(rk, t);
        } else if (exchanges(rk.phase)) {
          const key = instance(rk);
          for (const q of partners(rk)) {
            const box = inbox[q].get(key) ?? { count: 0, latest: -Infinity };
            box.count++;
            box.latest = Math.max(box.latest, t + msgUs);
            inbox[q].set(key, box);
            const other = ranks[q];
            if (other.state === 'waitHalo' && instance(other) === key && complete(other)) {
              haloDone(other);
            }
          }
          rk.state = 'waitHalo';
          if (complete(rk)) haloDone(rk);
        } else if (prog.collective[rk.phase] === PHASE_BARRIER) {
          rk.state = 'waitBarrier';
          barrierArrived++;
          barrierMax = Math.max(barrierMax, t);
          if (barrierArrived === R) barrierAt = barrierMax + L;
        } else if (rk.childrenLeft > 0) {
          rk.state = 'waitChildren';
        } else if (rk.lastChildArrival <= t) {
          forward(rk, t);
        } else {
          rk.state = 'tryUp';
          rk.at = rk.lastChildArrival + w;
        }
      } else if (rk.state === 'tryUp') {
        if (core(rk, t)) forward(rk, t);
      } else if (rk.state === 'tryWave') {
        if (core(rk, t)) startStage(rk, t);
      } else if (rk.state === 'tryHalo') {
        if (core(rk, t)) {
          inbox[rk.id].delete(instance(rk));
          takeHalo(rk, t);
        }
      } else if (rk.state === 'copying') {
        goOn(rk, t);
      } else if (core(rk, t)) {
        takeResult(rk, t);
      }
    } else {
      const x = who;
      // The node's event due first, ties in scenario order.
      let e = -1;
      for (let q = noise.rowStart[x]; q < noise.rowStart[x + 1]; q++) {
        const tq = noise.ent[q * 4];
        if (tq === t && (e < 0 || noise.ent[q * 4 + 3] < noise.ent[e * 4 + 3])) e = q;
      }
      const j = noise.ent[e * 4 + 3];
      const ev = noise.ent[e * 4 + 1];
      const nodeId = noise.nodeId(x);
      const d = noise.durationOf(j, nodeId, ev);
      let c = noise.pinnedCore[j];
      if (c < 0) {
        for (let q = 0; q < C && c < 0; q++) {
          if (busy[x][q] > t) continue;
          const rk = rankOnCore(x, q);
          if (!rk || (block && rk.finish <= t)) c = q;
        }
      }
      if (c < 0) {
        const mine = ranks.slice(x * P, x * P + P).map((rk) => rk.core);
        const free = mine.filter((q) => busy[x][q] <= t);
        if (free.length > 0) {
          c = free[Math.floor((bitsAt3(noise.victimKey[j], nodeId, ev) * free.length) / 2 ** 32)];
        } else {
          // The queue that ends first, lowest core on ties.
          c = [...mine].sort((p, q) => busy[x][p] - busy[x][q] || p - q)[0];
        }
      }
      const a = Math.max(t, busy[x][c]);
      const b = a + d;
      busy[x][c] = b;
      noise.advance(e, x);
      const rk = rankOnCore(x, c);
      if (rk) {
        if (a < rk.finish) {
          rk.finish += d;
          if (rk.state === 'computing' || rk.state === 'copying') rk.at = rk.finish;
        } else {
          rk.frozenUntil = Math.max(rk.frozenUntil, b);
        }
      }
    }
  }
  const durations: number[] = [];
  const rootCollective: number[] = [];
  for (let i = s.workload.warmup; i < iterations; i++) {
    durations.push(lastRelease[i] - (i === 0 ? 0 : lastRelease[i - 1]));
    rootCollective.push(rootColl[i]);
  }
  void released;
  return { durations, rootCollective, releases, updates: hasHalo ? updates : null };
}
