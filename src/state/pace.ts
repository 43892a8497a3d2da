// The recent pace of a long run or sweep, for its time left (remainingText): the time and the
// share done since the last sample at least a window ago. The window is a third of the time so
// far, at least PACE_WINDOW_MS: long enough that one slow slice does not swing the estimate,
// short enough that a run which speeds up (the cores it shared with a trace are its own again)
// is soon estimated at its new pace.

/** ms: the shortest stretch the pace is measured over */
export const PACE_WINDOW_MS = 5000;

export class Pace {
  #start = 0;
  /** samples: ms (monotonic) and share done, oldest first */
  #t: number[] = [];
  #done: number[] = [];

  /** Starts over: the run starts at `now` (ms), nothing done. */
  reset(now: number): void {
    this.#start = now;
    this.#t = [now];
    this.#done = [0];
  }

  /** Records that `done` (0 to 1) is done at `now`; returns the stretch since the last sample
   * at least a window before `now` (from the start while the run is younger than a window). */
  note(now: number, done: number): { ms: number; done: number } {
    this.#t.push(now);
    this.#done.push(done);
    const window = Math.max(PACE_WINDOW_MS, (now - this.#start) / 3);
    while (this.#t.length > 2 && now - this.#t[1] >= window) {
      this.#t.shift();
      this.#done.shift();
    }
    return { ms: now - this.#t[0], done: done - this.#done[0] };
  }
}
