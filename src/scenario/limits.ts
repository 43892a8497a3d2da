// Size limits of scenario files. Scenarios arrive from strangers (shared URLs, downloaded
// files), so every size the validator accepts is bounded: a hostile or mistyped file must be
// refused with a message, never freeze the browser tab or exhaust the Node process.

/** Characters of JSON text, checked before JSON.parse: a real scenario is a few kB; even one
 * listing 100,000 node ids in placements fits, and parsing 1 MB costs milliseconds. */
export const MAX_TEXT_LENGTH = 1_000_000;

/** Nesting of objects/arrays (root = 1). A valid scenario nests 5 deep (noise[i].placement.ids);
 * the walk refuses deeper values before anything else touches them. */
export const MAX_DEPTH = 16;

/** Noise sources: the paper's largest inventory lists a few dozen daemons; 256 leaves room for
 * generated scenarios while keeping per-event source lookups cheap. */
export const MAX_NOISE_SOURCES = 256;

/** Nodes of a machine: the format promises at least 200,000 (BG/P-class machines); 2^20 keeps
 * per-node state (phases, placement masks) in the tens of MB. */
export const MAX_NODES = 1_048_576;

/** Cores per node: today's largest CPUs have a few hundred; ranks are per core. */
export const MAX_CORES_PER_NODE = 256;

/** Cores of the whole machine (nodes × coresPerNode): bounds per-core noise queues (busyUntil). */
export const MAX_TOTAL_CORES = 4_194_304;

/** Iterations of a workload, warm-up included: each one is stored for the percentiles. */
export const MAX_ITERATIONS = 1_000_000;

/** Entries of placement.ids (also ≤ machine.nodes) and placement.offsets (≤ clusterSize), and of
 * job.excludeOffsets: distinct values below those sizes, so never more than the machine has. */
export const MAX_PLACEMENT_IDS = 1_048_576;

/** Title, noise label, category and machine name: one line in the UI. */
export const MAX_NAME_LENGTH = 200;

/** Description: free text shown in the app; 20,000 characters is several pages. */
export const MAX_DESCRIPTION_LENGTH = 20_000;

/** References: citations shown in the app, not a bibliography database. */
export const MAX_REFERENCES = 64;
export const MAX_REFERENCE_LENGTH = 500;

/** Noise ids appear in URLs, CLI flags and legends. */
export const MAX_ID_LENGTH = 64;

/** Any µs value (periods, durations, granularity, latencies): 10^12 µs is 11.6 days, far beyond
 * any OS noise; larger values are typos, and sums of them would lose float64 precision. */
export const MAX_TIME_US = 1e12;

/** A distribution's shape parameters (lognormal sigma, Pareto shape) have no natural bound;
 * this one says they are finite (1e400 in a file reads as Infinity) and is far beyond any fit. */
export const MAX_SHAPE_PARAMETER = 1e6;

/** Issues reported per list (ids, offsets, cores) before one "and N more" line: a pasted list of
 * 100,000 bad ids must yield a readable message, not 100,000 lines. */
export const MAX_LIST_ISSUES = 20;

/** Seeds are 32-bit unsigned (0 ≤ seed < 2^32): the seeded generator takes a uint32. */
export const SEED_LIMIT = 2 ** 32;

/** Estimated noise events on job nodes over the run (cost.ts): every event is drawn and applied
 * one by one, so even at tens of millions per second 2e9 is minutes; beyond that a run would
 * look like a hang. */
export const MAX_NOISE_EVENTS = 2e9;

/** job.nodes × ranksPerNode × phases per iteration × iterations: every rank is visited in every
 * phase of every iteration. */
export const MAX_RANK_ITERATIONS = 2e11;

/** Phases of the whole run: phases per iteration (SAGE: allreducesPerCycle; POP:
 * barotropicIterations + 1; otherwise 1) × iterations. The engine steps through them one at a
 * time; a one-phase workload (≤ MAX_ITERATIONS) stays far below. */
export const MAX_PHASE_ITERATIONS = 10_000_000;

/** Collective phases in one iteration (SAGE allreducesPerCycle, POP barotropicIterations): the
 * engine holds one entry per phase. Real codes have tens to a few thousand. */
export const MAX_PHASES_PER_ITERATION = 100_000;

/** Children per interior rank of the software tree (machine.tree.fanout): 2 is a binary tree;
 * beyond 64 a "tree" is a flat gather. */
export const MIN_TREE_FANOUT = 2;
export const MAX_TREE_FANOUT = 64;

/** SAGE cells per PE: a label for the processing rate; 1e9 cells is far more than a PE holds. */
export const MAX_CELLS_PER_PE = 1_000_000_000;

/** Provenance texts (cite, against, note): a citation or a sentence, not a document. */
export const MAX_PROVENANCE_TEXT_LENGTH = 2_000;

/** Bytes of one halo message: 1 GB is far beyond any halo face; with at most 1 µs per byte a
 * message stays within MAX_TIME_US. */
export const MAX_MESSAGE_BYTES = 1_000_000_000;

/** Stages per sweep of the wavefront workload (NPB LU: one per plane of a rank's block, 162 for
 * class C). The engine holds one slot per rank and stage (MAX_WAVEFRONT_SLOTS). */
export const MAX_WAVEFRONT_STAGES = 10_000;

/** Ranks × 2 × stages of a wavefront run: the engine keeps, per rank and stage, the messages
 * received early (16 bytes each), so 4e6 is 64 MB. */
export const MAX_WAVEFRONT_SLOTS = 4_000_000;
