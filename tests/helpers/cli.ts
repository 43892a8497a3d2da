// What the command line refuses, for the CLI tests: the lines of the CliError a call throws.
import { CliError } from '../../src/cli/errors.ts';

/** The lines of the CliError `f` throws; fails the test when it throws none. */
export function refusal(f: () => unknown): string[] {
  try {
    f();
  } catch (err) {
    if (err instanceof CliError) return err.lines;
    throw err;
  }
  throw new Error('not refused');
}
