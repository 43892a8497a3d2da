// The presets the page offers, as plain data: their file in scenarios/ (without .json), their
// menu label and group. presets.ts adds how each is loaded (a Vite chunk); the CLI's and the
// benches' Node code read this list alone.

export type PresetGroup = 'Machine presets' | 'Application workloads';

export interface PresetEntry {
  id: string;
  label: string;
  group: PresetGroup;
}

/** In menu order. */
export const PRESET_TABLE: readonly PresetEntry[] = [
  { id: 'asci-q-2002', label: 'ASCI Q, 2002 (before noise removal)', group: 'Machine presets' },
  { id: 'asci-q-2003', label: 'ASCI Q, 2003 (after noise removal)', group: 'Machine presets' },
  {
    id: 'asci-q-2003-without-0-31',
    label: 'ASCI Q, 2003, without nodes 0 and 31',
    group: 'Machine presets',
  },
  { id: 'jaguar-xt5-stock', label: 'Jaguar XT5, stock kernel', group: 'Machine presets' },
  { id: 'jaguar-xt5-rn', label: 'Jaguar XT5, Reduced Noise kernel', group: 'Machine presets' },
  {
    id: 'jaguar-xt5-rn-prototype',
    label: 'Jaguar XT5, prototype RN kernel',
    group: 'Machine presets',
  },
  { id: 'bgp-intrepid', label: 'Blue Gene/P (Intrepid)', group: 'Machine presets' },
  { id: 'sage-asci-q-2002', label: 'SAGE on ASCI Q, 2002', group: 'Application workloads' },
  {
    id: 'sage-asci-q-2003-without-0-31',
    label: 'SAGE on ASCI Q, 2003, without 0 and 31',
    group: 'Application workloads',
  },
  {
    id: 'allreduce-asci-q-2002',
    label: 'Allreduce on ASCI Q, 2002',
    group: 'Application workloads',
  },
  {
    id: 'mpi-fwq-jaguar-xt5-stock',
    label: 'MPI-FWQ on Jaguar XT5, stock',
    group: 'Application workloads',
  },
  {
    id: 'mpi-fwq-jaguar-xt5-rn-prototype',
    label: 'MPI-FWQ on Jaguar XT5, prototype RN',
    group: 'Application workloads',
  },
  { id: 'pop-jaguar-xt5-stock', label: 'POP on Jaguar XT5, stock', group: 'Application workloads' },
  {
    id: 'pop-jaguar-xt5-rn-prototype',
    label: 'POP on Jaguar XT5, prototype RN',
    group: 'Application workloads',
  },
  {
    id: 'pop-jaguar-xt5-rn',
    label: 'POP on Jaguar XT5, RN kernel, 7 cores',
    group: 'Application workloads',
  },
  {
    id: 'ep-asci-q-2002',
    label: 'NPB EP, 128 tasks, ASCI Q noise (Compaq SC stand-in)',
    group: 'Application workloads',
  },
  {
    id: 'lemieux-ep',
    label: 'NPB EP on the Compaq SC Lemieux (fitted node noise)',
    group: 'Application workloads',
  },
  {
    id: 'lemieux-lu',
    label: 'NPB LU (wavefront) on the Compaq SC Lemieux',
    group: 'Application workloads',
  },
  {
    id: 'lemieux-ft',
    label: 'NPB FT (all-to-all) on the Compaq SC Lemieux',
    group: 'Application workloads',
  },
  {
    id: 'lu-asci-q-2002',
    label: 'NPB LU (wavefront), 128 tasks, ASCI Q noise (Compaq SC stand-in)',
    group: 'Application workloads',
  },
  {
    id: 'ft-asci-q-2002',
    label: 'NPB FT (all-to-all), 128 tasks, ASCI Q noise (Compaq SC stand-in)',
    group: 'Application workloads',
  },
  {
    id: 't3e-mcurie-ep',
    label: 'NPB EP on the Cray T3E: job migration',
    group: 'Application workloads',
  },
  {
    id: 't3e-mcurie-lu',
    label: 'NPB LU (wavefront) on the Cray T3E: job migration',
    group: 'Application workloads',
  },
  {
    id: 't3e-mcurie-ft',
    label: 'NPB FT (all-to-all) on the Cray T3E: job migration',
    group: 'Application workloads',
  },
  {
    id: 'seaborg-ep',
    label: 'NPB EP on the IBM SP Seaborg (fitted node noise)',
    group: 'Application workloads',
  },
  {
    id: 'seaborg-lu',
    label: 'NPB LU (wavefront) on the IBM SP Seaborg',
    group: 'Application workloads',
  },
  {
    id: 'seaborg-ft',
    label: 'NPB FT (all-to-all) on the IBM SP Seaborg',
    group: 'Application workloads',
  },
  {
    id: 'alvarez-ep',
    label: 'NPB EP on the Intel cluster Alvarez (fitted node noise)',
    group: 'Application workloads',
  },
  {
    id: 'alvarez-lu',
    label: 'NPB LU (wavefront) on the Intel cluster Alvarez',
    group: 'Application workloads',
  },
  {
    id: 'alvarez-ft',
    label: 'NPB FT (all-to-all) on the Intel cluster Alvarez',
    group: 'Application workloads',
  },
  {
    id: 'halo-jaguar-xt5-stock',
    label: 'HALO on Jaguar XT5 stock (XT3/XT4 stand-in)',
    group: 'Application workloads',
  },
  {
    id: 'halo-jaguarcnl-xt3',
    label: 'HALO on the Cray XT3 jaguarcnl',
    group: 'Application workloads',
  },
  {
    id: 'halo-franklin-xt4',
    label: 'HALO on the Cray XT4 Franklin (one timed update)',
    group: 'Application workloads',
  },
  {
    id: 'allreduce-franklin-xt4',
    label: 'Allreduce jitter on the Cray XT4 Franklin, 8 bytes',
    group: 'Application workloads',
  },
  {
    id: 'allreduce-franklin-xt4-2mb',
    label: 'Allreduce jitter on the Cray XT4 Franklin, 2 MB',
    group: 'Application workloads',
  },
];
