// The page's watchdog over its engine worker (simulation.svelte.ts): how long it waits, in ms.
// A module of its own, free of Svelte, so that the browser tests can read the same numbers.

/** ms a worker has to acknowledge a cancel before it is closed */
export const CANCEL_GRACE_MS = 2000;
/** ms without a message from the worker, while a run is active, before it is deemed stuck: its
 * progress comes every 0.25–2 s between steps, and a step outlasts its slice by at most one
 * iteration. An iteration can be long (g = 15 s on a whole machine is seconds of work): the
 * wait is at least STALL_ITERATIONS times its estimated cost. */
export const STALL_MS = 10_000;
export const STALL_ITERATIONS = 8;
/** ms between the watchdog's looks */
export const WATCH_MS = 500;
