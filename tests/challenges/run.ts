// Helpers for the challenges' tests: the shipped presets (read from scenarios/, validated, as the
// page fetches them), a challenge's starting state, and checks run on the real engine in Node.
import { readFileSync } from 'node:fs';
import { check, type Challenge } from '../../src/challenges/index.ts';
import { runScenario } from '../../src/engine/index.ts';
import { applyEdits } from '../../src/edits/apply.ts';
import type { Edit } from '../../src/lesson/types.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';

export function preset(id: string): Scenario {
  const text = readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8');
  return validateScenario(JSON.parse(text));
}

export function startOf(challenge: Challenge): Scenario {
  return applyEdits(preset(challenge.start.preset), challenge.start.edits);
}

/** The starting state with `edits` on top, as a student's controls would make it. */
export function solution(challenge: Challenge, edits: readonly Edit[]): Scenario {
  return applyEdits(startOf(challenge), edits);
}

/** Results by scenario: the engine is deterministic, and the start's SAGE run takes seconds. */
const results = new Map<string, ReturnType<typeof runScenario>>();

function runOnce(scenario: Scenario) {
  const key = JSON.stringify(scenario);
  let result = results.get(key);
  if (!result) {
    result = runScenario(scenario);
    results.set(key, result);
  }
  return result;
}

/** Checks `student` with the engine run for real; also returns how many runs were made. */
export async function checkInNode(challenge: Challenge, student: Scenario) {
  let runs = 0;
  const verdict = await check(challenge, student, startOf(challenge), async (planned) => {
    runs += planned.length;
    return planned.map((r) => runOnce(r.scenario));
  });
  return { verdict, runs };
}
