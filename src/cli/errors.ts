// The CLI's own error: bad input from the user (arguments, files, overrides). It carries one
// line per problem so that every mistake in a command line is reported in one go; main.ts
// prints each line prefixed with `noiselab: ` and exits with status 2. Anything that is not a
// CliError or a ScenarioError is a bug and is reported as an internal error instead.

export class CliError extends Error {
  readonly lines: string[];

  constructor(lines: string[] | string) {
    const list = typeof lines === 'string' ? [lines] : lines;
    super(list.join('\n'));
    this.name = 'CliError';
    this.lines = list;
  }
}

/** The message of anything thrown (libraries may throw non-Errors). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
