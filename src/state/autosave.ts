// The working scenario, kept in localStorage so a reload or a crash loses nothing. Saved on
// every change while it differs from its preset as shipped (or came from a file or a link);
// removed when it is a preset unchanged. Storage may be missing, full or forbidden (private
// mode), and what it holds may be corrupt or from another version: nothing here throws, and a
// bad entry is cleared.

import {
  MAX_TEXT_LENGTH,
  ScenarioError,
  formatIssue,
  validateScenario,
  type Scenario,
} from '../scenario/index.ts';
import { LINK_NAME } from './share-url.ts';

export const AUTOSAVE_KEY = 'noiselab.autosave.v1';

/** `preset:<id>` (edited from that preset), `file:<name>` or `link` */
/** Set while a run is under way, cleared when it ends however it ends: found set at start-up,
 * the last visit's run never ended (the tab was closed, or hung), and the restored scenario
 * waits for a click on Run instead of starting again by itself. */
export const RUN_OPEN_KEY = 'noiselab.run-open.v1';

/** Records whether a run is under way; never throws (storage missing, forbidden or full). */
export function markRunOpen(storage: StorageLike | null, open: boolean): void {
  if (!storage) return;
  try {
    if (open) storage.setItem(RUN_OPEN_KEY, '1');
    else storage.removeItem(RUN_OPEN_KEY);
  } catch {
    // nothing to do: the next visit runs as usual
  }
}

/** Whether the last visit left a run under way. */
export function readRunOpen(storage: StorageLike | null): boolean {
  try {
    return storage?.getItem(RUN_OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** `preset:<id>` or `preset:<id>@<version>`, `file:<name>`, or `link` */
export type AutosaveOrigin = `preset:${string}` | `file:${string}` | 'link';

/** The preset id and version of a `preset:` origin; null for any other. */
export function presetOrigin(origin: AutosaveOrigin): { id: string; version?: string } | null {
  const m = /^preset:([a-z0-9-]+)(?:@([0-9a-f]{8}))?$/.exec(origin);
  if (!m) return null;
  return m[2] ? { id: m[1], version: m[2] } : { id: m[1] };
}

export interface Autosave {
  scenario: Scenario;
  /** ms since the epoch */
  savedAt: number;
  origin: AutosaveOrigin;
}

/** The part of the Web Storage API used here. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** window.localStorage, or null where reading it throws (private mode, sandboxed iframe). */
export function browserStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Saves; returns whether it was stored (false when storage is missing, full or forbidden). */
export function saveAutosave(storage: StorageLike | null, entry: Autosave): boolean {
  if (!storage) return false;
  try {
    storage.setItem(AUTOSAVE_KEY, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function clearAutosave(storage: StorageLike | null): void {
  try {
    storage?.removeItem(AUTOSAVE_KEY);
  } catch {
    // Nothing to do: storage is forbidden.
  }
}

/**
 * The saved entry, validated; null (and the entry cleared) when there is none or it is bad.
 * `onProblem` hears why a saved entry could not be restored (the user lost an unsaved scenario
 * and is told so, not left wondering).
 */
export function readAutosave(
  storage: StorageLike | null,
  onProblem?: (why: string) => void,
): Autosave | null {
  if (!storage) return null;
  let text: string | null;
  try {
    text = storage.getItem(AUTOSAVE_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  const entry = parseEntry(text);
  if (typeof entry === 'string') {
    clearAutosave(storage);
    onProblem?.(entry);
    return null;
  }
  return entry;
}

/** The entry, or why it cannot be restored. */
function parseEntry(text: string): Autosave | string {
  if (text.length > MAX_TEXT_LENGTH) {
    return `it is ${text.length.toLocaleString('en-US')} characters long, more than the ${MAX_TEXT_LENGTH.toLocaleString('en-US')} a saved scenario may take`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'it is not readable JSON (the browser’s storage was changed or cut short)';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'it is not a saved scenario (not an object)';
  }
  const { scenario, savedAt, origin } = parsed as Record<string, unknown>;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt) || savedAt < 0) {
    return 'its time of saving is missing or not a time';
  }
  if (!isOrigin(origin)) return 'its origin (preset, file or link) is missing or not understood';
  try {
    return { scenario: validateScenario(scenario), savedAt, origin };
  } catch (error) {
    // A scenario this version refuses: an older version accepted something it no longer does
    // (a run that could not end), or the entry was edited by hand.
    const lines = error instanceof ScenarioError ? error.issues.map(formatIssue) : [String(error)];
    return `its scenario is not valid in this version: ${lines.slice(0, 3).join('; ')}`;
  }
}

function isOrigin(value: unknown): value is AutosaveOrigin {
  return (
    typeof value === 'string' &&
    value.length <= 300 &&
    (value === 'link' || /^preset:[a-z0-9-]+(@[0-9a-f]{8})?$/.test(value) || /^file:./s.test(value))
  );
}

/**
 * Where the scenario came from, for the autosave, from ScenarioState's fields: a preset with the
 * version it was loaded at (`preset:<id>@<version>`), so a restore edits the same release.
 */
export function originOf(
  presetId: string | null,
  fileName: string | null,
  version?: string,
): AutosaveOrigin {
  if (presetId !== null) return version ? `preset:${presetId}@${version}` : `preset:${presetId}`;
  return fileName === null || fileName === LINK_NAME ? 'link' : `file:${fileName}`;
}
