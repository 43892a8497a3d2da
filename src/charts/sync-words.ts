// How a workload other than the barrier loop synchronises, in words, for the views that measure
// the barrier loop only (the node map, the loss by event duration): they say why they are empty.

/** "SAGE synchronises through allreduces over a software tree", by the run's workload kind. */
export function syncWords(kind: string | undefined): string {
  switch (kind) {
    case 'sage':
      return 'SAGE synchronises through allreduces over a software tree';
    case 'pop':
      return 'POP synchronises through allreduces over a software tree';
    case 'allreduce':
      return 'The allreduce benchmark synchronises through a software tree';
    case 'mpi-fwq':
      return 'MPI-FWQ synchronises through a broadcast and a reduction over a software tree';
    case 'halo':
      return 'The halo exchange has no global synchronisation: each rank waits for its grid neighbours only';
    case 'alltoall':
      return 'The all-to-all exchange synchronises through messages between every pair of ranks';
    case 'wavefront':
      return 'The wavefront passes messages along pipelined sweeps of the grid';
    default:
      return 'This workload does not synchronise through the barrier';
  }
}
