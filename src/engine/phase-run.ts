// The phase run: applications and software collectives (docs/workloads.md). Every iteration
// runs the workload's phases (scenario/phases.ts), each a compute followed by a collective:
// the machine's black-box barrier of model.md §4, an allreduce over a software tree of
// ranks in which a rank must be on a CPU to forward, so noise on one rank stalls others, a
// halo exchange with the rank's grid neighbours, which synchronises no one globally (§7), an
// all-to-all exchange (§8), or a stage of a wavefront sweep, whose wait for its upstream
// neighbours comes before its compute (§9).
//
// Ranks no longer share one release time, so the run is a discrete-event simulation in global
// time order: one queue (AgentHeap) holds, per agent, its next action — the collective's
// release, each rank's next step (compute end, an attempt to forward), each node's next noise
// event. Noise is applied exactly as in model.md §3 (the same core choice, pause and freeze
// rules and the same counter-based draws as BarrierRun), so a barrier-only workload gives
// BarrierRun's numbers bit for bit (tests/engine/phase-run.test.ts). Cost: O(log A) per noise
// event and per rank step, with no allocation after construction.
import { gridNeighbours } from '../scenario/grid.ts';
import {
  jobRanks,
  PHASE_ALLTOALL,
  PHASE_BARRIER,
  PHASE_HALO,
  PHASE_TREE,
  PHASE_WAVE_DOWN,
  PHASE_WAVE_UP,
  phaseCollectivesUs,
  phaseProgram,
  treeDepth,
  type PhaseProgram,
} from '../scenario/phases.ts';
import type { Scenario } from '../scenario/types.ts';
import { AgentHeap } from './agent-heap.ts';
import { collectiveLatency } from './collective.ts';
import { buildLayout, type Layout } from './layout.ts';
import { NoiseTable, siftRow } from './noise-table.ts';
import { anyCore, pauses, queueStart } from './event-rule.ts';
import { RunLimit } from './run-limit.ts';
import { computeFactors } from './slow-nodes.ts';

// Module-local copies of noise-table.ts's entry layout (imported bindings are slow in
// unbundled modules; tests/engine/layout-constants.test.ts checks them).
const E_TIME = 0;
const E_COUNT = 1;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;
const FIXED = 0;

/**
 * Events one action may apply out of the queue (catchUpCore, catchUpIdle) before it gives way:
 * a core's events wait for its rank's next action, and behind a very long event (a Pareto
 * tail) a tick's backlog can run to millions; an action that meets more is queued again at its
 * time and goes on where it stopped, so that stepFor reads its clock within a few ms.
 */
const CATCH_UP_CAP = 1 << 16;

/** Rank states (docs/workloads.md §2). */
const COMPUTING = 0; // queued at its provisional finish f_r
const WAIT_CHILDREN = 1; // arrived at a tree phase; children's messages outstanding
const TRY_UP = 2; // queued: forward the reduction to the parent as soon as it has a core
const WAIT_DOWN = 3; // sent up; waiting for the broadcast
const TRY_DOWN = 4; // queued: take the broadcast (and pass it on) as soon as it has a core
const WAIT_BARRIER = 5; // arrived at a barrier phase
const DONE = 6; // every iteration completed
const WAIT_HALO = 7; // arrived at a halo phase; sent its messages, neighbours' outstanding
const TRY_HALO = 8; // queued: every message is in; go on as soon as it has a core
const WAIT_ALLTOALL = 9; // arrived at an all-to-all phase; others' messages outstanding
const TRY_ALLTOALL = 10; // queued: every message is in; go on as soon as it has a core
const WAIT_WAVE = 11; // at a wavefront stage, before its compute; upstream messages outstanding
const TRY_WAVE = 12; // queued: the upstream messages are in; compute as soon as it has a core
const COPYING = 13; // has its halo messages; queued at the end f_r of copying them in (CPU work)

/** What PhaseRun may keep besides the statistics. */
export interface PhaseRunOptions {
  /**
   * Keep every rank's release from every iteration (iterations × ranks values, µs; the ripple
   * view's grid over time). Off by default: a whole machine would need gigabytes.
   */
  recordReleases?: boolean;
  /**
   * Queue every event pinned to a core like every other (rowActive), those of cores without a
   * rank and those of rank cores alike: the plain order of model.md §3, against which the tests
   * hold the run that keeps them out of the queue.
   */
  queueIdle?: boolean;
}

export class PhaseRun {
  readonly scenario: Scenario;
  readonly layout: Layout;
  readonly program: PhaseProgram;
  readonly ranks: number;
  /** G = Σ g_k: µs of compute per iteration and rank */
  readonly granularityUs: number;
  /** noiseless collective time per iteration: Σ over phases of L (barrier) or 2·D·h (tree), µs */
  readonly collectiveUs: number;
  /** D: hops from the deepest rank up to rank 0 */
  readonly treeDepth: number;
  readonly totalIterations: number;
  readonly warmup: number;
  /** iterations completed by every rank, warm-up included */
  iteration = 0;
  /** Δ_i of each measured iteration: t_{i+1} − t_i, t the last rank's release, µs */
  readonly durations: Float64Array;
  /** per measured iteration: Σ over phases of rank 0's time in the collective, µs */
  readonly rootCollectiveUs: Float64Array;
  /** per measured iteration: rank 0's iteration, release to release, µs */
  readonly rootDurations: Float64Array;
  /** noise events applied on job nodes */
  noiseEvents = 0;
  /**
   * With recordReleases: rank r's release from iteration i's last phase at [i·R + r], µs (NaN
   * until it happens); else null.
   */
  readonly releases: Float64Array | null;
  /** per rank: µs spent in collectives over the measured iterations (release − arrival) */
  readonly collectiveByRank: Float64Array;
  /**
   * Per measured iteration, over the ranks, of each rank's time in that iteration's collectives
   * (µs): the least, the sum and the most (Worley's single halo update: max, avg and min over
   * the processes, seed 004).
   */
  readonly iterCollectiveMin: Float64Array;
  readonly iterCollectiveSum: Float64Array;
  readonly iterCollectiveMax: Float64Array;
  /**
   * Per measured iteration, over the ranks, of each rank's time in that iteration's halo
   * updates (µs): from the start of its compute (after the residual rule) to its release, Σ
   * over the halo phases; the least, the sum and the most. What a benchmark timing one update
   * measures (Worley, seed 004): noise that holds a rank up before it starts is not in it, noise
   * during its compute or its wait is. Null without a halo phase.
   */
  readonly iterUpdateMin: Float64Array | null;
  readonly iterUpdateSum: Float64Array | null;
  readonly iterUpdateMax: Float64Array | null;
  /** per rank: µs in the collectives of its current iteration so far */
  private readonly collThisIter: Float64Array;
  /** per rank: µs in the halo updates of its current iteration so far (null: no halo phase) */
  private readonly updThisIter: Float64Array | null;
  /** per rank: when its current phase's compute started, µs */
  private readonly phaseStart: Float64Array;
  /** the work this run may take: LIMIT_FACTOR × its estimate (run-limit.ts) */
  private readonly limit: RunLimit;
  /** simulated time of the last action, µs */
  timeUs = 0;

  private readonly noise: NoiseTable;
  private readonly heap: AgentHeap;
  private readonly C: number;
  private readonly P: number;
  private readonly nodes: number;
  private readonly block: boolean;
  private readonly wakeupUs: number;
  private readonly barrierUs: number;
  /** per core of every job node (x·C + c): when its noise queue ends */
  private readonly busy: Float64Array;
  /** per rank */
  private readonly finish: Float64Array;
  private readonly frozen: Float64Array;
  /**
   * Which core each rank is on, and which rank each core holds (x·C + c; -1: idle). Fixed by
   * model.md §1 except in block mode at a tree release, where a rank whose core runs noise
   * moves to a free core of its node (docs/workloads.md §2); in poll mode these never change.
   */
  private readonly coreOf: Int32Array;
  private readonly rankAt: Int32Array;
  /** per rank: its node, ⌊r / P⌋ (read at every action: a load, not a division) */
  private readonly nodeOf: Int32Array;
  /** the program's phases per iteration, and each phase's collective (program.collective) */
  private readonly phases: number;
  private readonly kinds: Uint8Array;
  /** per rank: its distinct halo neighbours (nbrStart[r + 1] − nbrStart[r]); empty without a halo */
  private readonly nbrCount: Int32Array;
  private readonly ready: Float64Array;
  private readonly pend: Int32Array;
  private readonly children: Int32Array;
  private readonly state: Uint8Array;
  private readonly phase: Int32Array;
  private readonly iter: Int32Array;
  /** per iteration (all of them): latest release, ranks released, rank 0's data */
  private readonly relMax: Float64Array;
  private readonly relCount: Int32Array;
  private readonly rootColl: Float64Array;
  private readonly rootRel: Float64Array;
  private barrierCount = 0;
  private barrierMax = -Infinity;
  private ranksDone = 0;
  private readonly cand: Int32Array;
  /** the halo's neighbour lists (gridNeighbours), null without halo phases */
  private readonly nbrStart: Int32Array | null;
  private readonly nbrList: Int32Array | null;
  /** µs a halo message takes */
  private readonly messageUs: number;
  /** µs of CPU time per halo message sent or received (docs/workloads.md §7) */
  private readonly overheadUs: number;
  /**
   * Per rank and halo instance parity (2r + parity): messages received for that instance and the
   * latest arrival, µs. A neighbour can be one halo phase ahead (it needs this rank's message to
   * go further), so two slots suffice; a slot is cleared when the rank leaves its instance.
   */
  private readonly haloCount: Int32Array;
  private readonly haloReady: Float64Array;
  /**
   * The all-to-all in progress: ranks arrived, and the latest and second latest arrival with
   * the rank of the latest (rank r's last message comes from the latest of the others).
   */
  private a2aCount = 0;
  private a2aFirst = -Infinity;
  private a2aFirstRank = -1;
  private a2aSecond = -Infinity;
  /**
   * Wavefront: per rank and phase of the iteration (r·m + k), the upstream messages received
   * for that stage, their latest arrival (µs) and the iteration they belong to. A rank's
   * upstream neighbour may be many stages ahead (it waits for no one downstream until the sweep
   * turns), but never a whole iteration (§9), so one slot per stage suffices; a slot is cleared
   * when its rank starts that stage's compute.
   */
  private readonly waveCount: Int32Array;
  private readonly waveReady: Float64Array;
  private readonly waveIter: Int32Array;
  /** per rank and direction (2r: down, 2r + 1: up): upstream neighbours */
  private readonly waveNeed: Uint8Array;
  /** per rank: when it was ready to start the current stage (µs; its wait begins there) */
  private readonly waveFrom: Float64Array;
  /** columns of the wavefront's grid (s₁): rank r's neighbours are r ± 1 and r ± s₁ */
  private readonly waveCols: number;
  private readonly waveRows: number;
  /**
   * Poll mode: per node, how many of its row's slots hold the heap (its *active* entries: its
   * cpu "any" sources); after them come its lazy entries (idleLo) and, to the row's end, its
   * *idle* entries: sources pinned to a core that
   * holds no rank (the reserved cores of -cc 2-7, the OS core of a Reduced Noise kernel). Such
   * an event touches nothing but its core's queue end (busy), and in poll mode that is read
   * only by the next events of the same core and by the core choice of a cpu "any" event
   * (model.md §3; a waiting rank polls on its own core, and ranks never move). So idle events
   * stay out of the queue: they are applied, in their order, just before a cpu "any" event of
   * their node (catchUpIdle) and, for the count of applied events, before a step returns
   * (catchUpAll), never after an event they precede. Everything else a run exposes is what a
   * run that queues them gives (PhaseRunOptions.queueIdle; tests/engine/phase-run.test.ts);
   * on MPI-FWQ with cores 0 and 1 reserved, 22 % (stock) to 34 % (RN) of the events are idle
   * ones. In block mode every slot is active (a rank may move to any core).
   */
  private readonly rowActive: Int32Array;
  /**
   * Poll mode: per node, where its idle entries begin (an entry index of the noise table). Its
   * *lazy* entries lie between its active ones and its idle ones: the sources pinned to a core
   * that holds a rank (a tick and a work queue on each of Jaguar XT5's rank cores). Such an
   * event reads and sets only its core's queue end and its rank's compute end or freeze
   * (model.md §3), and those are read only by that rank's own actions, by a cpu "any" event of
   * its node and by a barrier's release (and by a halo or all-to-all neighbour releasing the
   * rank at its own arrival, when its arrival has already applied them). So a rank core's events stay out of the queue too:
   * they are applied, in their order (start, then scenario order), just before the first of
   * those that comes after them (catchUpCore), never after one they precede, and before a step
   * returns as far as the queue has surely gone. A rank computing at its action first takes
   * the pauses of the events before it; if they moved its compute end, the action is due again
   * there. On MPI-FWQ on Jaguar XT5 stock, 65 % of the events are those of rank cores, and
   * most of those found their rank waiting for the broadcast.
   */
  private readonly idleLo: Int32Array;
  /** per (node, core): the core's lazy entries, [coreLo, coreHi) (empty: none) */
  private readonly coreLo: Int32Array;
  private readonly coreHi: Int32Array;
  /** whether rank cores' events stay out of the queue (poll mode, not queueIdle) */
  private readonly lazyPinned: boolean;
  /** whether some node has idle entries (poll mode only) */
  private readonly lazyIdle: boolean;
  private readonly queueIdle: boolean;
  /** per node: µs of its next idle event (+∞: none) */
  private readonly idleNext: Float64Array;
  /** per job node, how many times longer its computes take; null: no slow node this run */
  private readonly factors: Float64Array | null;
  /**
   * per (node, core): µs of the next queued event pinned to that core (+∞: none); with
   * lazyPinned, of the core's next lazy entry not yet applied
   */
  private readonly coreNext: Float64Array;
  /** per node: µs of its next cpu "any" event (+∞: none) */
  private readonly anyNext: Float64Array;
  /** per (node, source): µs of the source's next queued event there (+∞: none) */
  private readonly srcNext: Float64Array;
  /** the sources of each core and, last (index C), the cpu "any" ones: [groupStart[c], groupStart[c + 1]) of groupSource */
  private readonly groupStart: Int32Array;
  private readonly groupSource: Int32Array;
  /**
   * Poll mode: rank actions due before the next noise event that can touch the rank (one
   * pinned to its core, or a cpu "any" event of its node: coreNext, anyNext; with lazyPinned,
   * the events of its core are applied by the action itself, and only anyNext counts), done
   * without the queue (a stack of rank, time). Such an action cannot be changed by anything still queued:
   * events pinned to the node's other cores touch only those cores; a cpu "any" event reads
   * only queue ends (busy), which no rank action writes; a rank's attempt to run reads only its
   * own core (hasCore); and ranks interact through messages and the barrier, whose counts and
   * maxima do not depend on the order they come in. A message's receiver may read the sender's
   * state, but only what is settled: a rank's compute end once it has arrived, and a direct
   * release at the sender's time only when that is no later than the receiver's own arrival.
   * So a quiet core's rank reduces, broadcasts and computes at no queue cost, whatever its
   * node's other cores do (with a tick on every core, most of the time).
   * Two more things make that hold. Every quiet rank computes the same g, so a quiet tree
   * parent, released no later than its children, arrives no later than they report. A slow
   * node (docs/slow-nodes.md) breaks that (its rank would be waiting for children before their
   * reports, out of order), so with slow nodes every action goes through the queue. And a tree
   * or wavefront rank starts at its release: in poll mode it is released only once its core
   * runs no noise (hasCore), so the residual rule never delays it. Only a barrier's release can
   * start a rank later (frozen), so a program with a barrier and a tree or wavefront phase
   * (none of the workloads today) also goes through the queue.
   */
  private readonly eager: boolean;
  private readonly eagerRank: Int32Array;
  private readonly eagerTime: Float64Array;
  private eagerTop = 0;
  /** events the action under way may still apply out of the queue (CATCH_UP_CAP) */
  private room = CATCH_UP_CAP;

  constructor(scenario: Scenario, options: PhaseRunOptions = {}) {
    this.scenario = scenario;
    const layout = buildLayout(scenario);
    this.layout = layout;
    this.program = phaseProgram(scenario);
    this.factors = computeFactors(scenario, layout);
    const R = jobRanks(scenario);
    this.ranks = R;
    this.C = layout.cores;
    this.P = layout.ranksPerNode;
    this.nodes = layout.nodes;
    this.block = scenario.job.waitMode === 'block';
    this.wakeupUs = this.block ? scenario.job.wakeupUs : 0;
    this.barrierUs = collectiveLatency(scenario.machine.collective, layout.nodes, this.P);
    this.treeDepth = treeDepth(R, this.program.fanout);
    let G = 0;
    for (const g of this.program.computeUs) G += g;
    this.granularityUs = G;
    const treeUs = 2 * this.treeDepth * this.program.hopUs;
    this.collectiveUs = phaseCollectivesUs(this.program, this.barrierUs, treeUs, R);
    const w = scenario.workload;
    this.totalIterations = w.iterations;
    this.warmup = w.warmup;
    this.limit = new RunLimit(scenario);
    const measured = w.iterations - w.warmup;
    this.durations = new Float64Array(measured);
    this.rootCollectiveUs = new Float64Array(measured);
    this.rootDurations = new Float64Array(measured);
    this.relMax = new Float64Array(w.iterations).fill(-Infinity);
    this.relCount = new Int32Array(w.iterations);
    this.rootColl = new Float64Array(w.iterations);
    this.rootRel = new Float64Array(w.iterations);
    this.releases = options.recordReleases ? new Float64Array(w.iterations * R).fill(NaN) : null;
    this.collectiveByRank = new Float64Array(R);
    this.iterCollectiveMin = new Float64Array(measured).fill(Infinity);
    this.iterCollectiveSum = new Float64Array(measured);
    this.iterCollectiveMax = new Float64Array(measured).fill(-Infinity);
    this.collThisIter = new Float64Array(R);
    const grid = this.program.grid;
    const nbrs =
      grid && this.program.collective.includes(PHASE_HALO)
        ? gridNeighbours(grid.sides, grid.periodic)
        : null;
    this.nbrStart = nbrs ? nbrs.start : null;
    this.nbrList = nbrs ? nbrs.list : null;
    this.nbrCount = new Int32Array(nbrs ? R : 0);
    for (let r = 0; nbrs && r < R; r++) this.nbrCount[r] = nbrs.start[r + 1] - nbrs.start[r];
    this.phases = this.program.computeUs.length;
    this.kinds = this.program.collective;
    const halo = this.program.collective.includes(PHASE_HALO);
    this.iterUpdateMin = halo ? new Float64Array(measured).fill(Infinity) : null;
    this.iterUpdateSum = halo ? new Float64Array(measured) : null;
    this.iterUpdateMax = halo ? new Float64Array(measured).fill(-Infinity) : null;
    this.updThisIter = halo ? new Float64Array(R) : null;
    this.phaseStart = new Float64Array(R);
    this.haloCount = new Int32Array(halo ? 2 * R : 0);
    this.haloReady = new Float64Array(halo ? 2 * R : 0).fill(-Infinity);
    this.messageUs = this.program.messageUs;
    this.overheadUs = this.program.overheadUs;
    const wave = this.program.collective.includes(PHASE_WAVE_DOWN);
    const slots = wave ? R * this.program.computeUs.length : 0;
    this.waveCount = new Int32Array(slots);
    this.waveReady = new Float64Array(slots).fill(-Infinity);
    this.waveIter = new Int32Array(slots);
    this.waveFrom = new Float64Array(wave ? R : 0);
    this.waveRows = wave ? grid!.sides[0] : 0;
    this.waveCols = wave ? grid!.sides[1] : 0;
    this.waveNeed = new Uint8Array(wave ? 2 * R : 0);
    for (let r = 0; wave && r < R; r++) {
      const row = Math.floor(r / this.waveCols);
      const col = r - row * this.waveCols;
      this.waveNeed[2 * r] = (row > 0 ? 1 : 0) + (col > 0 ? 1 : 0);
      this.waveNeed[2 * r + 1] =
        (row < this.waveRows - 1 ? 1 : 0) + (col < this.waveCols - 1 ? 1 : 0);
    }

    this.noise = new NoiseTable(scenario, layout);
    this.noise.limit = this.limit;
    // Agents: 0 the barrier's release, 1..R the ranks, R+1..R+n the nodes' noise. Lower ids
    // act first at equal times: collective and ranks before noise (docs/workloads.md §3).
    this.heap = new AgentHeap(1 + R + this.nodes);
    this.busy = new Float64Array(this.nodes * this.C);
    this.finish = new Float64Array(R);
    this.frozen = new Float64Array(R);
    this.coreOf = new Int32Array(R);
    this.rankAt = new Int32Array(this.nodes * this.C).fill(-1);
    this.nodeOf = new Int32Array(R);
    for (let r = 0; r < R; r++) {
      const x = Math.floor(r / this.P);
      const c = layout.slotCore[r - x * this.P];
      this.nodeOf[r] = x;
      this.coreOf[r] = c;
      this.rankAt[x * this.C + c] = r;
    }
    this.ready = new Float64Array(R);
    this.pend = new Int32Array(R);
    this.children = new Int32Array(R);
    const k = this.program.fanout;
    for (let r = 0; r < R; r++) this.children[r] = Math.max(0, Math.min(k, R - 1 - k * r));
    this.state = new Uint8Array(R);
    this.phase = new Int32Array(R);
    this.iter = new Int32Array(R);
    this.cand = new Int32Array(this.C);
    this.rowActive = new Int32Array(this.nodes);
    this.idleLo = new Int32Array(this.nodes);
    this.coreLo = new Int32Array(this.nodes * this.C);
    this.coreHi = new Int32Array(this.nodes * this.C);
    this.queueIdle = options.queueIdle === true;
    this.lazyPinned = !this.block && !this.queueIdle;
    this.idleNext = new Float64Array(this.nodes).fill(Infinity);
    let lazyIdle = false;
    let widest = 0;
    for (let x = 0; x < this.nodes; x++) {
      widest = Math.max(widest, this.noise.rowStart[x + 1] - this.noise.rowStart[x]);
    }
    const scratch = {
      kind: new Int32Array(widest),
      copy: new Float64Array(widest * ENTRY_STRIDE),
    };
    for (let x = 0; x < this.nodes; x++) {
      this.heapifyRow(x, scratch);
      if (this.hasIdle(x)) {
        lazyIdle = true;
        this.catchUpIdle(x, -Infinity, -1); // applies none: notes the first (idleNext)
      }
    }
    this.lazyIdle = lazyIdle;
    this.coreNext = new Float64Array(this.nodes * this.C).fill(Infinity);
    this.anyNext = new Float64Array(this.nodes).fill(Infinity);
    const S = this.noise.sources;
    this.groupStart = new Int32Array(this.C + 2);
    this.groupSource = new Int32Array(S);
    const groupOf = (j: number) =>
      this.noise.pinnedCore[j] < 0 ? this.C : this.noise.pinnedCore[j];
    for (let j = 0; j < S; j++) this.groupStart[groupOf(j) + 1]++;
    for (let c = 0; c <= this.C; c++) this.groupStart[c + 1] += this.groupStart[c];
    const fill = this.groupStart.slice(0, this.C + 1);
    for (let j = 0; j < S; j++) this.groupSource[fill[groupOf(j)]++] = j;
    this.srcNext = new Float64Array(this.nodes * S).fill(Infinity);
    const ent = this.noise.ent;
    for (let x = 0; x < this.nodes; x++) {
      for (let e = this.noise.rowStart[x]; e < this.noise.rowStart[x + 1]; e++) {
        this.srcNext[x * S + ent[e * ENTRY_STRIDE + E_SOURCE]] = ent[e * ENTRY_STRIDE + E_TIME];
      }
      for (let c = -1; c < this.C; c++) this.noteNext(x, c);
      for (let c = 0; this.lazyPinned && c < this.C; c++) this.noteLazy(x * this.C + c);
    }
    const kinds = this.program.collective;
    const residualThenTree =
      kinds.includes(PHASE_BARRIER) &&
      (kinds.includes(PHASE_TREE) ||
        kinds.includes(PHASE_WAVE_DOWN) ||
        kinds.includes(PHASE_WAVE_UP));
    this.eager = !this.block && this.factors === null && !residualThenTree;
    this.eagerRank = new Int32Array(R);
    this.eagerTime = new Float64Array(R);
    for (let x = 0; x < this.nodes; x++) this.queueNode(x);
    for (let r = 0; r < R; r++) this.beginPhase(r, 0);
  }

  get measured(): number {
    return Math.max(0, this.iteration - this.warmup);
  }

  get done(): boolean {
    return this.ranksDone === this.ranks;
  }

  /** Simulate until `n` more iterations are complete (or the run ends); returns how many. */
  step(n: number): number {
    const target = Math.min(this.totalIterations, this.iteration + n);
    const start = this.iteration;
    while (this.iteration < target) this.next();
    this.catchUpAll();
    return this.iteration - start;
  }

  /**
   * Simulate until `budgetMs` of wall time (read from `now` every 4,096 actions) is spent or
   * the run ends; returns the iterations completed. A SAGE cycle on a large machine is
   * millions of actions, so the clock is read within iterations, not between them.
   */
  stepFor(budgetMs: number, now: () => number): number {
    const end = now() + budgetMs;
    const start = this.iteration;
    while (!this.done) {
      const e0 = this.noiseEvents;
      for (
        let k = 0;
        k < 4096 && this.noiseEvents - e0 < CATCH_UP_CAP && this.iteration < this.totalIterations;
        k++
      ) {
        this.next();
      }
      if (now() >= end) break;
    }
    this.catchUpAll();
    return this.iteration - start;
  }

  run(): this {
    this.step(this.totalIterations);
    return this;
  }

  // ---- the event loop ----

  /** One action: a quiet node's rank action from the stack first, else the queue's first. */
  private next(): void {
    this.room = CATCH_UP_CAP;
    if (this.eagerTop > 0) {
      const top = --this.eagerTop;
      this.rankAction(this.eagerRank[top], this.eagerTime[top]);
    } else {
      this.act();
    }
  }

  private act(): void {
    const heap = this.heap;
    const agent = heap.peek();
    if (agent < 0) throw new Error('phase run: nothing left to simulate before the end');
    const R = this.ranks;
    // A node's noise agent stays queued: queueNode moves it to its next event in place (one
    // sift down from the top instead of a pop and a push; the order of the queue is a total
    // order on (time, agent), so how it is reached changes nothing).
    if (agent <= R) heap.pop();
    const t = heap.key[agent];
    const limit = this.limit;
    if (t > limit.maxTimeUs || this.noiseEvents > limit.maxEvents) {
      limit.check(this.iteration, this.totalIterations, t, this.noiseEvents);
    }
    this.timeUs = t;
    if (agent === 0) this.releaseBarrier(t);
    else if (agent <= R) this.rankAction(agent - 1, t);
    else {
      const x = agent - 1 - R;
      // The node's next events too, while each of its ranks computes past them: until the
      // first of those ends, nothing else reads or sets the node's cores, its ranks' compute
      // ends or freezes (a computing rank acts only at its end, and a message to it only
      // counts), so they are applied now, in their order, as the queue would apply them later.
      if (this.noiseEvent(x)) {
        while (this.noiseEvents <= limit.maxEvents && this.computesPast(x) && this.noiseEvent(x));
      }
      this.queueNode(x);
    }
  }

  /** Whether every rank of node x computes (or copies) past the node's next queued event. */
  private computesPast(x: number): boolean {
    if (this.rowActive[x] === 0) return false;
    const s = this.noise.ent[this.noise.rowStart[x] * ENTRY_STRIDE + E_TIME];
    const P = this.P;
    for (let r = x * P; r < x * P + P; r++) {
      const st = this.state[r];
      if ((st !== COMPUTING && st !== COPYING) || !(this.finish[r] > s)) return false;
    }
    return true;
  }

  /** Rank r's next action is at t: on the stack if nothing that can touch it comes first
   * (eager), else queued. */
  private due(r: number, t: number): void {
    if (this.eager) {
      const x = this.nodeOf[r];
      // a rank core's lazy events are applied by the action itself (catchUpCore)
      if (
        (this.lazyPinned || this.coreNext[x * this.C + this.coreOf[r]] >= t) &&
        this.anyNext[x] >= t
      ) {
        const heap = this.heap;
        heap.remove(1 + r);
        const top = this.eagerTop++;
        this.eagerRank[top] = r;
        this.eagerTime[top] = t;
        return;
      }
    }
    this.heap.set(1 + r, t);
  }

  /**
   * Node x's row: its active entries as a heap, built bottom-up, then (poll mode) its lazy ones
   * grouped by core (coreLo, coreHi) and its idle ones (idleLo). The heap is a binary min-heap
   * on (time, source), kept in the node's own
   * row of the noise table (noise.rowStart): entries are moved within the row, four doubles
   * each, so the node's next event is the entry at the row's start. A node has one entry per
   * source (29 on Jaguar XT5), and an event moves only its own entry's time, so one sift finds
   * the next instead of a scan of the row at every event. An entry carries its own source, count
   * and phase, so where it sits in its row changes no draw; and an event reads one array where
   * a heap of indices beside the table read four (a cache miss each, on a machine's rows).
   */
  private heapifyRow(x: number, scratch: { kind: Int32Array; copy: Float64Array }): void {
    const noise = this.noise;
    const ent = noise.ent;
    const rs = noise.rowStart[x];
    const re = noise.rowStart[x + 1];
    const n = re - rs;
    const C = this.C;
    let active = n;
    this.idleLo[x] = re;
    if (this.lazyPinned) {
      // Each entry's kind: 0 active (cpu "any"), 1 + c lazy on rank core c, 1 + C idle; the
      // row is rewritten in that order, each kind keeping its entries' order (a counting sort).
      const kind = scratch.kind;
      const copy = scratch.copy;
      const count = new Int32Array(C + 3);
      for (let k = 0; k < n; k++) {
        const core = noise.pinnedCore[ent[(rs + k) * ENTRY_STRIDE + E_SOURCE]];
        kind[k] = core < 0 ? 0 : this.rankAt[x * C + core] < 0 ? 1 + C : 1 + core;
        count[kind[k] + 1]++;
      }
      for (let v = 0; v <= C + 1; v++) count[v + 1] += count[v];
      copy.set(ent.subarray(rs * ENTRY_STRIDE, re * ENTRY_STRIDE));
      for (let c = 0; c < C; c++) {
        this.coreLo[x * C + c] = rs + count[1 + c];
        this.coreHi[x * C + c] = rs + count[2 + c];
      }
      active = count[1];
      this.idleLo[x] = rs + count[1 + C];
      for (let k = 0; k < n; k++) {
        const to = (rs + count[kind[k]]++) * ENTRY_STRIDE;
        for (let f = 0; f < ENTRY_STRIDE; f++) ent[to + f] = copy[k * ENTRY_STRIDE + f];
      }
    }
    this.rowActive[x] = active;
    for (let i = (active >> 1) - 1; i >= 0; i--) siftRow(ent, rs, active, i);
  }

  /** Whether node x has idle entries (after its lazy ones in its row). */
  private hasIdle(x: number): boolean {
    return this.idleLo[x] < this.noise.rowStart[x + 1];
  }

  /**
   * Note the next queued event of node x's core c (coreNext), or of its cpu "any" sources
   * (c = −1: anyNext): the least next time (srcNext) of that core's sources, one or two on the
   * presets' rank cores.
   */
  private noteNext(x: number, c: number): void {
    const g = c < 0 ? this.C : c;
    const S = this.noise.sources;
    let best = Infinity;
    for (let k = this.groupStart[g]; k < this.groupStart[g + 1]; k++) {
      const t = this.srcNext[x * S + this.groupSource[k]];
      if (t < best) best = t;
    }
    if (c < 0) this.anyNext[x] = best;
    else this.coreNext[x * this.C + c] = best;
  }

  /**
   * Apply node x's idle events that come before an event at `s` of source `j` (model.md §3's
   * order: start time, then scenario order; j = −1: those before s), one at a time in that
   * order, each on its core's queue; then note the next one (idleNext). False when the action's
   * room ran out first (CATCH_UP_CAP): the rest waits for the action's next try.
   */
  private catchUpIdle(x: number, s: number, j: number): boolean {
    const noise = this.noise;
    const ent = noise.ent;
    const lo = this.idleLo[x];
    const hi = noise.rowStart[x + 1];
    const base = x * this.C;
    for (;;) {
      const best = firstEntry(ent, lo, hi);
      const bt = best < 0 ? Infinity : ent[best * ENTRY_STRIDE + E_TIME];
      const bj = best < 0 ? Infinity : ent[best * ENTRY_STRIDE + E_SOURCE];
      if (best < 0 || bt > s || (bt === s && !(bj < j))) {
        this.idleNext[x] = bt;
        return true;
      }
      if (this.room-- <= 0) {
        this.idleNext[x] = bt;
        return false;
      }
      const ev = ent[best * ENTRY_STRIDE + E_COUNT];
      const d =
        noise.durKind[bj] === FIXED ? noise.durP1[bj] : noise.durationOf(bj, noise.nodeId(x), ev);
      const q = base + noise.pinnedCore[bj];
      this.busy[q] = queueStart(this.busy[q], bt) + d;
      this.noiseEvents++;
      noise.advance(best, x);
    }
  }

  /** Note rank core q's next lazy entry (coreNext), +∞ when it has none. */
  private noteLazy(q: number): void {
    const ent = this.noise.ent;
    let best = Infinity;
    for (let e = this.coreLo[q]; e < this.coreHi[q]; e++) {
      const t = ent[e * ENTRY_STRIDE + E_TIME];
      if (t < best) best = t;
    }
    this.coreNext[q] = best;
  }

  /**
   * Apply the lazy events of node x's rank core c that come before an event at `s` of source
   * `j` (model.md §3's order: start time, then scenario order; j = −1: those before s), one at
   * a time in that order, as noiseEvent applies an event pinned to a core: FIFO on the core's
   * queue, pausing its rank while it computes (its compute end moves; the caller queues it
   * again if it must), else freezing it. Then note the core's next one (coreNext). False when
   * the action's room ran out first (CATCH_UP_CAP): the rest waits for the action's next try.
   */
  private catchUpCore(x: number, c: number, s: number, j: number): boolean {
    const noise = this.noise;
    const ent = noise.ent;
    const q = x * this.C + c;
    const lo = this.coreLo[q];
    const hi = this.coreHi[q];
    const r = this.rankAt[q];
    const busy = this.busy;
    const finish = this.finish;
    for (;;) {
      const best = firstEntry(ent, lo, hi); // the core has entries: it was called for one
      const bt = ent[best * ENTRY_STRIDE + E_TIME];
      const bj = ent[best * ENTRY_STRIDE + E_SOURCE];
      if (bt > s || (bt === s && !(bj < j))) {
        this.coreNext[q] = bt;
        return true;
      }
      if (this.room-- <= 0) {
        this.coreNext[q] = bt;
        return false;
      }
      const ev = ent[best * ENTRY_STRIDE + E_COUNT];
      const d =
        noise.durKind[bj] === FIXED ? noise.durP1[bj] : noise.durationOf(bj, noise.nodeId(x), ev);
      const a = queueStart(busy[q], bt);
      const b = a + d;
      busy[q] = b;
      this.noiseEvents++;
      noise.advance(best, x);
      if (pauses(a, finish[r])) finish[r] += d;
      else if (b > this.frozen[r]) this.frozen[r] = b;
    }
  }

  /** Apply rank r's core's lazy events before t (its action at t reads what they leave);
   * false when the action's room ran out first. */
  private catchUpRank(r: number, t: number): boolean {
    const x = this.nodeOf[r];
    const c = this.coreOf[r];
    return !(this.coreNext[x * this.C + c] < t) || this.catchUpCore(x, c, t, -1);
  }

  /**
   * Before a step returns: apply, on every node, the events kept out of the queue as far as the
   * run has surely gone, so that `noiseEvents` counts them to about the step's end, even in a
   * run whose ranks never wait for the queue (a queue that held them counted those before its
   * own last action only). Idle events up to the end of the last completed iteration (or the
   * queue's last action, if later), but not past the node's next queued cpu "any" event, which
   * must find its idle cores as they are then; a rank core's events before every action still
   * to come (the queue's first, the stack's). At the end of the run nothing is still to come:
   * the queued events before the end are applied too, and every event before it counts.
   */
  private catchUpAll(): void {
    const end = this.iteration > 0 ? this.relMax[this.iteration - 1] : 0;
    const t = end > this.timeUs ? end : this.timeUs;
    // a whole machine's cores may each hold an event or two; a backlog beyond that is left
    this.room = Math.max(CATCH_UP_CAP, 4 * this.nodes * this.C);
    const R = this.ranks;
    if (this.done) {
      for (let agent = this.heap.peek(); agent > R && this.heap.key[agent] < t;) {
        const x = agent - 1 - R;
        const applied = this.noiseEvent(x);
        this.queueNode(x);
        if (!applied) break;
        agent = this.heap.peek();
      }
    }
    if (this.lazyPinned) {
      let sure = t;
      const top = this.heap.peek();
      if (top >= 0 && this.heap.key[top] < sure) sure = this.heap.key[top];
      for (let k = 0; k < this.eagerTop; k++) {
        if (this.eagerTime[k] < sure) sure = this.eagerTime[k];
      }
      const C = this.C;
      for (let x = 0; x < this.nodes; x++) {
        for (let c = 0; c < C; c++) {
          if (this.coreNext[x * C + c] < sure) this.catchUpCore(x, c, sure, -1);
        }
      }
    }
    if (this.lazyIdle) {
      for (let x = 0; x < this.nodes; x++) {
        if (!this.hasIdle(x) || !(this.idleNext[x] < t)) continue;
        this.catchUpIdle(x, this.anyNext[x] < t ? this.anyNext[x] : t, -1);
      }
    }
    // The event bound (run-limit.ts) sees these events once applied: a run that crossed it with
    // them stops here, at the end of its step, rather than at the event that crossed it.
    if (this.noiseEvents > this.limit.maxEvents) {
      this.limit.check(this.iteration, this.totalIterations, t, this.noiseEvents);
    }
  }

  /**
   * Queue node x at its next event (ties: the source first in scenario order): the entry at its
   * row heap's top; a node whose sources have no event left is not queued.
   */
  private queueNode(x: number): void {
    const rs = this.noise.rowStart[x];
    const n = this.rowActive[x];
    if (n === 0) return;
    const s = this.noise.ent[rs * ENTRY_STRIDE + E_TIME];
    if (s === Infinity) this.heap.remove(1 + this.ranks + x);
    else this.heap.set(1 + this.ranks + x, s);
  }

  /** Rank r begins phase k of its current iteration at `start` (its compute). */
  private beginPhase(r: number, start: number): void {
    const k = this.phase[r];
    const kind = this.kinds[k];
    if (kind === PHASE_WAVE_DOWN || kind === PHASE_WAVE_UP) {
      this.beginStage(r, k, kind, start);
      return;
    }
    this.compute(r, k, start);
  }

  /**
   * Rank r computes phase k's g_k from `start` (f × g_k on a slow node, docs/slow-nodes.md); in
   * a halo phase its sends follow, o per neighbour (docs/workloads.md §7), CPU work alike.
   */
  private compute(r: number, k: number, start: number): void {
    let g = this.program.computeUs[k];
    if (this.overheadUs > 0 && this.kinds[k] === PHASE_HALO) {
      g += this.overheadUs * this.nbrCount[r];
    }
    this.phaseStart[r] = start;
    this.finish[r] = start + this.onNode(r, g);
    this.state[r] = COMPUTING;
    this.pend[r] = this.kinds[k] === PHASE_TREE ? this.children[r] : 0;
    this.ready[r] = -Infinity;
    this.due(r, this.finish[r]);
  }

  /** µs: `work` µs of CPU work as rank r's node does it (f times as long on a slow node). */
  private onNode(r: number, work: number): number {
    return this.factors === null ? work : work * this.factors[this.nodeOf[r]];
  }

  private rankAction(r: number, t: number): void {
    if (this.lazyPinned && !this.catchUpRank(r, t)) {
      this.heap.set(1 + r, t); // its core's backlog goes on at its next try
      return;
    }
    const st = this.state[r];
    if ((st === COMPUTING || st === COPYING) && this.finish[r] > t) {
      // Paused since it was queued (its core's events, a cpu "any" event), it ends later:
      // queued again, never on the stack, whose actions assume a compute of its plain length
      // (see eager).
      this.heap.set(1 + r, this.finish[r]);
      return;
    }
    switch (this.state[r]) {
      case COMPUTING:
        this.arrive(r, t);
        return;
      case TRY_UP:
        if (this.hasCore(r, t)) this.sendUp(r, t);
        return;
      case TRY_DOWN:
        if (this.hasCore(r, t)) this.releaseTree(r, t);
        return;
      case TRY_HALO:
        if (this.hasCore(r, t)) this.releaseHalo(r, t);
        return;
      case COPYING:
        this.goOn(r, t); // on its core: noise during the copy paused it
        return;
      case TRY_ALLTOALL:
        if (this.hasCore(r, t)) this.goOn(r, t);
        return;
      case TRY_WAVE:
        if (this.hasCore(r, t)) this.startStage(r, t);
        return;
      default:
        throw new Error(`phase run: rank ${r} acted in state ${this.state[r]}`);
    }
  }

  /** Rank r finished its compute at f (it is on its core). */
  private arrive(r: number, f: number): void {
    const kind = this.kinds[this.phase[r]];
    if (kind === PHASE_HALO) {
      this.arriveHalo(r, f);
      return;
    }
    if (kind === PHASE_ALLTOALL) {
      this.arriveAlltoall(r, f);
      return;
    }
    if (kind === PHASE_WAVE_DOWN || kind === PHASE_WAVE_UP) {
      this.sendDownstream(r, kind, f);
      this.goOn(r, f);
      return;
    }
    if (kind === PHASE_BARRIER) {
      this.state[r] = WAIT_BARRIER;
      this.barrierCount++;
      if (f > this.barrierMax) this.barrierMax = f;
      if (this.barrierCount === this.ranks) this.heap.set(0, this.barrierMax + this.barrierUs);
      return;
    }
    if (this.pend[r] > 0) {
      this.state[r] = WAIT_CHILDREN;
    } else if (this.ready[r] <= f) {
      this.sendUp(r, f); // every child reported while it computed: forward at once
    } else {
      this.state[r] = TRY_UP;
      this.due(r, this.ready[r] + this.wakeupUs);
    }
  }

  // ---- the halo exchange (docs/workloads.md §7) ----

  /**
   * Rank r's message slot for its current halo phase: 2r plus the parity of its phases so far,
   * counted over iterations. Two slots suffice because a neighbour is at most one halo instance
   * ahead (docs/workloads.md §7). A program of one halo phase alternates the two; with
   * barrierBefore (a barrier, then the halo) the parity is always 1 and one slot serves, which
   * is safe only because the barrier lets no rank into the next update before every rank has
   * left this one. A program with two halo phases not split by a barrier would need the
   * instances counted per rank instead.
   */
  private haloSlot(r: number): number {
    return 2 * r + ((this.iter[r] * this.phases + this.phase[r]) & 1);
  }

  /**
   * Rank r finished its compute at f (on its core): it sends its message to every neighbour,
   * which arrives at f + messageUs, and waits for theirs.
   */
  private arriveHalo(r: number, f: number): void {
    const start = this.nbrStart!;
    const list = this.nbrList!;
    const count = this.nbrCount;
    const ready = this.haloReady;
    const got = this.haloCount;
    const own = this.haloSlot(r);
    const parity = own & 1;
    const arrival = f + this.messageUs;
    for (let e = start[r]; e < start[r + 1]; e++) {
      const q = list[e];
      const slot = 2 * q + parity;
      if (arrival > ready[slot]) ready[slot] = arrival;
      if (++got[slot] === count[q]) {
        if (this.state[q] === WAIT_HALO && this.haloSlot(q) === slot) this.haloIn(q);
      }
    }
    this.state[r] = WAIT_HALO;
    if (got[own] === count[r]) this.haloIn(r);
  }

  /**
   * Every neighbour's message for waiting rank q's instance is in (counted; some may arrive
   * later). If the last arrived by q's arrival, q goes on then, on its core; else it tries to
   * from the last arrival + w, as a tree rank takes a message (§2, 3).
   */
  private haloIn(q: number): void {
    const ready = this.haloReady[this.haloSlot(q)];
    const f = this.finish[q];
    if (ready <= f) {
      this.releaseHalo(q, f);
      return;
    }
    this.state[q] = TRY_HALO;
    const t = ready + this.wakeupUs;
    // What its action at t would do, done now when nothing can come before it: no event of its
    // node can touch it before t (it would go on the stack, see eager) and its core is free then.
    if (this.quietAt(q, t)) this.releaseHalo(q, t);
    else this.due(q, t);
  }

  /**
   * Whether waiting rank r's action at t can be taken now: it would be on the stack (eager),
   * its core has no event before t still to apply (its catch-up would apply none) and runs no
   * noise at t (hasCore holds, its freeze is over).
   */
  private quietAt(r: number, t: number): boolean {
    if (!this.eager) return false;
    const x = this.nodeOf[r];
    const q = x * this.C + this.coreOf[r];
    return this.coreNext[q] >= t && this.anyNext[x] >= t && this.busy[q] <= t;
  }

  /**
   * Rank r has its neighbours' messages at d: its slot is free for instance + 2. It goes on, or
   * first copies them in, o each, from where it would have gone on (CPU work that noise pauses,
   * on a slow node f times as long); its wait ends at d, the copy is part of its update.
   */
  private releaseHalo(r: number, d: number): void {
    const slot = this.haloSlot(r);
    this.haloCount[slot] = 0;
    this.haloReady[slot] = -Infinity;
    if (this.overheadUs === 0) {
      this.goOn(r, d);
      return;
    }
    this.addWait(r, d);
    const from = this.resumeAt(r, d);
    const copy = this.overheadUs * this.nbrCount[r];
    this.state[r] = COPYING;
    this.finish[r] = from + this.onNode(r, copy);
    this.due(r, this.finish[r]);
  }

  // ---- the all-to-all exchange (docs/workloads.md §8) ----

  /**
   * Rank r finished its compute at f and sends to every other rank. When the last rank is in,
   * each rank's last message is known: the latest arrival among the others, + m. A rank whose
   * last message is in by its own finish goes on then; the others try from it + w (as a halo).
   */
  private arriveAlltoall(r: number, f: number): void {
    this.state[r] = WAIT_ALLTOALL;
    if (f > this.a2aFirst) {
      this.a2aSecond = this.a2aFirst;
      this.a2aFirst = f;
      this.a2aFirstRank = r;
    } else if (f > this.a2aSecond) {
      this.a2aSecond = f;
    }
    if (++this.a2aCount < this.ranks) return;
    const first = this.a2aFirst;
    const firstRank = this.a2aFirstRank;
    const second = this.a2aSecond;
    this.a2aCount = 0;
    this.a2aFirst = -Infinity;
    this.a2aSecond = -Infinity;
    this.a2aFirstRank = -1;
    const m = this.messageUs;
    for (let q = 0; q < this.ranks; q++) {
      const last = (q === firstRank ? second : first) + m; // −∞ for a job of one rank
      const fq = this.finish[q];
      if (last <= fq) {
        this.goOn(q, fq);
      } else {
        this.state[q] = TRY_ALLTOALL;
        this.due(q, last + this.wakeupUs);
      }
    }
  }

  // ---- the wavefront (docs/workloads.md §9) ----

  /**
   * Rank r is ready at `start` for stage k of a sweep: it computes from `start` if its upstream
   * messages are all in by then, else it waits for them (a waiting rank for model.md §3) and
   * tries to start from max(last arrival + w, start).
   */
  private beginStage(r: number, k: number, kind: number, start: number): void {
    this.waveFrom[r] = start;
    const slot = r * this.phases + k;
    const need = this.waveNeed[2 * r + (kind === PHASE_WAVE_UP ? 1 : 0)];
    if (this.waveCount[slot] === need) {
      const last = this.waveReady[slot];
      if (last <= start) {
        this.clearStage(slot);
        this.compute(r, k, start);
      } else {
        this.tryStage(r, last);
      }
      return;
    }
    this.state[r] = WAIT_WAVE;
    this.finish[r] = -Infinity; // waiting, not computing, until the stage starts
  }

  private tryStage(r: number, last: number): void {
    const at = last + this.wakeupUs;
    this.state[r] = TRY_WAVE;
    this.finish[r] = -Infinity;
    this.due(r, at > this.waveFrom[r] ? at : this.waveFrom[r]);
  }

  private clearStage(slot: number): void {
    this.waveCount[slot] = 0;
    this.waveReady[slot] = -Infinity;
  }

  /**
   * Waiting rank r has a core at t and starts its stage: from max(t, frozenUntil_r), or at t on
   * another core in block mode when noise runs on its own (as a halo rank goes on, §7). The
   * time since it was ready is its wait in the stage's exchange.
   */
  private startStage(r: number, t: number): void {
    const k = this.phase[r];
    this.clearStage(r * this.phases + k);
    let start = t;
    if (this.block && this.busy[this.nodeOf[r] * this.C + this.coreOf[r]] > t) {
      if (!this.move(r, t)) start = this.frozen[r] > t ? this.frozen[r] : t;
    } else if (this.frozen[r] > t) {
      start = this.frozen[r];
    }
    const wait = start - this.waveFrom[r];
    const i = this.iter[r];
    if (r === 0) this.rootColl[i] += wait;
    this.collThisIter[r] += wait;
    if (i >= this.warmup) this.collectiveByRank[r] += wait;
    this.compute(r, k, start);
  }

  /** Rank r finished a stage's compute at f: its downstream neighbours have its message at f + m. */
  private sendDownstream(r: number, kind: number, f: number): void {
    const cols = this.waveCols;
    const row = Math.floor(r / cols);
    const col = r - row * cols;
    const down = kind === PHASE_WAVE_DOWN;
    if (down ? row < this.waveRows - 1 : row > 0)
      this.deliverStage(r, down ? r + cols : r - cols, f);
    if (down ? col < cols - 1 : col > 0) this.deliverStage(r, down ? r + 1 : r - 1, f);
  }

  private deliverStage(r: number, q: number, f: number): void {
    const k = this.phase[r];
    const m = this.phases;
    const slot = q * m + k;
    const i = this.iter[r];
    if (this.waveCount[slot] > 0 && this.waveIter[slot] !== i) {
      throw new Error(`wavefront: rank ${q} holds stage ${k} messages of two iterations`);
    }
    this.waveIter[slot] = i;
    const arrival = f + this.messageUs;
    if (arrival > this.waveReady[slot]) this.waveReady[slot] = arrival;
    const count = ++this.waveCount[slot];
    const kind = this.kinds[k];
    const need = this.waveNeed[2 * q + (kind === PHASE_WAVE_UP ? 1 : 0)];
    if (
      count === need &&
      this.state[q] === WAIT_WAVE &&
      this.phase[q] === k &&
      this.iter[q] === i
    ) {
      this.tryStage(q, this.waveReady[slot]);
    }
  }

  /** Rank r forwards its partial reduction at u (rank 0: the reduction is complete). */
  private sendUp(r: number, u: number): void {
    if (r === 0) {
      this.releaseTree(0, u);
      return;
    }
    this.state[r] = WAIT_DOWN;
    const p = Math.floor((r - 1) / this.program.fanout);
    const arrival = u + this.program.hopUs;
    if (arrival > this.ready[p]) this.ready[p] = arrival;
    if (--this.pend[p] === 0 && this.state[p] === WAIT_CHILDREN) {
      this.state[p] = TRY_UP;
      this.due(p, this.ready[p] + this.wakeupUs);
    }
  }

  /** Rank r holds the allreduce's result at d: pass it to its children, then go on. */
  private releaseTree(r: number, d: number): void {
    const k = this.program.fanout;
    const first = k * r + 1;
    const arrival = d + this.program.hopUs + this.wakeupUs;
    for (let c = first; c < first + this.children[r]; c++) {
      this.state[c] = TRY_DOWN;
      this.due(c, arrival);
    }
    this.goOn(r, d);
  }

  /**
   * Rank r, released from a tree or halo phase at d, goes on: from max(d, frozenUntil_r) (the
   * residual rule), or at d on another core in block mode when noise runs on its own (§2, 6).
   */
  private goOn(r: number, d: number): void {
    this.endPhase(r, d, this.resumeAt(r, d));
  }

  /** When rank r, able to go on at d, computes again: max(d, frozenUntil_r), or d moved. */
  private resumeAt(r: number, d: number): number {
    if (this.block && this.busy[this.nodeOf[r] * this.C + this.coreOf[r]] > d) {
      if (this.move(r, d)) return d;
    }
    const fr = this.frozen[r];
    return fr > d ? fr : d;
  }

  /**
   * Block mode, rank r released at d while noise runs on its core: it computes on the lowest
   * core of its node that runs no noise at d and holds no computing rank, swapping cores with
   * the waiting rank there, if any (docs/workloads.md §2). Returns false if there is none.
   */
  private move(r: number, d: number): boolean {
    const C = this.C;
    const base = this.nodeOf[r] * C;
    const from = this.coreOf[r];
    for (let c = 0; c < C; c++) {
      if (this.busy[base + c] > d) continue;
      const q = this.rankAt[base + c];
      if (q >= 0 && (this.state[q] === COMPUTING || this.state[q] === COPYING)) continue;
      // The waiting rank q takes r's old core, and with it that core's noise: its freeze is now
      // that queue's end (its own core ran no noise at d, so its old freeze has passed).
      this.rankAt[base + from] = q;
      if (q >= 0) {
        this.coreOf[q] = from;
        this.frozen[q] = this.busy[base + from];
      }
      this.rankAt[base + c] = r;
      this.coreOf[r] = c;
      this.frozen[r] = d;
      return true;
    }
    return false;
  }

  /** The barrier completes at t: every rank starts at max(t + w, frozen_r) (model.md §4). */
  private releaseBarrier(t: number): void {
    // every rank's freeze is read: its core's events before t first
    for (let r = 0; this.lazyPinned && r < this.ranks; r++) {
      if (!this.catchUpRank(r, t)) {
        this.heap.set(0, t); // a core's backlog goes on at the release's next try
        return;
      }
    }
    this.barrierCount = 0;
    this.barrierMax = -Infinity;
    const w = this.wakeupUs;
    for (let r = 0; r < this.ranks; r++) {
      const fr = this.frozen[r];
      this.endPhase(r, t, fr > t + w ? fr : t + w);
    }
  }

  /** Rank r is released from its phase's collective at `rel` and computes next from `start`. */
  private endPhase(r: number, rel: number, start: number): void {
    const i = this.iter[r];
    this.addWait(r, rel);
    const upd = this.updThisIter;
    if (upd !== null && this.kinds[this.phase[r]] === PHASE_HALO) {
      upd[r] += rel - this.phaseStart[r];
    }
    const k = this.phase[r] + 1;
    if (k < this.phases) {
      this.phase[r] = k;
      this.beginPhase(r, start);
      return;
    }
    // Last phase: rank r completed iteration i.
    const j = i - this.warmup;
    if (j >= 0) {
      const c = this.collThisIter[r];
      if (c < this.iterCollectiveMin[j]) this.iterCollectiveMin[j] = c;
      if (c > this.iterCollectiveMax[j]) this.iterCollectiveMax[j] = c;
      this.iterCollectiveSum[j] += c;
      if (upd !== null) {
        const u = upd[r];
        if (u < this.iterUpdateMin![j]) this.iterUpdateMin![j] = u;
        if (u > this.iterUpdateMax![j]) this.iterUpdateMax![j] = u;
        this.iterUpdateSum![j] += u;
      }
    }
    this.collThisIter[r] = 0;
    if (upd !== null) upd[r] = 0;
    if (rel > this.relMax[i]) this.relMax[i] = rel;
    if (this.releases) this.releases[i * this.ranks + r] = rel;
    if (r === 0) this.rootRel[i] = rel;
    if (++this.relCount[i] === this.ranks) this.completeIteration(i);
    this.phase[r] = 0;
    this.iter[r] = i + 1;
    if (i + 1 === this.totalIterations) {
      this.state[r] = DONE;
      this.ranksDone++;
      return;
    }
    this.beginPhase(r, start);
  }

  /** Rank r's wait in its phase's collective ends at `rel` (from its finish). */
  private addWait(r: number, rel: number): void {
    const i = this.iter[r];
    const wait = rel - this.finish[r];
    if (r === 0) this.rootColl[i] += wait;
    this.collThisIter[r] += wait;
    if (i >= this.warmup) this.collectiveByRank[r] += wait;
  }

  private completeIteration(i: number): void {
    this.iteration = i + 1;
    const j = i - this.warmup;
    if (j < 0) return;
    const t0 = i === 0 ? 0 : this.relMax[i - 1];
    this.durations[j] = this.relMax[i] - t0;
    this.rootCollectiveUs[j] = this.rootColl[i];
    this.rootDurations[j] = this.rootRel[i] - (i === 0 ? 0 : this.rootRel[i - 1]);
  }

  /**
   * Whether waiting rank r can run at t (to forward or take a message). Poll: it holds its own
   * core, so it runs unless that core is running noise. Block: it gave its core up and any
   * core of its node that runs neither noise nor a computing rank will do. If none, it is
   * queued again for the earliest moment one of those cores' noise ends (a new event may still
   * take it: the attempt is repeated).
   */
  private hasCore(r: number, t: number): boolean {
    const C = this.C;
    const base = this.nodeOf[r] * C;
    let next = this.busy[base + this.coreOf[r]];
    if (next <= t) return true;
    if (this.block) {
      for (let c = 0; c < C; c++) {
        const q = this.rankAt[base + c];
        if (q >= 0 && (this.state[q] === COMPUTING || this.state[q] === COPYING)) continue;
        const b = this.busy[base + c];
        if (b <= t) return true;
        if (b < next) next = b;
      }
    }
    this.due(r, next);
    return false;
  }

  /**
   * Node x's next noise event (model.md §3, as BarrierRun applies it); false when the events
   * kept out of the queue before it took the action's room (CATCH_UP_CAP) and it waits, still
   * queued at its time, for its next try.
   */
  private noiseEvent(x: number): boolean {
    const noise = this.noise;
    const ent = noise.ent;
    // the entry at the top of x's row heap: the node is queued at its time (queueNode)
    const e = noise.rowStart[x];
    const eo = e * ENTRY_STRIDE;
    const s = ent[eo + E_TIME];
    const j = ent[eo + E_SOURCE];
    const ev = ent[eo + E_COUNT];
    const nodeId = noise.nodeId(x);
    const C = this.C;
    const P = this.P;
    const rankAt = this.rankAt;
    const coreOf = this.coreOf;
    const busy = this.busy;
    const finish = this.finish;
    const base = x * C;
    const r0 = x * P;
    // Which core (§3, event-rule.ts): pinned, else the choice for cpu "any" (ranks in rank
    // order; in block mode a rank may have moved to another core of its node).
    let core = noise.pinnedCore[j];
    if (core < 0) {
      // the cores as they are at s: their events before it first (false: the node's event
      // waits for its next try, the action's room spent)
      if (this.hasIdle(x) && !this.catchUpIdle(x, s, j)) return false;
      for (let c = 0; this.lazyPinned && c < C; c++) {
        if (this.coreNext[base + c] <= s && !this.catchUpCore(x, c, s, j)) return false;
      }
      core = anyCore(
        s,
        C,
        P,
        busy,
        base,
        1,
        rankAt,
        base,
        coreOf,
        r0,
        this.block || P < C,
        this.block,
        false,
        finish,
        0,
        true,
        this.cand,
        noise.victimKey[j],
        nodeId,
        ev,
      );
    }
    // drawn once the event surely applies (the draws are counter-based: when changes none)
    const d = noise.durKind[j] === FIXED ? noise.durP1[j] : noise.durationOf(j, nodeId, ev);
    const q = base + core;
    const a = queueStart(busy[q], s);
    const b = a + d;
    busy[q] = b;
    this.noiseEvents++;
    // e is the entry at the top of x's row heap, so moving its time later and sifting the top
    // down keeps the heap
    noise.advance(e, x);
    this.srcNext[x * noise.sources + j] = ent[eo + E_TIME];
    // the entry at the row's top has moved later: it sinks to its place (act queues the node)
    siftRow(ent, noise.rowStart[x], this.rowActive[x], 0);
    this.noteNext(x, noise.pinnedCore[j]);
    const r = rankAt[q];
    if (r < 0) return true; // an idle core absorbs it
    if (pauses(a, finish[r])) {
      // Computing: paused for d (its compute end moves; it is queued again when it comes to
      // its old end, rankAction).
      finish[r] += d;
    } else if (b > this.frozen[r]) {
      // Waiting: frozen until b; it cannot forward on this core, nor start computing, before.
      this.frozen[r] = b;
    }
    return true;
  }
}

/**
 * The entry of [lo, hi) whose event comes first in model.md §3's order (start time, then
 * scenario order); −1 for an empty range. A core's or a node's idle entries are a few, scanned.
 */
function firstEntry(ent: Float64Array, lo: number, hi: number): number {
  let best = -1;
  let bt = Infinity;
  let bj = Infinity;
  for (let e = lo; e < hi; e++) {
    const t = ent[e * ENTRY_STRIDE + E_TIME];
    if (t < bt || (t === bt && ent[e * ENTRY_STRIDE + E_SOURCE] < bj)) {
      best = e;
      bt = t;
      bj = ent[e * ENTRY_STRIDE + E_SOURCE];
    }
  }
  return best;
}
