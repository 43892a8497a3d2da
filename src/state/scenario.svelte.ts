// The scenario on show: the bundled example until the user imports a file.
// Every scenario passes the validator here, at the boundary; a rejected file
// leaves the current one in place and its problems are listed, one per line.
import example from '../../scenarios/example-asci-q.json';
import {
  formatIssue,
  parseScenarioText,
  ScenarioError,
  validateScenario,
} from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';

/** Why the last file was refused: its name and one line per problem. */
export interface LoadFailure {
  fileName: string;
  lines: string[];
}

export class ScenarioState {
  #current = $state.raw<Scenario>(validateScenario(example));
  /** file the current scenario came from; null for the bundled example */
  #fileName = $state<string | null>(null);
  #failure = $state.raw<LoadFailure | null>(null);

  get current(): Scenario {
    return this.#current;
  }

  get fileName(): string | null {
    return this.#fileName;
  }

  get failure(): LoadFailure | null {
    return this.#failure;
  }

  /** Validates a file's text; returns whether it replaced the current scenario. */
  load(text: string, fileName: string): boolean {
    try {
      this.#current = parseScenarioText(text);
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      this.#failure = { fileName, lines: error.issues.map(formatIssue) };
      return false;
    }
    this.#fileName = fileName;
    this.#failure = null;
    return true;
  }

  /** Records a file refused before validation (too large, unreadable). */
  refuse(fileName: string, reason: string): void {
    this.#failure = { fileName, lines: [reason] };
  }
}
