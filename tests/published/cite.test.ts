// Citations a student can read: the data's short form ("000 Table 3") as author and year with
// the place ("Petrini, Kerbyson and Pakin 2003, Table 3"), in a citation and in running prose,
// and the validation report's path as a link to its page.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  readableCite,
  readableInlines,
  readableRuns,
  readableText,
  reportHref,
} from '../../src/published/cite.ts';
import { authorYear, SEEDS, type SeedKey } from '../../src/published/seeds.ts';

/** Every `cite: '…'` of src/, as written, with what the page shows for it. */
const SHOWN: Record<string, string> = {
  '000 Table 3': 'Petrini, Kerbyson and Pakin 2003, Table 3',
  '000 Table 2': 'Petrini, Kerbyson and Pakin 2003, Table 2',
  '000 sec 3.2; 000 Fig 13(a)': 'Petrini, Kerbyson and Pakin 2003, sec. 3.2; Fig 13(a)',
  '000 sec 3.2': 'Petrini, Kerbyson and Pakin 2003, sec. 3.2',
  '000 Table 2; 002 slide 69':
    'Petrini, Kerbyson and Pakin 2003, Table 2; Davis and Petrini 2004 (tutorial slides), slide 69',
  '000 sec 4; 000 Table 2': 'Petrini, Kerbyson and Pakin 2003, sec. 4; Table 2',
  '000 Fig 1': 'Petrini, Kerbyson and Pakin 2003, Fig 1',
  '000 Fig 15, sec 3.4': 'Petrini, Kerbyson and Pakin 2003, Fig 15, sec. 3.4',
  '000 Fig 18, sec 6': 'Petrini, Kerbyson and Pakin 2003, Fig 18, sec. 6',
  '000 Fig 18, Finding #4': 'Petrini, Kerbyson and Pakin 2003, Fig 18, Finding #4',
  '000 Fig 9, sec 3.2': 'Petrini, Kerbyson and Pakin 2003, Fig 9, sec. 3.2',
  '002 slide 69': 'Davis and Petrini 2004 (tutorial slides), slide 69',
  '000 sec 3.4, Finding #2': 'Petrini, Kerbyson and Pakin 2003, sec. 3.4, Finding #2',
  '000 Fig 6, sec 3.1': 'Petrini, Kerbyson and Pakin 2003, Fig 6, sec. 3.1',
  '000 Fig 4': 'Petrini, Kerbyson and Pakin 2003, Fig 4',
  '000 Fig 6': 'Petrini, Kerbyson and Pakin 2003, Fig 6',
  '000 Fig 18(${panel})': 'Petrini, Kerbyson and Pakin 2003, Fig 18(${panel})',
  '000 sec 4': 'Petrini, Kerbyson and Pakin 2003, sec. 4',
  '000 Fig 15, sec 3.4, Finding #2':
    'Petrini, Kerbyson and Pakin 2003, Fig 15, sec. 3.4, Finding #2',
  '000 Fig 16, sec 4': 'Petrini, Kerbyson and Pakin 2003, Fig 16, sec. 4',
  '000 Fig 18, sec 6, Finding #4': 'Petrini, Kerbyson and Pakin 2003, Fig 18, sec. 6, Finding #4',
  '000 Fig 9, sec 3.2; 002 slides 62, 69':
    'Petrini, Kerbyson and Pakin 2003, Fig 9, sec. 3.2; Davis and Petrini 2004 (tutorial slides), slides 62, 69',
  '000 Table 3; 000 sec 2, Fig 1': 'Petrini, Kerbyson and Pakin 2003, Table 3; sec. 2, Fig 1',
  '000 Table 3; 000 sec 4': 'Petrini, Kerbyson and Pakin 2003, Table 3; sec. 4',
  '000 sec 2, Fig 1': 'Petrini, Kerbyson and Pakin 2003, sec. 2, Fig 1',
  '000 sec 2, Fig 4': 'Petrini, Kerbyson and Pakin 2003, sec. 2, Fig 4',
  '000 sec 2, Figs 2–3': 'Petrini, Kerbyson and Pakin 2003, sec. 2, Figs 2–3',
  '000 sec 3.1 (Mystery #2); 002 slide 56':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.1 (Mystery #2); Davis and Petrini 2004 (tutorial slides), slide 56',
  '000 sec 3.1, Fig 6': 'Petrini, Kerbyson and Pakin 2003, sec. 3.1, Fig 6',
  '000 sec 3.1; 002 slide 56':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.1; Davis and Petrini 2004 (tutorial slides), slide 56',
  '000 sec 3.2, Fig 9; 002 slide 62':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.2, Fig 9; Davis and Petrini 2004 (tutorial slides), slide 62',
  '000 sec 3.2, Figs 11–13': 'Petrini, Kerbyson and Pakin 2003, sec. 3.2, Figs 11–13',
  '000 sec 3.3, Fig 14(b); 000 sec 7':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.3, Fig 14(b); sec. 7',
  '000 sec 3.4, Fig 15, Finding #2':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.4, Fig 15, Finding #2',
  '000 sec 6, Fig 18': 'Petrini, Kerbyson and Pakin 2003, sec. 6, Fig 18',
  '002 slide 69; 000 sec 3.3':
    'Davis and Petrini 2004 (tutorial slides), slide 69; Petrini, Kerbyson and Pakin 2003, sec. 3.3',
  '003 Fig 3, sec 4': 'Oral et al. 2010, Fig 3, sec. 4',
  '003 Fig 3; 003 Tables 1–2': 'Oral et al. 2010, Fig 3; Tables 1–2',
  '003 Table 1': 'Oral et al. 2010, Table 1',
  '003 Table 2': 'Oral et al. 2010, Table 2',
  '003 Table 2; 003 Table 1': 'Oral et al. 2010, Table 2; Table 1',
  '003 sec 3; 003 Fig 3; 003 Table 1': 'Oral et al. 2010, sec. 3; Fig 3; Table 1',
  '003 sec 4, Fig 1, Fig 2 and footnote 1': 'Oral et al. 2010, sec. 4, Fig 1, Fig 2 and footnote 1',
  '003 sec 4, Fig 1; 002 slides 24–26':
    'Oral et al. 2010, sec. 4, Fig 1; Davis and Petrini 2004 (tutorial slides), slides 24–26',
  '003 sec 4; 002 slides 24–26; model.md §4':
    'Oral et al. 2010, sec. 4; Davis and Petrini 2004 (tutorial slides), slides 24–26; model.md §4',
  '004 summary slides; 001 Table 2':
    'Worley 2008 (slides), summary slides; Kramer and Ryan 2003, Table 2',
  '004 slides "HALO on Jaguarcnl" and "HALO on Franklin: max vs. min"':
    'Worley 2008 (slides), slides "HALO on Jaguarcnl" and "HALO on Franklin: max vs. min"',
  '001 Table 2, secs 9 and 11': 'Kramer and Ryan 2003, Table 2, secs. 9 and 11',
  '001 Table 2, secs 7, 8 and 10': 'Kramer and Ryan 2003, Table 2, secs. 7, 8 and 10',
  '001 Table 2, Table 3, secs 9 and 11': 'Kramer and Ryan 2003, Table 2, Table 3, secs. 9 and 11',
  '004 slides "Allreduce “jitter” test on Franklin (8B)" to "(2097152B)"':
    'Worley 2008 (slides), slides "Allreduce “jitter” test on Franklin (8B)" to "(2097152B)"',
  '000 sec 3.3; 004 slide “HALO on Jaguarcnl”':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.3; Worley 2008 (slides), slide “HALO on Jaguarcnl”',
  '004': 'Worley 2008 (slides)',
  '004 slides “HALO on Franklin: max vs. min” and “HALO on Jaguarcnl”':
    'Worley 2008 (slides), slides “HALO on Franklin: max vs. min” and “HALO on Jaguarcnl”',
  '001 Table 2': 'Kramer and Ryan 2003, Table 2',
  '001 sec 9': 'Kramer and Ryan 2003, sec. 9',
  '001 sec 11, Table 3': 'Kramer and Ryan 2003, sec. 11, Table 3',
  '001 secs 3 and 14; 004 summary slides':
    'Kramer and Ryan 2003, secs. 3 and 14; Worley 2008 (slides), summary slides',
  // the takeaways that close the first lesson (src/lesson/lessons.ts)
  '000 Table 3; 000 sec 3.3, Fig 14(b); 003 Table 1; 003 sec 4, Fig 1':
    'Petrini, Kerbyson and Pakin 2003, Table 3; sec. 3.3, Fig 14(b); Oral et al. 2010, Table 1; sec. 4, Fig 1',
  '000 sec 2, Fig 1; 000 sec 3.2, Fig 9; 000 sec 3.3':
    'Petrini, Kerbyson and Pakin 2003, sec. 2, Fig 1; sec. 3.2, Fig 9; sec. 3.3',
  '000 sec 3.1': 'Petrini, Kerbyson and Pakin 2003, sec. 3.1',
  '000 sec 3.2, Figs 11–13; 000 sec 3.4, Fig 15':
    'Petrini, Kerbyson and Pakin 2003, sec. 3.2, Figs 11–13; sec. 3.4, Fig 15',
};

/** A seed number standing alone, not part of a larger number such as 1,000 or 0.003. */
const BARE_SEED = /(?<![\d.,])\b00[0-4]\b(?![.,]?\d)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

describe('readableCite', () => {
  it('gives author and year with the place: "000 Table 3" → "Petrini, Kerbyson and Pakin 2003, Table 3"', () => {
    expect(readableCite('000 Table 3')).toBe('Petrini, Kerbyson and Pakin 2003, Table 3');
    expect(readableCite('002 slides 24–26')).toBe(
      'Davis and Petrini 2004 (tutorial slides), slides 24–26',
    );
    expect(readableCite('000 sec 3.2, Figs 11–13')).toBe(
      'Petrini, Kerbyson and Pakin 2003, sec. 3.2, Figs 11–13',
    );
  });

  it('names a paper once for two places in a row: "003 Table 2; 003 Table 1"', () => {
    expect(readableCite('003 Table 2; 003 Table 1')).toBe('Oral et al. 2010, Table 2; Table 1');
  });

  it('reads every citation src/ writes, as the table above says', () => {
    const found = new Set<string>();
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    for (const file of sourceFiles(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bcite: (['`])(.*?)\1/g)) {
        found.add(m[2]);
      }
    }
    expect([...found].sort()).toEqual(Object.keys(SHOWN).sort());
    for (const [cite, shown] of Object.entries(SHOWN)) {
      expect(readableCite(cite), cite).toBe(shown);
      expect(shown).not.toMatch(BARE_SEED);
    }
  });

  it('names all five papers with the author and year their texts give', () => {
    const shown = (Object.keys(SEEDS) as SeedKey[]).map(authorYear);
    expect(shown).toEqual([
      'Petrini, Kerbyson and Pakin 2003',
      'Kramer and Ryan 2003',
      'Davis and Petrini 2004 (tutorial slides)',
      'Oral et al. 2010',
      'Worley 2008 (slides)',
    ]);
  });
});

describe('readableText (running prose)', () => {
  it('rewrites the citations inside a sentence, keeping the rest', () => {
    expect(readableText('The paper’s simulator (000 sec 3.4, Fig 15) showed it.')).toBe(
      'The paper’s simulator (Petrini, Kerbyson and Pakin 2003, sec. 3.4, Fig 15) showed it.',
    );
    expect(
      readableText('each lost 2.5% (000 Fig 9, sec 3.3); SAGE (000 sec 3.3, Fig 14(a)).'),
    ).toBe(
      'each lost 2.5% (Petrini, Kerbyson and Pakin 2003, Fig 9, sec. 3.3); SAGE (Petrini, Kerbyson and Pakin 2003, sec. 3.3, Fig 14(a)).',
    );
  });

  it('gives only the year where the sentence names the authors: "Kramer and Ryan (001 Table 2)"', () => {
    expect(readableText('Kramer and Ryan (001 Table 2) measured')).toBe(
      'Kramer and Ryan (2003, Table 2) measured',
    );
    expect(readableText('Worley’s slides (004) compare; Worley (004) found')).toBe(
      'Worley’s slides (2008) compare; Worley (2008) found',
    );
  });

  it('leaves numbers that are not seed numbers alone: 1,000, 0.003, 2 004, 005', () => {
    const text = '1,000 iterations, 0.003 s, 2 004 nodes, 005 Table 1, 0040';
    expect(readableText(text)).toBe(text);
  });

  it('turns "docs/validation.md, target 6" into a link to that target on the report page', () => {
    expect(readableRuns('come out close (docs/validation.md, target 6).')).toEqual([
      { kind: 'text', text: 'come out close (' },
      { kind: 'link', text: 'validation report, target 6', href: './validation.html#target-6' },
      { kind: 'text', text: ').' },
    ]);
    expect(reportHref()).toBe('./validation.html');
    expect(readableText('(docs/validation.md, target 8)')).toBe('(validation report, target 8)');
  });
});

describe('readableInlines (the teacher’s notes)', () => {
  it('rewrites text and bold runs, and the report’s path in code as a link', () => {
    expect(
      readableInlines([
        { kind: 'bold', text: '000 Table 3' },
        { kind: 'text', text: ' and ' },
        { kind: 'code', text: 'docs/validation.md' },
        { kind: 'code', text: '000 Table 3' },
      ]),
    ).toEqual([
      { kind: 'bold', text: 'Petrini, Kerbyson and Pakin 2003, Table 3' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'the validation report', href: './validation.html' },
      { kind: 'code', text: '000 Table 3' },
    ]);
  });
});
