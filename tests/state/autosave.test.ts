// The autosave (src/state/autosave.ts): what is stored under noiselab.autosave.v1, and that
// missing, forbidden, full or corrupt storage never throws (a bad entry is cleared).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';
import {
  AUTOSAVE_KEY,
  clearAutosave,
  originOf,
  readAutosave,
  saveAutosave,
  type StorageLike,
} from '../../src/state/autosave.ts';

const scenario = validateScenario(
  JSON.parse(readFileSync(new URL('../../scenarios/asci-q-2002.json', import.meta.url), 'utf8')),
);

function memory(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const forbidden: StorageLike = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('the autosave', () => {
  it('stores {scenario, savedAt, origin} as JSON under noiselab.autosave.v1 and reads it back', () => {
    const storage = memory();
    const entry = {
      scenario: { ...scenario, seed: 9 },
      savedAt: 1_700_000_000_000,
      origin: 'preset:asci-q-2002' as const,
    };
    expect(saveAutosave(storage, entry)).toBe(true);
    expect(JSON.parse(storage.items.get(AUTOSAVE_KEY)!)).toEqual(entry);
    expect(readAutosave(storage)).toEqual(entry);
    clearAutosave(storage);
    expect(readAutosave(storage)).toBeNull();
  });

  it('ignores and clears corrupt or invalid entries', () => {
    const bad = [
      'not json{',
      'null',
      '[]',
      JSON.stringify({ scenario, savedAt: 'yesterday', origin: 'link' }),
      JSON.stringify({ scenario, savedAt: 1, origin: 'javascript:alert(1)' }),
      JSON.stringify({ scenario: { ...scenario, job: { nodes: -1 } }, savedAt: 1, origin: 'link' }),
      'x'.repeat(1_000_001),
    ];
    for (const text of bad) {
      const storage = memory();
      storage.items.set(AUTOSAVE_KEY, text);
      expect(readAutosave(storage)).toBeNull();
      expect(storage.items.has(AUTOSAVE_KEY)).toBe(false);
    }
  });

  it('never throws when storage is missing, forbidden or full', () => {
    const entry = { scenario, savedAt: 1, origin: 'link' as const };
    expect(saveAutosave(null, entry)).toBe(false);
    expect(saveAutosave(forbidden, entry)).toBe(false);
    expect(readAutosave(null)).toBeNull();
    expect(readAutosave(forbidden)).toBeNull();
    expect(() => clearAutosave(forbidden)).not.toThrow();
  });

  it('names the origin: a preset, a file, or a link', () => {
    expect(originOf('jaguar-xt5-rn', null)).toBe('preset:jaguar-xt5-rn');
    expect(originOf(null, 'mine.json')).toBe('file:mine.json');
    expect(originOf(null, 'a shared link')).toBe('link');
  });
});
