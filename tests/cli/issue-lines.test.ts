// The lines an invalid scenario prints in the CLI: a noise source named by its id beside its
// place, so that nobody counts to the nineteenth source of a file.
import { describe, expect, it } from 'vitest';
import { issueLines, withSourceId } from '../../src/cli/issue-lines.ts';

describe('issue lines', () => {
  it('name a noise source by its id as well as its place', () => {
    const ids = ['tick', undefined, 'node-hiccup'];
    expect(withSourceId('noise[2].periodUs: -5 is out of range', ids)).toBe(
      'noise[2] (node-hiccup).periodUs: -5 is out of range',
    );
    // a source without an id, one past the list, or another path: unchanged
    expect(withSourceId('noise[1].periodUs: x', ids)).toBe('noise[1].periodUs: x');
    expect(withSourceId('noise[7]: x', ids)).toBe('noise[7]: x');
    expect(withSourceId('job.nodes: 0 is out of range', ids)).toBe('job.nodes: 0 is out of range');
    const inv = { file: 'a.json', sets: [], seed: undefined, varies: [] };
    expect(
      issueLines([{ path: 'noise[0].cpu', value: 9, message: 'is out of range' }], inv, ids),
    ).toEqual(['a.json: noise[0] (tick).cpu: 9 is out of range']);
  });
});
