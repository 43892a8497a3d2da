// The noiselab command line: `npm run --silent sim -- <command> ...` or bin/noiselab.mjs.
// Dispatches to the commands and owns the error policy: every problem with the user's input
// (arguments, files, overrides, an invalid scenario) is one line on stderr and exit status 2,
// never a stack trace; only a bug reaches "internal error" and exit status 1. Output goes to
// stdout in one write, and the exit status is set rather than process.exit() called, so a large
// output piped to another program is never cut short.
import os from 'node:os';
import { ScenarioError } from '../scenario/index.ts';
import { parseArgs, USAGE, type CommandName, type Invocation } from './args.ts';
import { fwqCommand } from './commands/fwq.ts';
import { mergeCommand } from './commands/merge.ts';
import { repeatCommand } from './commands/repeat.ts';
import { runCommand } from './commands/run.ts';
import { sweepCommand } from './commands/sweep.ts';
import { validateCommand } from './commands/validate.ts';
import { CliError, messageOf } from './errors.ts';
import { readScenarioJson } from './io.ts';
import { issueLines } from './issue-lines.ts';
import { capThreads } from './threads.ts';

// A command returns its whole output, or a promise of it (sweep waits for its worker threads).
const COMMANDS: Record<CommandName, (inv: Invocation) => string | Promise<string>> = {
  run: runCommand,
  sweep: sweepCommand,
  repeat: repeatCommand,
  merge: mergeCommand,
  fwq: fwqCommand,
  validate: validateCommand,
};

export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** Runs one command line; resolves to the exit status (it never rejects). */
export async function main(argv: string[], out: Output): Promise<number> {
  if (argv.length === 0) {
    out.stderr(USAGE);
    return 2;
  }
  // kept for the error lines: which file and options an invalid scenario came from
  let inv: Invocation | undefined;
  try {
    const parsed = parseArgs(argv);
    if (parsed.command === 'help') {
      out.stdout(USAGE);
      return 0;
    }
    // --threads above the machine's cores: lowered to them, with a line that says so.
    const { threads, note } = capThreads(parsed.threads, os.availableParallelism());
    if (note) out.stderr(`noiselab: ${note}\n`);
    inv = { ...parsed, threads };
    out.stdout(withNewline(await COMMANDS[inv.command](inv)));
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      out.stderr(err.lines.map((line) => `noiselab: ${line}\n`).join(''));
      return 2;
    }
    if (err instanceof ScenarioError) {
      // `noiselab: <file>: <JSON path>: …`, e.g. `noiselab: a.json: job.nodes: 0 is …`
      out.stderr(
        issueLines(err.issues, inv, sourceIds(inv?.file))
          .map((line) => `noiselab: ${line}\n`)
          .join(''),
      );
      return 2;
    }
    const first = messageOf(err).split('\n')[0];
    out.stderr(`noiselab: internal error: ${first}\n`);
    return 1;
  }
}

/** The ids of a scenario file's noise sources, in order, for naming them in its issues; none
 * when the file cannot be read or has no such list (the issues then name places alone). */
function sourceIds(file: string | undefined): (string | undefined)[] {
  if (file === undefined) return [];
  try {
    const raw = readScenarioJson(file) as { noise?: unknown };
    if (!Array.isArray(raw?.noise)) return [];
    return raw.noise.map((n: unknown) => {
      const id = (n as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? id : undefined;
    });
  } catch {
    return [];
  }
}

// A reader that closes the pipe early (`| head`) is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') process.stderr.write(`noiselab: cannot write output: ${err.message}\n`);
  process.exit(err.code === 'EPIPE' ? (process.exitCode ?? 0) : 1);
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
