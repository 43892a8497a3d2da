// The words of a published mark: its tooltip, its row in a data table, its line in a CSV.
import { SEEDS, type SeedKey } from './seeds.ts';
import type { PublishedValue } from './types.ts';

/** "000 Table 3" → "Petrini, Kerbyson, Pakin: … SC’03, Table 3". */
export function citation(v: PublishedValue): string {
  const [key, ...where] = v.cite.split(' ');
  const seed = SEEDS[key as SeedKey];
  return seed ? `${seed.paper}, ${where.join(' ')}` : v.cite;
}

/** One line: "Unoptimized system: 1.60 s (000 Table 3; …)". */
export function publishedLine(v: PublishedValue): string {
  const note = v.note ? `; ${v.note}` : '';
  return `${v.label}: ${v.printed} (${v.cite}${note})`;
}

/** A tooltip: "published, Unoptimized system: 1.60 s (000 Table 3; …)". */
export function publishedText(v: PublishedValue): string {
  return `published, ${publishedLine(v)}`;
}

const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;

/** A CSV block of the marks, after a blank line and a header of its own; '' when none. */
export function publishedCsv(values: readonly PublishedValue[]): string {
  if (values.length === 0) return '';
  const rows = ['published_id,label,value,unit,bound,nodes,ranks_per_node,cite,note'];
  for (const v of values) {
    rows.push(
      [
        v.id,
        quote(v.label),
        v.value,
        v.unit === 'share' ? 'share' : 'us',
        v.bound,
        v.config.nodes,
        v.config.ranksPerNode ?? '',
        quote(v.cite),
        quote(v.note),
      ].join(','),
    );
  }
  return '\n' + rows.join('\n') + '\n';
}
