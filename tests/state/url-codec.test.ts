// The URL codec of shared links (src/state/url-codec.ts): round trips of every bundled scenario,
// codec versions, and links from strangers: garbage, mutations, zip bombs and oversized hashes
// must all yield ok:false with a message, never a throw.

import { readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { MAX_TEXT_LENGTH, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { MAX_HASH_LENGTH } from '../../src/state/share-limits.ts';
import {
  checkView,
  CODEC_VERSION,
  decodeHash,
  encodeHash,
  fromBase64url,
  toBase64url,
  type DecodeResult,
} from '../../src/state/url-codec.ts';
import { example, example2 } from '../scenario/files.ts';

const SCENARIO_DIR = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json'));
const bundled = (name: string): Scenario =>
  validateScenario(JSON.parse(readFileSync(new URL(name, SCENARIO_DIR), 'utf8')));

/** A link holding `text` as its (uncompressed) data, made with zlib, not the codec itself. */
const linkOf = (text: string | Buffer, version = 1) =>
  `#s=${version}.${toBase64url(deflateRawSync(text))}`;
const linkOfJson = (value: unknown, version = 1) => linkOf(JSON.stringify(value), version);

function errorOf(result: DecodeResult): string {
  if (result.ok) throw new Error('the link was accepted');
  return result.error;
}

/** A small seeded generator (mulberry32), so a failing fuzz case can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VIEW = { tab: 'histogram', logScale: true, bins: 40, 'chart.zoom-x_2': 1.5, note: '' };

// Made by NoiseLab's codec version 1 (deflate-raw of {scenario, view}); the scenario inside is
// the format-1 example (tests/fixtures/format-example.json), so it is migrated on decoding.
// Never regenerate this string: it stands for links already shared.
const VERSION_1_LINK =
  '#s=1.VZLRa9swEMb_FfE9baAWx0nK8NsIDAZbt9H2qZRxts6JFlkyJ9lJV_y_Dymj6x51d_rud9_dC2LHnsQGNC_ogwyU0MAHG9lRe_Wa1ZhZog0ezUoj2eQYDT7e7T6rH1rdhpmHlkXVVVWrdy33QVgVFSU8hJnce2gYjp3YMRUZfBJmlficVDyEk1fWq3RgReN4DQ3hnoV9xxHNI6qq-rkms97QzXZdbVdt29fX6ZzUPbWOVY0njchsCt1A3cF6zhN5Gv5xQsMHkwXravNBowvC8TvLbTCMZqPRuSkmljv7m9Gs61zhHHfJzkXsaL1BgwOJOZEwNFqK_BDL35HlC8_s8rO63i6Lxq_QFoZLz1VVbzSE_PG_nsKRZWazyzBoHp80-Ny5yfC3vo-c_sZOZNPX8gdjcA45cuRpLO0WjVOQowtk3nC2JGJZoLEX8pMjsen5oZBUlYZNLJRXUfzIkRPJMI1otlmwLA_N4wtsGZpJUsuUrlb1dojQcNSyQ4N7mXYX39SRxbNTr7XQ6CjxPsgzGlyy0GCfl2bQJJm4OGeDKWD1toBk8Jmy-CVnO2iMB8pA2UEThnxN04U_j2xszHfb2zObfKvkprKYm02eZXTU8cA-vXGHnMOi0Y1TfvhnLE-Lxmz5lIsStXloG1PYC-VuLuzvOspXf6FubTZuUy3LHw';

describe('round trips', () => {
  it.each(files)('%s: encode then decode gives the validated scenario and the view', async (f) => {
    const scenario = bundled(f);
    const hash = await encodeHash({ scenario, view: VIEW });
    expect(hash).toMatch(/^#s=1\.[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(MAX_HASH_LENGTH);
    const result = await decodeHash(hash);
    expect(result).toEqual({ ok: true, state: { scenario, view: VIEW } });
  });

  it('accepts the hash without its "#" and with an empty view', async () => {
    const scenario = validateScenario(example2());
    const hash = await encodeHash({ scenario, view: {} });
    expect(await decodeHash(hash.slice(1))).toEqual({ ok: true, state: { scenario, view: {} } });
  });

  it('writes the scenario defaults-filled, even when handed an unvalidated one', async () => {
    const raw = example() as unknown as Scenario; // format 1, as read from a file
    const result = await decodeHash(await encodeHash({ scenario: raw, view: {} }));
    expect(result.ok && result.state.scenario).toEqual(validateScenario(example()));
  });

  it('base64url round-trips every byte value, without padding', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: 256 + n }, (_, i) => (i * 7 + n) & 255);
      const text = toBase64url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64url(text)).toEqual(bytes);
    }
    expect(fromBase64url('')).toEqual(new Uint8Array(0));
    expect(fromBase64url('A')).toBeUndefined();
    expect(fromBase64url('AB+/')).toBeUndefined();
    expect(fromBase64url('AB==')).toBeUndefined();
  });
});

describe('encoding refuses what could not be decoded', () => {
  it('an invalid scenario, with the validator messages', async () => {
    const bad = { ...validateScenario(example()), title: '' };
    await expect(encodeHash({ scenario: bad, view: {} })).rejects.toThrow(
      /^the scenario is invalid:\ntitle: "" /,
    );
  });

  it('invalid view settings', async () => {
    const scenario = validateScenario(example());
    await expect(encodeHash({ scenario, view: { x: Infinity } })).rejects.toThrow(
      'the view settings are invalid:\nview.x: Infinity is not a finite number',
    );
  });
});

describe('codec versions', () => {
  it('a version-1 link made by an earlier build still decodes (scenario migrated)', async () => {
    const result = await decodeHash(VERSION_1_LINK);
    expect(result).toEqual({
      ok: true,
      state: {
        scenario: validateScenario(example()),
        view: { tab: 'histogram', logScale: true, bins: 40 },
      },
    });
    expect(result.ok && result.state.scenario.version).toBe(2);
  });

  it('this build writes codec version 1', () => {
    expect(CODEC_VERSION).toBe(1);
  });

  it('a link from a newer NoiseLab says so', async () => {
    const hash = linkOfJson({ scenario: {}, view: {}, extra: 1 }, 7);
    expect(errorOf(await decodeHash(hash))).toBe(
      'the link was made by a newer NoiseLab (codec version 7); this one reads codec versions ' +
        'up to 1',
    );
    expect(errorOf(await decodeHash('#s=7.!!!'))).toMatch(/newer NoiseLab \(codec version 7\)/);
  });

  it.each([
    ['#s=0.AAAA', "the link's codec version 0 is unknown; allowed: 1"],
    [
      '#s=01.AAAA',
      "the link's codec version is missing or malformed: expected #s=<version>.<data>, e.g. #s=1.…",
    ],
    [
      '#s=AAAA',
      "the link's codec version is missing or malformed: expected #s=<version>.<data>, e.g. #s=1.…",
    ],
    [
      '#s=9999999999.AAAA',
      "the link's codec version is missing or malformed: expected #s=<version>.<data>, e.g. #s=1.…",
    ],
    ['', 'the link holds no NoiseLab state: expected #s=<version>.<data>'],
    ['#', 'the link holds no NoiseLab state: expected #s=<version>.<data>'],
    ['#view=1', 'the link holds no NoiseLab state: expected #s=<version>.<data>'],
  ])('%j is refused: %s', async (hash, message) => {
    expect(errorOf(await decodeHash(hash))).toBe(message);
  });
});

describe('bad data', () => {
  const scenario = () => validateScenario(example());

  it.each([
    ['#s=1.AB+/', "the link's data is not valid base64url"],
    ['#s=1.A', "the link's data is not valid base64url"],
    ['#s=1.AAA=', "the link's data is not valid base64url"],
    ['#s=1.ab cd', "the link's data is not valid base64url"],
    ['#s=1.', "the link's data is not valid compressed data"],
    ['#s=1.____', "the link's data is not valid compressed data"],
  ])('%j is refused: %s', async (hash, message) => {
    expect(errorOf(await decodeHash(hash))).toBe(message);
  });

  it('truncated compressed data', async () => {
    const hash = await encodeHash({ scenario: scenario(), view: VIEW });
    expect(errorOf(await decodeHash(hash.slice(0, hash.length - 20)))).toBe(
      "the link's data is not valid compressed data",
    );
  });

  it('not UTF-8', async () => {
    expect(errorOf(await decodeHash(linkOf(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))))).toBe(
      "the link's data is not valid UTF-8 text",
    );
  });

  it('not JSON', async () => {
    expect(errorOf(await decodeHash(linkOf('{"scenario":')))).toMatch(
      /^the link's data is not valid JSON: /,
    );
  });

  it.each([
    [[1, 2], "the link's data is not an object with the fields scenario, view"],
    [null, "the link's data is not an object with the fields scenario, view"],
    ['text', "the link's data is not an object with the fields scenario, view"],
    [{ view: {} }, "the link's data lacks the field scenario"],
    [{}, "the link's data lacks the fields scenario, view"],
    [
      { scenario: {}, view: {}, theme: 'dark' },
      'the link\'s data has the unknown field "theme"; allowed: scenario, view',
    ],
    [
      { scenario: {}, view: {}, a: 1, b: 2 },
      'the link\'s data has the unknown fields "a", "b"; allowed: scenario, view',
    ],
  ])('payload %j is refused', async (payload, message) => {
    expect(errorOf(await decodeHash(linkOfJson(payload)))).toBe(message);
  });

  it('an invalid scenario lists the validator messages, one per line', async () => {
    const bad = { ...scenario(), title: '', seed: -1 };
    const error = errorOf(await decodeHash(linkOfJson({ scenario: bad, view: {} })));
    expect(error.split('\n')).toEqual([
      "the link's scenario is invalid:",
      'title: "" is empty; allowed: 1..200 characters',
      'seed: -1 is out of range; allowed: 0..4294967295',
    ]);
  });

  it('a scenario from a newer NoiseLab', async () => {
    const error = errorOf(
      await decodeHash(linkOfJson({ scenario: { ...scenario(), version: 99 }, view: {} })),
    );
    expect(error).toBe(
      "the link's scenario is invalid:\nversion: 99 was made by a newer NoiseLab (this one " +
        'reads up to version 2)',
    );
  });

  it.each([
    [[], ['view: [] is not an object']],
    [null, ['view: null is not an object']],
    [{ '1st': 1 }, [expect.stringMatching(/^view: the key "1st" is not allowed; allowed: a/)]],
    [{ ['k'.repeat(65)]: 1 }, [expect.stringMatching(/^view: the key "kkk.*is not allowed/)]],
    [{ __proto__x: 1 }, [expect.stringMatching(/^view: the key "__proto__x" is not allowed/)]],
    [{ a: null }, ['view.a: null is not a string, number or boolean']],
    [{ a: [1] }, ['view.a: [1] is not a string, number or boolean']],
    [{ a: { b: 1 } }, ['view.a: {"b":1} is not a string, number or boolean']],
    [
      { s: 'x'.repeat(201) },
      [expect.stringMatching(/ is 201 characters long; allowed: at most 200$/)],
    ],
    [
      Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])),
      ['view: has 65 entries; allowed: at most 64'],
    ],
  ])('view %j is refused', async (view, lines) => {
    const error = errorOf(await decodeHash(linkOfJson({ scenario: scenario(), view })));
    expect(error.split('\n')).toEqual(["the link's view settings are invalid:", ...lines]);
  });

  it('view limits: 64 entries, 64-character keys and 200-character strings are fine', () => {
    const view = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`k${i}`, i]));
    expect(checkView(view)).toEqual([]);
    expect(checkView({ ['k'.repeat(64)]: 'x'.repeat(200), constructor: true })).toEqual([]);
  });

  it('a "__proto__" key in the JSON stays data and is refused', async () => {
    const text = `{"scenario":${JSON.stringify(scenario())},"view":{"__proto__":{"polluted":1}}}`;
    const error = errorOf(await decodeHash(linkOf(text)));
    expect(error).toMatch(/^the link's view settings are invalid:\nview: the key "__proto__"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('size limits', () => {
  it('a hash longer than the limit is refused before decoding', async () => {
    // Not even base64url: the length is what is reported, so nothing was decoded.
    const hash = `#s=1.${'!'.repeat(MAX_HASH_LENGTH)}`;
    expect(errorOf(await decodeHash(hash))).toBe(
      `the link is ${(MAX_HASH_LENGTH + 5).toLocaleString('en-US')} characters long; ` +
        'allowed: at most 262,144',
    );
  });

  it('a hash at the limit is decoded', async () => {
    const hash = `#s=1.${'A'.repeat(MAX_HASH_LENGTH - 5)}`;
    expect(errorOf(await decodeHash(hash))).not.toMatch(/characters long/);
  });

  it('a zip bomb is refused with a size message, without being inflated whole', async () => {
    // 64 MB of spaces (valid JSON whitespace) compress to about 64 kB.
    const bomb = Buffer.alloc(64 * 1024 * 1024, 0x20);
    bomb.write('{"scenario":1,"view":{}}', bomb.length - 30);
    const hash = `#s=1.${toBase64url(deflateRawSync(bomb, { level: 9 }))}`;
    expect(hash.length).toBeLessThan(MAX_HASH_LENGTH);
    // What is inflated is decoded chunk by chunk: count the characters decoded.
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    let error: string;
    let decoded = 0;
    try {
      error = errorOf(await decodeHash(hash));
      for (const r of decode.mock.results)
        if (typeof r.value === 'string') decoded += r.value.length;
    } finally {
      decode.mockRestore();
    }
    expect(error).toBe(
      "the link's data inflates to more than 1,000,000 characters; allowed: at most 1,000,000",
    );
    // stopped past the limit by at most a chunk or two, far from the bomb's 64 MB
    expect(decoded).toBeGreaterThan(1_000_000);
    expect(decoded).toBeLessThan(4_000_000);
  });

  it('text of exactly MAX_TEXT_LENGTH characters is inflated; one more is refused', async () => {
    const payload = '{"scenario":1,"view":{}}';
    const fits = payload.padEnd(MAX_TEXT_LENGTH, ' ');
    expect(errorOf(await decodeHash(linkOf(fits)))).toMatch(/^the link's scenario is invalid:/);
    expect(errorOf(await decodeHash(linkOf(`${fits} `)))).toMatch(/inflates to more than/);
  });

  it('multi-byte characters count as characters, not bytes', async () => {
    const payload = `{"scenario":1,"view":{"a":"${'µ'.repeat(100)}"}}`;
    const fits = payload.padEnd(MAX_TEXT_LENGTH, ' ');
    expect(Buffer.byteLength(fits)).toBeGreaterThan(MAX_TEXT_LENGTH);
    expect(errorOf(await decodeHash(linkOf(fits)))).toMatch(/^the link's scenario is invalid:/);
  });
});

describe('fuzz: decodeHash never throws', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  /** Resolves to ok:false, or to ok:true with a state that passes the validators again. */
  async function judge(hash: string): Promise<boolean> {
    const result = await decodeHash(hash);
    if (!result.ok) {
      expect(typeof result.error).toBe('string');
      expect(result.error.length).toBeGreaterThan(0);
      return false;
    }
    expect(validateScenario(result.state.scenario)).toEqual(result.state.scenario);
    expect(checkView(result.state.view)).toEqual([]);
    return true;
  }

  it('random strings', async () => {
    const next = random(1);
    const pick = (s: string) => s[Math.floor(next() * s.length)];
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(next() * 80);
      let body = '';
      const kind = i % 3;
      for (let j = 0; j < length; j++) {
        body +=
          kind === 2 ? String.fromCharCode(Math.floor(next() * 0x3000)) : pick(ALPHABET + '.=#');
      }
      const hash = kind === 0 ? `#s=1.${body}` : kind === 1 ? `#s=${body}` : body;
      expect(await judge(hash)).toBe(false);
    }
  });

  it('random character mutations of a valid hash', async () => {
    const valid = await encodeHash({ scenario: bundled('bgp-intrepid.json'), view: VIEW });
    const next = random(2);
    for (let i = 0; i < 1500; i++) {
      const chars = [...valid];
      const edits = 1 + Math.floor(next() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * chars.length);
        chars[at] = next() < 0.9 ? ALPHABET[Math.floor(next() * 64)] : '%';
      }
      await judge(chars.join(''));
    }
  });

  it('random byte mutations of the compressed data and of the JSON text', async () => {
    const scenario = bundled('asci-q-2002.json');
    const text = JSON.stringify({ scenario, view: VIEW });
    const compressed = deflateRawSync(text);
    const next = random(3);
    let accepted = 0;
    for (let i = 0; i < 1500; i++) {
      const compressedSide = i % 2 === 0;
      const bytes = Buffer.from(compressedSide ? compressed : Buffer.from(text));
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      }
      const data = compressedSide ? bytes : deflateRawSync(bytes);
      if (await judge(`#s=1.${toBase64url(data)}`)) accepted++;
    }
    // Some mutations land in free text (description, notes) and still make a valid scenario.
    expect(accepted).toBeGreaterThan(0);
  });
});
