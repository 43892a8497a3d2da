import { describe, expect, it } from 'vitest';
import { splitLabel, TAIL_MAX } from '../../src/ui/controls/label-tail.ts';

describe('splitLabel: the part of a name that tells sources apart stays whole', () => {
  it('keeps what follows the last comma (the core a tick runs on)', () => {
    expect(splitLabel('Timer interrupt (scheduler tick), core 7')).toEqual({
      head: 'Timer interrupt (scheduler tick)',
      tail: ', core 7',
    });
  });

  it('prefers the comma to a later parenthesis (the activity and its node together)', () => {
    expect(splitLabel('TruCluster cluster manager, activity 4 (node 0)')).toEqual({
      head: 'TruCluster cluster manager',
      tail: ', activity 4 (node 0)',
    });
  });

  it('falls back to a closing parenthesis when there is no comma', () => {
    expect(splitLabel('TruCluster kernel heartbeat (640 µs every 125 ms)')).toEqual({
      head: 'TruCluster kernel heartbeat',
      tail: ' (640 µs every 125 ms)',
    });
  });

  it('gives no tail when the distinguishing part is too long to keep whole', () => {
    const label = 'Unattributed node activity (once a minute per node; fitted to EP run times)';
    expect(splitLabel(label)).toEqual({ head: label, tail: '' });
    const long = `a, ${'x'.repeat(TAIL_MAX)}`;
    expect(splitLabel(long).tail).toBe('');
  });

  it('gives no tail to a plain name or to one that starts with the mark', () => {
    expect(splitLabel('niff')).toEqual({ head: 'niff', tail: '' });
    expect(splitLabel('(node 0)')).toEqual({ head: '(node 0)', tail: '' });
  });

  it('loses no character: head and tail together are the name', () => {
    for (const label of ['a, b, c', 'RMS daemon (15 ms every 30 s)', 'x (y), z']) {
      const { head, tail } = splitLabel(label);
      expect(head + tail).toBe(label);
    }
  });
});

describe('splitLabel with the timing the row prints under the name', () => {
  it('drops a parenthesised timing the next line repeats, so the name itself is not cut', () => {
    // formatTimeUs writes a narrow no-break space between number and unit
    expect(
      splitLabel(
        'TruCluster kernel heartbeat (640 µs every 125 ms)',
        '640\u202fµs every 125\u202fms',
      ),
    ).toEqual({ head: 'TruCluster kernel heartbeat', tail: '' });
  });

  it('keeps a parenthesised tail that says something else', () => {
    expect(splitLabel('RMS daemon (18 ms every 30 s)', '18 ms every 60 s')).toEqual({
      head: 'RMS daemon',
      tail: ' (18 ms every 30 s)',
    });
  });
});
