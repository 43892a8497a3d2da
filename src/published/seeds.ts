// The papers the published numbers come from: the seed files of ../shared/seeds/, by their
// number. A citation ("000 Table 3") starts with one of these keys.
export const SEEDS = {
  '000': {
    file: '000_3ad34a653051bbf2.txt',
    paper:
      'Petrini, Kerbyson, Pakin: The Case of the Missing Supercomputer Performance (ASCI Q), SC’03',
  },
  '003': {
    file: '003_7c0ecb5f887884c8.txt',
    paper: 'Oral et al.: Reducing Application Runtime Variability on Jaguar XT5',
  },
} as const;

export type SeedKey = keyof typeof SEEDS;
