import { describe, expect, it } from 'vitest';
import { pageProblems } from '../../src/state/page-problems.ts';

describe('pageProblems', () => {
  it('is empty when all is well', () => {
    expect(pageProblems({ failure: null, runError: null })).toEqual([]);
    expect(
      pageProblems({
        failure: null,
        runError: null,
        urlProblem: '',
        viewProblems: [],
        linkProblems: [],
      }),
    ).toEqual([]);
  });

  it('names the file that failed to load and keeps its lines', () => {
    const [p] = pageProblems({
      failure: { fileName: 'bad.json', lines: ['noise[2].periodUs: -1 must be > 0'] },
      runError: null,
    });
    expect(p.title).toBe('Could not load bad.json; the scenario shown is unchanged.');
    expect(p.lines).toEqual(['noise[2].periodUs: -1 must be > 0']);
  });

  it('uses a failure’s own title when it has one', () => {
    const [p] = pageProblems({
      failure: { fileName: 'the lesson', title: 'There is no preset "x".', lines: [] },
      runError: null,
    });
    expect(p.title).toBe('There is no preset "x".');
  });

  it('lists every problem, the link’s first and the run’s last', () => {
    const titles = pageProblems({
      failure: { fileName: 'f.json', lines: ['x'] },
      runError: 'out of memory',
      urlProblem: 'the link is 9,000 bytes',
      viewProblems: ['view.granularities: bad'],
      linkProblems: ['lesson: no step 99'],
    }).map((p) => p.title);
    expect(titles).toEqual([
      'The address bar cannot hold this scenario; use Export to share it as a file.',
      'Some view settings of the link were not understood; they are at their defaults.',
      'Part of this link was not understood; the rest of it opened.',
      'Could not load f.json; the scenario shown is unchanged.',
      'The simulation stopped.',
    ]);
  });
});
