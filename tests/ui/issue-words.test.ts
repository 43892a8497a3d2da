// A refused edit's lines in the panel's words (src/ui/controls/issue-words.ts).
import { describe, expect, it } from 'vitest';
import { PANEL_LABELS, SOURCE_LABELS } from '../../src/ui/controls/field-labels.ts';
import { inPanelWords } from '../../src/ui/controls/issue-words.ts';
import { formatIssue, ScenarioError, validateScenario } from '../../src/scenario/index.ts';
import { scenario } from '../helpers/scenario.ts';

/** the validator's lines for `bad` */
function refused(bad: unknown): string[] {
  try {
    validateScenario(bad);
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues.map(formatIssue);
    throw e;
  }
  throw new Error('accepted');
}

describe('inPanelWords', () => {
  it('names a field by its label in the panel, and keeps what the validator says of it', () => {
    const base = scenario({ nodes: 64, clusterSize: 32, cores: 4, ranksPerNode: 4 });
    const lines = refused({ ...base, job: { ...base.job, excludeOffsets: [0, -1] } });
    expect(lines[0]).toMatch(/^job\.excludeOffsets\[1\]: /);
    const words = inPanelWords(lines[0]);
    expect(words).toBe(lines[0].replace('job.excludeOffsets[1]', 'Excluded cluster offsets'));
    expect(inPanelWords('job.ranksPerNode: 9 is more than coresPerNode 4')).toBe(
      'Ranks per node: 9 is more than coresPerNode 4',
    );
  });

  it('names a noise source by its place in the list and the editor’s field', () => {
    expect(inPanelWords('noise[5].phaseOffsetUs: 15000 is not less than periodUs 10000')).toBe(
      'Noise source 6, phase offset (µs): 15000 is not less than periodUs 10000',
    );
    expect(inPanelWords('noise[0].duration.meanUs: -1 must be ≥ 0')).toBe(
      'Noise source 1, duration: -1 must be ≥ 0',
    );
    // the editor's own label, mid-sentence (field-labels.ts holds both)
    expect(inPanelWords('noise[2].eventProbability: 0.5 cannot be used in a group')).toBe(
      `Noise source 3, ${SOURCE_LABELS.eventProbability.toLowerCase()}: 0.5 cannot be used in a group`,
    );
    expect(inPanelWords('workload.cellsPerPE: 0 is out of range')).toBe(
      `${PANEL_LABELS['workload.cellsPerPE']}: 0 is out of range`,
    );
  });

  it('leaves a line alone when the panel has no label for its path, or it has no path', () => {
    expect(inPanelWords('machine.tree.fanout: 1 is below 2')).toBe(
      'machine.tree.fanout: 1 is below 2',
    );
    expect(inPanelWords('The seed must be a whole number')).toBe('The seed must be a whole number');
  });

  it('says a line about the whole scenario (its cost) as a sentence, without "(root)"', () => {
    const huge = scenario({ nodes: 64, g: 1e12, iterations: 1000 });
    const lines = refused({
      ...huge,
      noise: [
        {
          id: 'tick',
          periodUs: 1,
          duration: { dist: 'fixed', valueUs: 0.1 },
          placement: { kind: 'all' },
        },
      ],
    }).map(inPanelWords);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.startsWith('(root)')).toBe(false);
    expect(lines.some((l) => /^This run would simulate about/.test(l))).toBe(true);
    // the fields the count comes from, by the panel's words
    const events = lines.find((l) => /^This run would simulate about \S+ noise events/.test(l))!;
    expect(events).toMatch(/\(Job nodes 64, Iterations 1,000; /);
    expect(events).toMatch(/lengthen the period \(µs\) of noise source 1$/);
  });

  it('names the fields a line speaks of in the panel’s words too', () => {
    const base = scenario({ nodes: 64, clusterSize: 32, cores: 4, ranksPerNode: 4 });
    const lines = refused({ ...base, job: { ...base.job, excludeOffsets: [0, 0] } });
    expect(lines.map(inPanelWords)).toEqual([
      'Excluded cluster offsets: 0 is a duplicate of value 1; values must be distinct',
    ]);
    // a path the panel has no word for stays as the validator wrote it
    expect(inPanelWords('job.ranksPerNode: 4 with job.excludeOffsets[2]')).toBe(
      'Ranks per node: 4 with value 3 of Excluded cluster offsets',
    );
    expect(inPanelWords('job.nodes: 3 is more than machine.tree.fanout')).toBe(
      'Job nodes: 3 is more than machine.tree.fanout',
    );
  });
});
