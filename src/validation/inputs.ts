// What a validation report was computed from: every source file the targets run (the imports of
// scripts/validate-papers.ts and src/validation/index.ts, followed to the end) and every scenario
// file they may read (scenarios/**/*.json, the presets and their archived versions), each with
// its SHA-256. The report records the list's fingerprint, so a check can tell, without rerunning
// 20 minutes of targets, whether the committed docs/validation.md was written from the files
// beside it. Text is hashed with its line ends as LF, so a checkout with CRLF hashes the same.
// Node only.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root folder, absolute. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the report starts: the script that runs the targets and writes it, and everything it
 * imports (the targets, the engine, the scenario validator, the renderer). */
const ENTRIES = ['scripts/validate-papers.ts', 'src/validation/index.ts'];

/** Folders whose JSON files the targets read at run time (src/validation/presets.ts). */
const DATA_DIRS = ['scenarios'];

/** Packages imported to compute the fingerprint, not the results: their version is no input. */
const TOOLING = new Set(['typescript']);

export interface ReportInputs {
  /** repository-relative path (forward slashes) → SHA-256 of its text (LF line ends), hex */
  files: Record<string, string>;
  /** SHA-256 of the sorted "path hash" lines, hex */
  fingerprint: string;
  /** SHA-256 of the report the runs wrote (docs/validation.md, LF line ends), hex */
  report?: string;
  /** the Node.js version the runs ran on (for information: not part of the fingerprint) */
  node?: string;
}

/** The module specifiers a source file names in import and export statements, static and
 * dynamic (TypeScript's own scanner, so an import written in a comment or a string is not one). */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The SHA-256 of a text as hashed here: its line ends as LF. */
export const textHash = (text: string) => hash(text.replace(/\r\n/g, '\n'));

const posix = (path: string) => path.split(sep).join('/');

/**
 * The source files reachable from `entry` (repository-relative) through relative imports,
 * entry included. A relative import that names no file throws (a fingerprint that silently
 * missed a file would vouch for a report it does not cover). Bare specifiers other than node's
 * own modules name packages: their package.json (its version) counts as the package.
 */
export function sourceClosure(entry: string, root = ROOT): string[] {
  const seen = new Set<string>();
  const todo = [resolve(root, entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|js|mjs)$/.test(file)) continue;
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('node:')) continue;
      if (spec.startsWith('.')) {
        // The project names every module by its file, extension included (tsconfig's
        // allowImportingTsExtensions): anything else here is a specifier this scanner would
        // have to guess at, so it is refused rather than guessed.
        const target = resolve(dirname(file), spec);
        if (!existsSync(target) || !statSync(target).isFile()) {
          throw new Error(
            `${posix(relative(root, file))} imports ${spec}, which names no file ` +
              '(src/validation/inputs.ts follows imports written with their file name)',
          );
        }
        todo.push(target);
      } else {
        const name = spec.startsWith('@')
          ? spec.split('/').slice(0, 2).join('/')
          : spec.split('/')[0];
        if (!TOOLING.has(name)) todo.push(resolve(root, 'node_modules', name, 'package.json'));
      }
    }
  }
  return [...seen].map((f) => posix(relative(root, f)));
}

function filesUnder(dir: string, root: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => posix(relative(root, join(d.parentPath, d.name))));
}

/** The inputs of a validation report as the working tree holds them now. */
export function currentInputs(root = ROOT): ReportInputs {
  const paths = [
    ...new Set([
      ...ENTRIES.flatMap((e) => sourceClosure(e, root)),
      ...DATA_DIRS.flatMap((d) => filesUnder(d, root)),
    ]),
  ].sort();
  const files: Record<string, string> = {};
  for (const p of paths) files[p] = textHash(readFileSync(join(root, p), 'utf8'));
  return { files, fingerprint: fingerprintOf(files) };
}

/** The fingerprint of a file list: one hash over its sorted "path hash" lines. */
export function fingerprintOf(files: Record<string, string>): string {
  const lines = Object.keys(files)
    .sort()
    .map((p) => `${p} ${files[p]}\n`);
  return hash(lines.join(''));
}

/** What differs between two file lists, in words: "changed a.ts; added b.ts; removed c.json". */
export function describeChanges(was: ReportInputs, now: ReportInputs): string {
  const changed: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const [p, h] of Object.entries(now.files)) {
    if (!(p in was.files)) added.push(p);
    else if (was.files[p] !== h) changed.push(p);
  }
  for (const p of Object.keys(was.files)) if (!(p in now.files)) removed.push(p);
  const parts = [
    changed.length > 0 ? `changed ${changed.join(', ')}` : '',
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
  ].filter((s) => s !== '');
  return parts.length > 0 ? parts.join('; ') : 'no file differs';
}
