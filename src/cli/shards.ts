// A sweep split into shards for a batch system's job array, and the merge of the shards' outputs
// into what one unsharded sweep prints, byte for byte. Pure: texts in, texts out (the commands
// read and write the files).
//
// Assignment: the points in the sweep's own order (planSweep: the last --vary changes fastest),
// numbered from 0; point k belongs to shard (k mod N) + 1 of N. Round robin, so every shard gets
// small and large machine sizes alike. A point's seed is derived from its own assignments
// exactly as without shards, so its row does not depend on the split.
//
// A shard's output says what it is a part of:
// - JSON: { "noiselabShard": 1, "sweep": <id>, "shard": i, "shards": N, "points": total,
//   "rows": [{ "point": k, …the unsharded row… }, …] };
// - CSV: the unsharded header behind the columns sweep, shard, shards, points, point, and each
//   row behind those five values.
// The sweep id is a hash of the scenario as run (after --set and --seed) and the --vary list:
// shards of different sweeps are refused, and so are missing or repeated shards.
import { contentId } from '../scenario/canonical.ts';
import type { Scenario } from '../scenario/types.ts';
import type { Vary } from '../engine/index.ts';
import { csvLine } from '../format/csv.ts';
import { CliError } from './errors.ts';
import { formatJson } from './json.ts';

/** The JSON shard format's version (its `noiselabShard` field). */
export const SHARD_FORMAT = 1;
/** Shards of one sweep at most (and never more than its points: sweep refuses that). */
export const MAX_SHARDS = 100_000;

const META = ['sweep', 'shard', 'shards', 'points', 'point'];

export interface Shard {
  /** 1 … count */
  index: number;
  count: number;
}

/** `i/N` of --shard, or a CliError naming what is wrong. */
export function parseShard(text: string): Shard {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  const allowed = `allowed: i/N with 1 ≤ i ≤ N ≤ ${MAX_SHARDS.toLocaleString('en-US')}, e.g. --shard 3/8`;
  if (!m) throw new CliError(`--shard: ${JSON.stringify(text)} is not i/N; ${allowed}`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count > MAX_SHARDS || index > count) {
    throw new CliError(`--shard: ${text} is out of range; ${allowed}`);
  }
  return { index, count };
}

/** The points (their indexes, ascending) of a shard of a sweep of `points` points. */
export function shardPoints(points: number, shard: Shard): number[] {
  const out: number[] = [];
  for (let k = shard.index - 1; k < points; k += shard.count) out.push(k);
  return out;
}

/** The id of a sweep: its scenario as run and its --vary list. */
export function sweepId(
  base: Scenario,
  varies: readonly Vary[],
  timings = false,
  precision?: number,
): string {
  // The varied values as written (their keys' order shows in the output), the rest canonical;
  // a precision only when given, so a sweep without one keeps the id it always had.
  const written = JSON.stringify(varies.map((v) => [v.path, v.values]));
  return contentId({
    scenario: base,
    varies: written,
    timings,
    ...(precision === undefined ? {} : { precision }),
  });
}

export interface ShardHead {
  sweep: string;
  shard: Shard;
  points: number;
}

/** A shard's JSON output: its head, then its rows (each with its point index first). */
export function shardJson(head: ShardHead, rows: { point: number; row: object }[]): string {
  return formatJson({
    noiselabShard: SHARD_FORMAT,
    sweep: head.sweep,
    shard: head.shard.index,
    shards: head.shard.count,
    points: head.points,
    rows: rows.map(({ point, row }) => ({ point, ...row })),
  });
}

/** A shard's CSV output: the unsharded columns behind the five of the shard, one line per row. */
export function shardCsv(
  head: ShardHead,
  columns: readonly string[],
  rows: { point: number; row: Record<string, unknown> }[],
): string {
  const meta = (point: number) => [
    head.sweep,
    head.shard.index,
    head.shard.count,
    head.points,
    point,
  ];
  const lines = [csvLine([...META, ...columns])];
  for (const { point, row } of rows) {
    lines.push(csvLine([...meta(point), ...columns.map((c) => row[c])]));
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** One shard file's content as merge reads it. */
interface ShardContent {
  file: string;
  format: 'json' | 'csv';
  head: ShardHead;
  /** the unsharded output's header (CSV) */
  header?: string;
  /** by point: the row (JSON) or its text after the five shard fields (CSV) */
  rows: Map<number, unknown>;
}

/** The shards' files merged into the unsharded sweep's output; a CliError lists every problem. */
export function mergeShards(files: { file: string; text: string }[]): string {
  if (files.length === 0)
    throw new CliError('merge needs the shards’ files: noiselab merge <files…>');
  const problems: string[] = [];
  const shards: ShardContent[] = [];
  for (const { file, text } of files) {
    try {
      shards.push(readShard(file, text));
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      problems.push(...err.lines);
    }
  }
  if (problems.length > 0) throw new CliError(problems);
  const first = shards[0];
  for (const s of shards.slice(1)) {
    if (s.format !== first.format) {
      problems.push(
        `${s.file} is ${s.format.toUpperCase()} and ${first.file} ${first.format.toUpperCase()}; merge shards of one format`,
      );
    } else if (s.head.sweep !== first.head.sweep) {
      problems.push(
        `${s.file} is a shard of another sweep (${s.head.sweep}) than ${first.file} (${first.head.sweep}): its scenario, --set, --seed or --vary differ`,
      );
    } else if (
      s.head.shard.count !== first.head.shard.count ||
      s.head.points !== first.head.points
    ) {
      problems.push(
        `${s.file} is shard ${s.head.shard.index} of ${s.head.shard.count} over ${s.head.points} points, ${first.file} of ${first.head.shard.count} over ${first.head.points}`,
      );
    } else if (s.header !== first.header) {
      problems.push(
        `${s.file} has other columns than ${first.file} (one was run with --timings, or rewritten?)`,
      );
    }
  }
  if (problems.length > 0) throw new CliError(problems);
  const { count } = first.head.shard;
  const seen = new Map<number, string>();
  for (const s of shards) {
    const again = seen.get(s.head.shard.index);
    if (again !== undefined)
      problems.push(
        `shard ${s.head.shard.index} of ${count} is given twice: ${again} and ${s.file}`,
      );
    else seen.set(s.head.shard.index, s.file);
  }
  const missing: number[] = [];
  for (let i = 1; i <= count; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '');
    const many = missing.length > 20 ? ` (${missing.length} of them)` : '';
    problems.push(
      missing.length === 1
        ? `shard ${shown} of ${count} of sweep ${first.head.sweep} is missing`
        : `shards ${shown} of ${count} of sweep ${first.head.sweep} are missing${many}`,
    );
  }
  if (problems.length > 0) throw new CliError(problems);
  const byIndex = new Map(shards.map((s) => [s.head.shard.index, s]));
  const rows: unknown[] = [];
  for (let k = 0; k < first.head.points; k++) {
    const owner = byIndex.get((k % count) + 1)!;
    if (!owner.rows.has(k)) {
      throw new CliError(
        `${owner.file} lacks the row of point ${k}: the shard is incomplete (cut short?)`,
      );
    }
    rows.push(owner.rows.get(k));
  }
  if (first.format === 'json') return formatJson(rows);
  return `${first.header}\n${rows.map((text) => `${text as string}\n`).join('')}`;
}

function readShard(file: string, text: string): ShardContent {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    throw notShard(file, 'it is a whole sweep’s output (run without --shard)');
  }
  return trimmed.startsWith('{') ? readJsonShard(file, text) : readCsvShard(file, text);
}

const notShard = (file: string, why: string) =>
  new CliError(`${file} is not a shard of noiselab sweep --shard: ${why}`);

function readJsonShard(file: string, text: string): ShardContent {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw notShard(file, `its JSON does not parse (${(err as Error).message})`);
  }
  const d = data as Record<string, unknown>;
  if (d.noiselabShard !== SHARD_FORMAT) {
    throw notShard(file, `it has no "noiselabShard": ${SHARD_FORMAT}`);
  }
  const head = checkHead(file, d.sweep, d.shard, d.shards, d.points);
  if (!Array.isArray(d.rows)) throw notShard(file, 'it has no list of rows');
  const rows = new Map<number, unknown>();
  let columns: string | undefined;
  for (const r of d.rows as unknown[]) {
    const { point, ...row } = (r ?? {}) as Record<string, unknown>;
    // every row has the fields of the first, in its order (as sweep writes them)
    const keys = Object.keys(row).join(',');
    columns ??= keys;
    if (keys !== columns) {
      throw notShard(
        file,
        `the row of point ${JSON.stringify(point)} has other fields than the first row`,
      );
    }
    addRow(file, head, rows, point, row);
  }
  return { file, format: 'json', head, header: columns, rows };
}

function readCsvShard(file: string, text: string): ShardContent {
  const records = csvRecords(text);
  if (records.length === 0) throw notShard(file, 'it is empty');
  if (records.some((r) => r.endsWith('\r'))) {
    throw notShard(
      file,
      'its lines end in CR LF (saved by a Windows editor?); use the file sweep wrote',
    );
  }
  if (!text.endsWith('\n') || quotesOpen(text)) {
    throw notShard(
      file,
      'it ends in the middle of a line: the shard is cut short (a job killed while writing?)',
    );
  }
  const [header, ...body] = records;
  const cut = cutFields(header, META.length);
  if (cut === null || cut.fields.join(',') !== META.join(',')) {
    throw notShard(file, `its header does not start with ${META.join(',')}`);
  }
  const width = fieldCount(header);
  let head: ShardHead | null = null;
  const rows = new Map<number, unknown>();
  for (const [n, record] of body.entries()) {
    const fields = cutFields(record, META.length);
    if (fields === null || fieldCount(record) !== width) {
      throw notShard(
        file,
        `line ${n + 2} has not the header's ${width} fields: the shard is damaged or cut short`,
      );
    }
    const [sweep, shard, shards, points, point] = fields.fields;
    const h = checkHead(file, sweep, integer(shard), integer(shards), integer(points));
    if (head === null) head = h;
    else if (
      h.sweep !== head.sweep ||
      h.shard.index !== head.shard.index ||
      h.shard.count !== head.shard.count ||
      h.points !== head.points
    ) {
      throw notShard(file, 'its lines belong to different shards (files joined by hand?)');
    }
    addRow(file, head, rows, integer(point) ?? point, fields.rest);
  }
  if (head === null)
    throw notShard(file, 'it has no rows, so it cannot say which sweep it belongs to');
  return { file, format: 'csv', head, header: cut.rest, rows };
}

/** A decimal integer written as sweep writes it; undefined for anything else. */
function integer(text: string): number | undefined {
  return /^(0|[1-9][0-9]{0,14})$/.test(text) ? Number(text) : undefined;
}

/** Whether a CSV text ends inside a quoted field. */
function quotesOpen(text: string): boolean {
  let open = false;
  for (let i = 0; i < text.length; i++) if (text[i] === '"') open = !open;
  return open;
}

/** The fields of a raw record (commas outside quotes, plus one). */
function fieldCount(record: string): number {
  let n = 1;
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    if (record[i] === '"') quoted = !quoted;
    else if (record[i] === ',' && !quoted) n++;
  }
  return n;
}

function checkHead(
  file: string,
  sweep: unknown,
  index: unknown,
  count: unknown,
  points: unknown,
): ShardHead {
  const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (typeof sweep !== 'string' || !/^[0-9a-f]{13}$/.test(sweep))
    throw notShard(file, 'its sweep id is missing or malformed');
  if (
    !int(index) ||
    !int(count) ||
    !int(points) ||
    (count as number) < 1 ||
    (index as number) < 1 ||
    (index as number) > (count as number)
  ) {
    throw notShard(file, 'its shard number, shard count or point count is missing or out of range');
  }
  return {
    sweep,
    shard: { index: index as number, count: count as number },
    points: points as number,
  };
}

function addRow(
  file: string,
  head: ShardHead,
  rows: Map<number, unknown>,
  point: unknown,
  row: unknown,
): void {
  const { index, count } = head.shard;
  if (typeof point !== 'number' || !Number.isInteger(point) || point < 0 || point >= head.points) {
    throw notShard(
      file,
      `a row's point ${JSON.stringify(point)} is not a point of the sweep (0 … ${head.points - 1})`,
    );
  }
  if (point % count !== index - 1) {
    throw notShard(
      file,
      `point ${point} belongs to shard ${(point % count) + 1} of ${count}, not ${index}`,
    );
  }
  if (rows.has(point)) throw notShard(file, `point ${point} appears twice`);
  rows.set(point, row);
}

/**
 * The records of a CSV text, each as its raw text (quotes and all, without its line end): a
 * line end inside double quotes belongs to the field.
 */
export function csvRecords(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** The first n fields of a raw record, unquoted, and the raw rest; null when it has fewer. */
function cutFields(record: string, n: number): { fields: string[]; rest: string } | null {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < n) {
    if (i > record.length) return null;
    let field = '';
    if (record[i] === '"') {
      i++;
      for (;;) {
        if (i >= record.length) return null;
        if (record[i] === '"') {
          if (record[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += record[i++];
      }
    } else {
      const end = record.indexOf(',', i);
      field = record.slice(i, end < 0 ? record.length : end);
      i = end < 0 ? record.length : end;
    }
    fields.push(field);
    if (fields.length < n) {
      if (record[i] !== ',') return null;
      i++;
    }
  }
  if (record[i] !== ',') return i === record.length ? { fields, rest: '' } : null;
  return { fields, rest: record.slice(i + 1) };
}
