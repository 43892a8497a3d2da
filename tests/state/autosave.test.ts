// The autosave (src/state/autosave.ts): what is stored under noiselab.autosave.v1, and that
// missing, forbidden, full or corrupt storage never throws (a bad entry is cleared).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';
import {
  AUTOSAVE_KEY,
  clearAutosave,
  markRunOpen,
  originOf,
  presetOrigin,
  readAutosave,
  readRunOpen,
  RUN_OPEN_KEY,
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

  it('says why an entry could not be restored', () => {
    const heavy = structuredClone(scenario);
    heavy.noise[0].duration = { dist: 'pareto', scaleUs: 0.01, shape: 0.5 };
    const cases: [string, RegExp][] = [
      ['not json{', /^it is not readable JSON/],
      ['[]', /^it is not a saved scenario/],
      [JSON.stringify({ scenario, savedAt: 'yesterday', origin: 'link' }), /time of saving/],
      [JSON.stringify({ scenario, savedAt: 1, origin: 'javascript:alert(1)' }), /its origin/],
      // accepted by an older version, refused by this one: a run that could not end
      [
        JSON.stringify({ scenario: heavy, savedAt: 1, origin: 'link' }),
        /^its scenario is not valid in this version: noise\[0\]\.duration\.shape: 0\.5 gives events without a finite mean/,
      ],
      ['x'.repeat(1_000_001), /^it is 1,000,001 characters long/],
    ];
    for (const [text, why] of cases) {
      const storage = memory();
      storage.items.set(AUTOSAVE_KEY, text);
      const heard: string[] = [];
      expect(readAutosave(storage, (w) => heard.push(w))).toBeNull();
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatch(why);
    }
    // nothing saved is no problem
    const heard: string[] = [];
    expect(readAutosave(memory(), (w) => heard.push(w))).toBeNull();
    expect(heard).toEqual([]);
  });

  it('remembers a run under way until it ends, and never throws doing so', () => {
    const storage = memory();
    expect(readRunOpen(storage)).toBe(false);
    markRunOpen(storage, true);
    expect(storage.items.get(RUN_OPEN_KEY)).toBe('1');
    expect(readRunOpen(storage)).toBe(true);
    markRunOpen(storage, false);
    expect(readRunOpen(storage)).toBe(false);
    for (const s of [null, forbidden]) {
      expect(() => markRunOpen(s, true)).not.toThrow();
      expect(readRunOpen(s)).toBe(false);
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

  it('keeps the release a preset was edited from, and reads it back', () => {
    const origin = originOf('asci-q-2002', null, '06c351e0');
    expect(origin).toBe('preset:asci-q-2002@06c351e0');
    expect(presetOrigin(origin)).toEqual({ id: 'asci-q-2002', version: '06c351e0' });
    expect(presetOrigin('preset:asci-q-2002')).toEqual({ id: 'asci-q-2002' });
    expect(presetOrigin('file:x.json')).toBeNull();
    const entry = { scenario, savedAt: 5, origin };
    const storage = memory();
    expect(saveAutosave(storage, entry)).toBe(true);
    expect(readAutosave(storage)?.origin).toBe(origin);
  });
});
