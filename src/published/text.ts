// The words of a published mark: its tooltip, its row in a data table, its line in a CSV.
import { csvLines, quoted } from '../format/csv.ts';
import { readableCite } from './cite.ts';
import { isSeedKey, SEEDS, type Seed } from './seeds.ts';
import type { PublishedValue } from './types.ts';

/** Where the number is, readable: "Petrini, Kerbyson and Pakin 2003, Table 3". */
export function publishedSource(v: PublishedValue): string {
  return readableCite(v.cite);
}

/**
 * The source with the paper's title and venue, for a tooltip: "Petrini, Kerbyson and Pakin 2003,
 * Table 3 — The Case of the Missing Supercomputer Performance: … (SC’03, Phoenix, Arizona)".
 */
export function citation(v: PublishedValue): string {
  const key = v.cite.slice(0, 3);
  if (!isSeedKey(key)) return publishedSource(v);
  const seed: Seed = SEEDS[key];
  return `${publishedSource(v)} — ${seed.title} (${seed.venue})`;
}

/** A data table's source cell: "Petrini, Kerbyson and Pakin 2003, Table 3; <the note>". */
export function publishedSourceNote(v: PublishedValue): string {
  return `${publishedSource(v)}${v.note ? `; ${v.note}` : ''}`;
}

/** One line: "Unoptimized system: 1.60 s (Petrini, Kerbyson and Pakin 2003, Table 3; …)". */
export function publishedLine(v: PublishedValue): string {
  return `${v.label}: ${v.printed} (${publishedSourceNote(v)})`;
}

/** A tooltip: "published, Unoptimized system: 1.60 s (Petrini, … 2003, Table 3; …)". */
export function publishedText(v: PublishedValue): string {
  return `published, ${publishedLine(v)}`;
}

/**
 * A CSV block of the marks, after a blank line and a header of its own; '' when none. `cite` is
 * the data's short form ("000 Table 3"): a program joining rows to the papers or to
 * ../shared/reference/published.json keys on it. `source` is the same citation as the page
 * shows it, for a reader in a spreadsheet.
 */
export function publishedCsv(values: readonly PublishedValue[]): string {
  if (values.length === 0) return '';
  const head = [
    'published_id',
    'label',
    'value',
    'unit',
    'bound',
    'nodes',
    'ranks_per_node',
    'cite',
    'source',
    'note',
  ];
  const rows = values.map((v) => [
    v.id,
    quoted(v.label),
    v.value,
    v.unit === 'µs' ? 'us' : v.unit,
    v.bound,
    v.config.nodes,
    v.config.ranksPerNode ?? null,
    quoted(v.cite),
    quoted(publishedSource(v)),
    quoted(v.note),
  ]);
  return '\n' + csvLines([head, ...rows]);
}
