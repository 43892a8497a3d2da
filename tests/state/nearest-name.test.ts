import { describe, expect, it } from 'vitest';
import { editDistance, nearNames, nearestName } from '../../src/state/nearest-name.ts';
import { parseQuery } from '../../src/state/query-params.ts';

describe('the name a mistyped one meant', () => {
  it('counts edits as Levenshtein does', () => {
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('bgp-intrepd', 'bgp-intrepid')).toBe(1);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('names the nearest only when it is near and alone', () => {
    const ids = ['asci-q-2002', 'asci-q-2003', 'bgp-intrepid', 'jaguar-xt5-rn'];
    expect(nearestName('bgp-intrepd', ids)).toBe('bgp-intrepid');
    expect(nearestName('JAGUAR-XT5-RN', ids)).toBe('jaguar-xt5-rn');
    expect(nearestName('asci-q-2004', ids)).toBeUndefined(); // 2002 and 2003 tie
    expect(nearestName('nonsense', ids)).toBeUndefined();
    expect(nearestName('ab', ['ac'])).toBeUndefined(); // too short to guess
  });

  it("a link's misspelt preset says which it likely meant", () => {
    const { errors } = parseQuery('?preset=bgp-intrepd', ['asci-q-2002', 'bgp-intrepid']);
    expect(errors[0]).toMatch(/^preset: "bgp-intrepd" is not valid; did you mean bgp-intrepid\?/);
  });
});

describe('nearNames', () => {
  it('names every near one, nearest first, where nearestName names none for a tie', () => {
    const ids = ['asci-q-2002', 'asci-q-2003', 'jaguar-xt5-stock', 'bgp-intrepid'];
    expect(nearestName('asci-q-2099', ids)).toBeUndefined();
    expect(nearNames('asci-q-2099', ids, 3)).toEqual(['asci-q-2002', 'asci-q-2003']);
    expect(nearNames('asci-q-2003', ids, 3)).toEqual(['asci-q-2003', 'asci-q-2002']);
    expect(nearNames('titan', ids, 3)).toEqual([]);
    expect(nearNames('asci-q-200', ids, 1)).toEqual(['asci-q-2002']);
  });

  it("a link's preset as near two names both, and one near none of many names the menu", () => {
    const many = Array.from({ length: 32 }, (_, k) => `preset-number-${k}`);
    const ids = ['asci-q-2002', 'asci-q-2003', ...many];
    expect(parseQuery('?preset=asci-q-2099', ids).errors[0]).toBe(
      'preset: "asci-q-2099" is not valid; did you mean asci-q-2002 or asci-q-2003? allowed: the 34 presets of the Preset menu',
    );
    expect(parseQuery('?preset=titan', ids).errors[0]).toBe(
      'preset: "titan" is not valid; allowed: one of the 34 presets of the Preset menu',
    );
  });
});
