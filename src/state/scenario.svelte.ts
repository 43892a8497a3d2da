// The scenario on show: a preset (ASCI Q 2002 at start-up) or an imported
// file, with the seed the user set. Every scenario passes the validator at the
// boundary; a rejected file leaves the current one in place and its problems
// are listed, one per line. Reset goes back to the preset or file as loaded.
import { formatIssue, parseScenarioText, ScenarioError, SEED_LIMIT } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { findPreset, STARTUP_PRESET_ID, startupScenario } from './presets.ts';

/** Why the last file or preset was refused: its name and one line per problem. */
export interface LoadFailure {
  fileName: string;
  lines: string[];
}

export class ScenarioState {
  #current = $state.raw<Scenario>(startupScenario());
  /** the scenario as its preset or file gave it, for Reset */
  #loaded: Scenario = this.#current;
  /** the preset on show; null when a file was imported */
  #presetId = $state<string | null>(STARTUP_PRESET_ID);
  /** file the current scenario came from; null for a preset */
  #fileName = $state<string | null>(null);
  #failure = $state.raw<LoadFailure | null>(null);
  /** counts every change of the scenario, Reset included, so fields can drop edits */
  #revision = $state(0);
  /** the latest preset request: an older one that loads later is dropped */
  #request = 0;

  get current(): Scenario {
    return this.#current;
  }
  get presetId(): string | null {
    return this.#presetId;
  }
  get fileName(): string | null {
    return this.#fileName;
  }
  get failure(): LoadFailure | null {
    return this.#failure;
  }
  get revision(): number {
    return this.#revision;
  }

  /** The name an export gets: the preset's id or the imported file's name. */
  get exportName(): string {
    if (this.#presetId !== null) return `${this.#presetId}.json`;
    const name = this.#fileName ?? 'scenario.json';
    return name.toLowerCase().endsWith('.json') ? name : `${name}.json`;
  }

  /**
   * Loads a preset; resolves to whether it replaced the scenario (false if a
   * newer request came first, or the file failed to load or validate).
   */
  async choosePreset(id: string): Promise<boolean> {
    const request = ++this.#request;
    const preset = findPreset(id);
    let scenario: Scenario;
    try {
      if (!preset) throw new Error(`there is no preset "${id}"`);
      scenario = await preset.load();
    } catch (error) {
      if (request !== this.#request) return false;
      const lines =
        error instanceof ScenarioError
          ? error.issues.map(formatIssue)
          : [`It could not be loaded: ${(error as Error).message}`];
      this.#failure = { fileName: `scenarios/${id}.json`, lines };
      return false;
    }
    if (request !== this.#request) return false;
    this.#replace(scenario, id, null);
    return true;
  }

  /** Validates a file's text; returns whether it replaced the current scenario. */
  load(text: string, fileName: string): boolean {
    this.#request++; // a preset still loading must not replace the file
    try {
      this.#replace(parseScenarioText(text), null, fileName);
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      this.#failure = { fileName, lines: error.issues.map(formatIssue) };
      return false;
    }
    return true;
  }

  /** Records a file refused before validation (too large, unreadable). */
  refuse(fileName: string, reason: string): void {
    this.#failure = { fileName, lines: [reason] };
  }

  /** Sets the seed (an integer, 0 ≤ seed < 2^32; checked by the caller with checkSeed). */
  setSeed(seed: number): void {
    if (checkSeed(seed) !== null) throw new RangeError(`bad seed ${seed}`);
    this.#current = { ...this.#current, seed };
    this.#revision++;
  }

  /** Back to the preset or file as it was loaded. */
  reset(): void {
    this.#current = this.#loaded;
    this.#failure = null;
    this.#revision++;
  }

  #replace(scenario: Scenario, presetId: string | null, fileName: string | null): void {
    this.#current = scenario;
    this.#loaded = scenario;
    this.#presetId = presetId;
    this.#fileName = fileName;
    this.#failure = null;
    this.#revision++;
  }
}

/** Why `seed` is no seed (an integer, 0 ≤ seed < 2^32), or null if it is one. */
export function checkSeed(seed: number): string | null {
  if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) {
    return `The seed must be a whole number from 0 to ${(SEED_LIMIT - 1).toLocaleString('en-US')}.`;
  }
  return null;
}
