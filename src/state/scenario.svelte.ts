// The scenario on show: a preset (ASCI Q 2002 at start-up) or an imported
// file, with the seed the user set. Every scenario passes the validator at the
// boundary; a rejected file leaves the current one in place and its problems
// are listed, one per line. Reset goes back to the preset or file as loaded.
import {
  formatIssue,
  parseScenarioText,
  ScenarioError,
  SEED_LIMIT,
  validateScenario,
} from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { findPreset, STARTUP_PRESET_ID, startupScenario } from './presets.ts';

/** Why the last file, preset or link was refused: its name and one line per problem. */
export interface LoadFailure {
  fileName: string;
  lines: string[];
  /** the sentence above the lines; the page's default names the file */
  title?: string;
  /** a link that opens what was most likely meant (a preset's name mistyped), for one click */
  fix?: LinkFix;
}

/** A mended link: where it goes (a query, "?preset=…") and what it says ("Open …"). */
export interface LinkFix {
  href: string;
  label: string;
}

/** Where an opened scenario came from (ScenarioState.open). */
export interface ScenarioSource {
  /** the preset it is based on; null for a file or a link */
  presetId: string | null;
  /** the file or link it came from, shown as text; null for a preset */
  fileName: string | null;
  /** what Reset goes back to; the scenario itself when not given */
  base?: Scenario;
}

/** Edits kept for Undo. */
const HISTORY = 100;

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
  /** edits that Undo / Redo step through (cleared when a preset or file is loaded) */
  #undo = $state.raw<Scenario[]>([]);
  #redo = $state.raw<Scenario[]>([]);

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
  /** the scenario as its preset, file or link gave it (what Reset goes back to) */
  get loaded(): Scenario {
    return this.#loaded;
  }

  /** The name an export gets: the preset's id or the imported file's name. */
  get exportName(): string {
    if (this.#presetId !== null) return `${this.#presetId}.json`;
    // A served path (scenarios/x.json) downloads as its last segment; a link as scenario.json.
    const name = (this.#fileName ?? '').split('/').at(-1) ?? '';
    if (/\s/.test(name) || name === '') return 'scenario.json';
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

  /** Shows why a link (or anything else) was refused; the scenario stays. */
  fail(failure: LoadFailure): void {
    this.#failure = failure;
  }

  /** Clears the message of the last refusal. */
  dismissFailure(): void {
    this.#failure = null;
  }

  /**
   * Shows an already validated scenario from a link or the autosave: the undo history starts
   * afresh and Reset goes back to `source.base` (the preset as shipped, for a preset link).
   * Drops any preset still loading.
   */
  open(scenario: Scenario, source: ScenarioSource): void {
    this.#request++;
    this.#replace(scenario, source.presetId, source.fileName, source.base ?? scenario);
  }

  /** Sets the seed (an integer, 0 ≤ seed < 2^32; checked by the caller with checkSeed). */
  setSeed(seed: number): void {
    if (checkSeed(seed) !== null) throw new RangeError(`bad seed ${seed}`);
    this.#undo = [...this.#undo.slice(-(HISTORY - 1)), this.#current];
    this.#redo = [];
    this.#current = { ...this.#current, seed };
    this.#revision++;
  }

  /**
   * Applies an edit from the controls: `next` (the current scenario changed) is validated; if
   * valid it replaces the current one (the old goes on the undo stack) and null is returned;
   * if not, the current one stays and the validator's lines are returned for the control to
   * show next to itself.
   */
  edit(next: unknown): string[] | null {
    let valid: Scenario;
    try {
      valid = validateScenario(next);
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      return error.issues.map(formatIssue);
    }
    this.#undo = [...this.#undo.slice(-(HISTORY - 1)), this.#current];
    this.#redo = [];
    this.#current = valid;
    this.#revision++;
    return null;
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }

  /** Back one edit (controls, seed); returns whether there was one. */
  undo(): boolean {
    const previous = this.#undo.at(-1);
    if (previous === undefined) return false;
    this.#undo = this.#undo.slice(0, -1);
    this.#redo = [...this.#redo, this.#current];
    this.#current = previous;
    this.#revision++;
    return true;
  }

  /** Forward one undone edit; returns whether there was one. */
  redo(): boolean {
    const next = this.#redo.at(-1);
    if (next === undefined) return false;
    this.#redo = this.#redo.slice(0, -1);
    this.#undo = [...this.#undo, this.#current];
    this.#current = next;
    this.#revision++;
    return true;
  }

  /** Back to the preset or file as it was loaded. */
  reset(): void {
    // Undoable, so a Reset pressed by mistake does not lose the edits.
    if (this.#current !== this.#loaded) {
      this.#undo = [...this.#undo.slice(-(HISTORY - 1)), this.#current];
      this.#redo = [];
    }
    this.#current = this.#loaded;
    this.#failure = null;
    this.#revision++;
  }

  /** Everything a student had on show (the scenario, what Reset goes back to, the undo
   * history), kept while a lesson or the challenges borrow the simulator. */
  keep(): KeptScenario {
    return {
      current: this.#current,
      loaded: this.#loaded,
      presetId: this.#presetId,
      fileName: this.#fileName,
      undo: this.#undo,
      redo: this.#redo,
    };
  }

  /** Puts back what `keep` took: the scenario, its source and its undo history. */
  restore(kept: KeptScenario): void {
    this.#request++; // a preset still loading must not replace it
    this.#replace(kept.current, kept.presetId, kept.fileName, kept.loaded);
    this.#undo = kept.undo;
    this.#redo = kept.redo;
  }

  #replace(
    scenario: Scenario,
    presetId: string | null,
    fileName: string | null,
    base: Scenario = scenario,
  ): void {
    this.#undo = [];
    this.#redo = [];
    this.#current = scenario;
    this.#loaded = base;
    this.#presetId = presetId;
    this.#fileName = fileName;
    this.#failure = null;
    this.#revision++;
  }
}

/** What ScenarioState.keep takes and restore puts back. */
export interface KeptScenario {
  readonly current: Scenario;
  readonly loaded: Scenario;
  readonly presetId: string | null;
  readonly fileName: string | null;
  readonly undo: Scenario[];
  readonly redo: Scenario[];
}

/** Why `seed` is no seed (an integer, 0 ≤ seed < 2^32), or null if it is one. */
export function checkSeed(seed: number): string | null {
  if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) {
    return `The seed must be a whole number from 0 to ${(SEED_LIMIT - 1).toLocaleString('en-US')}.`;
  }
  return null;
}
