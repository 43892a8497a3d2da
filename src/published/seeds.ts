// The papers the published numbers come from: the seed files of ../shared/seeds/, by their
// number. A citation in the data ("000 Table 3") starts with one of these keys; cite.ts turns it
// into the author-year form the page shows ("Petrini, Kerbyson and Pakin 2003, Table 3").
//
// Authors, titles and years as the texts give them, where they do:
// - 000: authors and title on its first lines; "SC'03, November 15–21, 2003, Phoenix".
// - 001: the extracted text starts at the abstract, without authors or date; 003's reference
//   [13] gives "William T. C. Kramer, and Clint Ryan ... Computational Science ICCS 2003".
// - 002: "Kei Davis and Fabrizio Petrini ... Europar 2004, Pisa Italy" on every slide.
// - 003: authors and title on its first lines, no date: its tests ran "in the summer of 2009,
//   when Jaguar was in a quad-core configuration" (past tense: after the six-core upgrade of late
//   2009), its newest reference is from 2008; published at the Cray User Group meeting, 2010.
// - 004: dated slides ("February 27, 2008" and "4/24/08"); the author's name is not in the
//   extracted text: Worley, as ../shared/README.md and reference/published.json name him; nor is
//   a title, so its `title` below describes the slides.

export interface Seed {
  /** the file in ../shared/seeds/ */
  file: string;
  /** as cited: 'Petrini, Kerbyson and Pakin', 'Oral et al.' */
  authors: string;
  year: number;
  /** what it is when it is not a paper, shown after the year: 'tutorial slides' */
  form?: string;
  title: string;
  /** where it appeared */
  venue: string;
}

export const SEEDS = {
  '000': {
    file: '000_3ad34a653051bbf2.txt',
    authors: 'Petrini, Kerbyson and Pakin',
    year: 2003,
    title:
      'The Case of the Missing Supercomputer Performance: Achieving Optimal Performance on the 8,192 Processors of ASCI Q',
    venue: 'SC’03, Phoenix, Arizona',
  },
  '001': {
    file: '001_734e3e396f167b23.txt',
    authors: 'Kramer and Ryan',
    year: 2003,
    title: 'Performance Variability of Highly Parallel Architectures',
    venue: 'ICCS 2003, Lecture Notes in Computer Science',
  },
  '002': {
    file: '002_34b6f0e6ffc4e817.txt',
    authors: 'Davis and Petrini',
    year: 2004,
    form: 'tutorial slides',
    title: 'Achieving Usability and Efficiency in Large-Scale Parallel Computing Systems',
    venue: 'Euro-Par 2004 tutorial, Pisa',
  },
  '003': {
    file: '003_7c0ecb5f887884c8.txt',
    authors: 'Oral et al.',
    year: 2010,
    title: 'Reducing Application Runtime Variability on Jaguar XT5',
    venue: 'Cray User Group 2010',
  },
  '004': {
    file: '004_cb4c2116e2ea8546.txt',
    authors: 'Worley',
    year: 2008,
    form: 'slides',
    title: 'HALO and allreduce variability on the Cray XT3 (jaguarcnl) and XT4 (Franklin)',
    venue: 'Cray Technical Workshop, February 2008, with runs of April 2008',
  },
} as const satisfies Record<string, Seed>;

export type SeedKey = keyof typeof SEEDS;

export const isSeedKey = (key: string): key is SeedKey => Object.hasOwn(SEEDS, key);

/** "Petrini, Kerbyson and Pakin 2003"; "Davis and Petrini 2004 (tutorial slides)". */
export function authorYear(key: SeedKey): string {
  const s: Seed = SEEDS[key];
  return `${s.authors} ${s.year}${s.form ? ` (${s.form})` : ''}`;
}

/** The whole reference: "Petrini, Kerbyson and Pakin 2003: The Case of … ASCI Q. SC’03, …". */
export function reference(key: SeedKey): string {
  const s: Seed = SEEDS[key];
  return `${authorYear(key)}: ${s.title}. ${s.venue}.`;
}
