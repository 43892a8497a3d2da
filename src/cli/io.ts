// Reading a scenario file and applying the command line's overrides to it. The file is read
// only after its size is known: a scenario arrives from strangers (shared links, downloads),
// and a mistyped path may name a huge log or a device, so anything above the validator's text
// limit is refused before a byte is read. Overrides are applied to the parsed JSON *before*
// validation, so a --set can repair or complete a file and the validator judges the result.
import { readFileSync, statSync } from 'node:fs';
import { MAX_TEXT_LENGTH, type Scenario, setPath, validateScenario } from '../scenario/index.ts';
import type { Assignment } from './args.ts';
import { CliError, messageOf } from './errors.ts';

/** A one-line reason for a failed stat/read, without Node's stack or errno decoration. */
function fsReason(err: unknown): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file';
    case 'ENOTDIR':
      return 'no such file (a part of the path is not a directory)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, not a scenario file';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return messageOf(err).split('\n')[0];
  }
}

/**
 * The text of a regular file of at most `maxBytes` bytes (its size is checked before a byte is
 * read), without a byte-order mark. Throws a CliError naming the path and `what` it should be.
 */
export function readText(file: string, what: string, maxBytes = MAX_TEXT_LENGTH): string {
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new CliError(`${file}: is a directory, not ${what}`);
    // FIFOs and devices (/dev/zero) could block or never end.
    if (!st.isFile()) throw new CliError(`${file}: is not a regular file`);
    if (st.size > maxBytes) throw tooLarge(file, st.size, maxBytes);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot read ${file}: ${fsReason(err)}`);
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${fsReason(err)}`);
  }
  // The file may have grown between the stat and the read.
  if (bytes.length > maxBytes) throw tooLarge(file, bytes.length, maxBytes);
  const text = bytes.toString('utf8');
  // Editors on Windows may save a byte-order mark, which JSON.parse refuses (as the validator).
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function tooLarge(file: string, bytes: number, maxBytes: number): CliError {
  const limit = `${maxBytes.toLocaleString('en-US')} bytes`;
  return new CliError(
    `${file}: the file is ${bytes.toLocaleString('en-US')} bytes; allowed: at most ${limit}`,
  );
}

/** The parsed JSON of a scenario file (not yet validated). Throws a CliError naming the path. */
export function readScenarioJson(file: string): unknown {
  // Bytes ≥ UTF-16 characters for any UTF-8 text, so the byte limit never refuses what the
  // validator's character limit would accept from a plain-ASCII file; real scenarios are a few kB.
  const body = readText(file, 'a scenario file');
  try {
    return JSON.parse(body);
  } catch (err) {
    // Node quotes the start of the text in its message, line breaks and all: one line here
    const message = messageOf(err).replace(/\r?\n/g, '\\n');
    throw new CliError(`${file}: is not valid JSON: ${withLine(message, body)}`);
  }
}

/**
 * A JSON error as an editor finds it: Node's parser says "at position 1924" only (Chromium's adds
 * the line and column, so the page's message has them), so they are added from the text.
 */
export function withLine(message: string, text: string): string {
  const m = /at position (\d+)/.exec(message);
  if (m === null || /\(line \d+ column \d+\)/.test(message)) return message;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message} (line ${line} column ${column})`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The raw scenario with every --set applied in order, then --seed (so --seed wins over a
 * `--set seed=...`). Not validated. A path that does not exist is a CliError naming it.
 */
export function applyOverrides(raw: unknown, sets: Assignment[], seed?: number): unknown {
  // A file that is not an object at all is the validator's to report ("(root): is not an
  // object"); path errors about its root would only obscure that.
  if (!isObject(raw)) return raw;
  let obj: unknown = raw;
  for (const a of sets) {
    try {
      obj = setPath(obj, a.path, a.value);
    } catch (err) {
      throw new CliError(`--set: ${messageOf(err)}`);
    }
  }
  if (seed !== undefined) obj = setPath(obj, 'seed', seed);
  return obj;
}

/** Reads, overrides and validates: the scenario a command runs. Throws CliError/ScenarioError. */
export function loadScenario(file: string, opts: { sets: Assignment[]; seed?: number }): Scenario {
  return validateScenario(applyOverrides(readScenarioJson(file), opts.sets, opts.seed));
}
