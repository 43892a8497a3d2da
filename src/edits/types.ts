// A simulator state as the lesson's steps and the challenges set it: a preset and a list of
// edits on it (apply.ts validates the result). Shared by src/lesson/ and src/challenges/, which
// import nothing from each other.

/** One change to a preset, applied in order (apply.ts). */
export type Edit =
  /** a dotted path of the scenario (src/scenario/paths.ts), e.g. `job.nodes` */
  | { kind: 'set'; path: string; value: unknown }
  /**
   * Noise sources picked by id or category (and, if given, by arrival): enable, disable or
   * align them (phase 'aligned' is allowed only for periodic sources).
   */
  | {
      kind: 'sources';
      ids?: readonly string[];
      categories?: readonly string[];
      arrival?: 'periodic' | 'poisson';
      enabled?: boolean;
      phase?: 'aligned' | 'random';
    }
  /**
   * A noise source added after the preset's own (a stand-in for something the preset's machine
   * does not have); the validator checks it as it checks a file's. Its id must be new.
   */
  | { kind: 'add-source'; source: Record<string, unknown> };

/** A simulator state: a preset of src/state/presets.ts and the edits on it. */
export interface StepState {
  preset: string;
  edits: readonly Edit[];
}
