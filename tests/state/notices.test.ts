// Notices of a valid scenario (src/scenario/notices.ts, in words by src/state/notices.ts): a
// source whose events last on average as long as the time between them.
import { describe, expect, it } from 'vitest';
import { selfOverlap } from '../../src/scenario/notices.ts';
import { scenarioNotices, selfOverlapText } from '../../src/state/notices.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';

describe('notices', () => {
  const q = loadPreset('asci-q-2002');
  const heartbeat = q.noise[0];

  it('name a source whose events outlast the time between them, and no other', () => {
    expect(selfOverlap(heartbeat)).toBeNull(); // 640 µs every 125 ms
    const typo = { ...heartbeat, cpu: 0, duration: { dist: 'fixed' as const, valueUs: 200_000 } };
    expect(selfOverlap(typo)).toEqual({ meanUs: 200_000, gapUs: 125_000 });
    expect(selfOverlapText(typo)).toBe(
      'its events last 200 ms on average and come every 125 ms: they queue one after another ' +
        'on core 0, which never rests. If that is not meant, check the units (times are in µs)',
    );
    // as long as the gap counts; a source with an event in half its periods has twice the gap
    expect(selfOverlap({ ...typo, duration: { dist: 'fixed', valueUs: 125_000 } })).not.toBeNull();
    expect(selfOverlap({ ...typo, eventProbability: 0.5 })).toBeNull();
    // on cpu "any", the events spread over the node's cores
    expect(selfOverlapText({ ...typo, cpu: 'any' })).toMatch(
      /: at least one runs at any moment on average, spread over the node’s cores\. /,
    );
    const s = { ...q, noise: [typo, ...q.noise.slice(1)] };
    expect(scenarioNotices(s)).toEqual([`noise[0] (${heartbeat.id}): ${selfOverlapText(typo)}`]);
  });

  it('say nothing about any preset', () => {
    for (const { id } of PRESET_TABLE) expect(scenarioNotices(loadPreset(id)), id).toEqual([]);
  });
});
