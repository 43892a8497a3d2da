// Migrations of older scenario files. Files are shared and kept for years, so every format
// version this build has ever written must keep loading: migrations[v] turns a version-v object
// into a version-(v + 1) object, and migrateToCurrent chains them up to SCENARIO_VERSION before
// the strict validation (which knows only the current format) runs.

import { rangeText } from './check.ts';
import { ScenarioError } from './errors.ts';
import { SCENARIO_VERSION } from './types.ts';

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

/**
 * v → function from version v to v + 1. A migration must return a new object (never mutate its
 * argument) whose `version` is v + 1.
 */
export const migrations: Record<number, Migration> = {
  // Format 2 only adds optional fields (machine.tree, noise[].provenance) and workload kinds
  // (docs/scenario-format-2.md): a format-1 file is a format-2 file once its version says so,
  // and the validator fills the new defaults.
  1: (old) => ({ ...old, version: 2 }),
};

const VERSIONS = rangeText({ min: 1, max: SCENARIO_VERSION });

function fail(value: unknown, message: string): never {
  throw new ScenarioError([{ path: 'version', value, message }]);
}

/**
 * Brings a parsed scenario object to the current version; returns the object itself when it is
 * current already. Throws a ScenarioError (path `version`) when the version is missing, not an
 * integer, below 1, newer than this build, or has no migration.
 */
export function migrateToCurrent(obj: Record<string, unknown>): Record<string, unknown> {
  const version = Object.hasOwn(obj, 'version') ? obj.version : undefined;
  if (version === undefined) {
    fail(undefined, `missing; required (an integer ${VERSIONS})`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    fail(version, 'is not an integer');
  }
  if (version < 1) fail(version, `is out of range; allowed: ${VERSIONS}`);
  if (version > SCENARIO_VERSION) {
    fail(
      version,
      `was made by a newer NoiseLab (this one reads up to version ${SCENARIO_VERSION})`,
    );
  }
  let current = obj;
  for (let v = version; v < SCENARIO_VERSION; v++) {
    const migrate = Object.hasOwn(migrations, v) ? migrations[v] : undefined;
    if (!migrate) fail(version, `cannot be migrated: no migration from version ${v} to ${v + 1}`);
    current = migrate(current);
    if (current.version !== v + 1) {
      fail(
        version,
        `cannot be migrated: migration ${v} produced version ${String(current.version)}`,
      );
    }
  }
  return current;
}
