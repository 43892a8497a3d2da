// The cap on --threads: more threads than the machine has cores only cost memory
// and start-up (a 32-thread sweep on 2 cores took 1.07 GB and 33 s, against 164 MB and 4.8 s on
// 2), and the numbers do not depend on the thread count. So a --threads above the available
// parallelism (os.availableParallelism(): the cores this process may run on) is lowered to it,
// with one line on stderr that says so. args.ts still refuses a value that is no thread count
// at all (not an integer, below 1, above MAX_THREADS).

export interface ThreadsCap {
  /** the threads to use: the asked number, at most `available`; undefined when none was asked */
  threads?: number;
  /** the line to print on stderr when the asked number was lowered */
  note?: string;
}

/** `asked` (--threads; undefined when not given) capped at `available` cores (at least 1). */
export function capThreads(asked: number | undefined, available: number): ThreadsCap {
  const cores = Math.max(1, Math.floor(available));
  if (asked === undefined || asked <= cores) return { threads: asked };
  const plural = cores === 1 ? 'core' : 'cores';
  return {
    threads: cores,
    note: `--threads ${asked} is more than this machine's ${cores} ${plural}; using ${cores}`,
  };
}
