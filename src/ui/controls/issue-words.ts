// The validator's lines for a refused edit (`job.excludeOffsets[1]: -1 is out of range; …`) as
// the panel says them: a path the panel has a control for is named by that control's label
// ("Excluded cluster offsets: -1 is out of range; …"). The rest of the line is the validator's,
// and a path the panel has no label for stays as it is (it still names the field exactly). The
// labels are the controls' own (field-labels.ts).
import { ROOT } from '../../scenario/check.ts';
import { PANEL_LABELS, SOURCE_LABELS } from './field-labels.ts';

const LINE = /^([A-Za-z][\w.[\]]*): (.*)$/s;

/** A field's path inside a line: `job.excludeOffsets[0]`, `workload.iterations`, `noise[3].periodUs`. */
const INNER_PATH =
  /\b(?:job|machine|workload)\.[A-Za-z.]*[A-Za-z](?:\[\d+\])?|\bnoise\[\d+\]\.[A-Za-z]+/g;

/** A path without its last index: `job.excludeOffsets[1]` → `job.excludeOffsets`. */
const field = (path: string) => path.replace(/\[\d+\]$/, '');

/** The panel's label of a scenario path (its index dropped); undefined when it has none. */
const panelLabel = (path: string): string | undefined =>
  (PANEL_LABELS as Record<string, string>)[field(path)];

/** A noise source's field in a path (`noise[5].phaseOffsetUs…`): the source's place in the list
 * (from 1) and the editor's label for the field, mid-sentence; null when either is not there. */
function sourceField(path: string): { place: number; name: string } | null {
  const source = /^noise\[(\d+)\]\.(\w+)/.exec(path);
  const label = source && (SOURCE_LABELS as Record<string, string>)[source[2]];
  return label
    ? { place: Number(source[1]) + 1, name: `${label[0].toLowerCase()}${label.slice(1)}` }
    : null;
}

/**
 * The paths the validator names inside a line (the value a duplicate repeats, the fields a
 * refused run's count comes from) in the panel's words where it has them: "job.excludeOffsets[0]"
 * is "value 1 of Excluded cluster offsets" ("value 1" in a line about that field), and
 * "noise[0].periodUs" "the period (µs) of noise source 1". A path the panel has no word for stays.
 */
function innerWords(text: string, own = ''): string {
  return text.replace(INNER_PATH, (path) => {
    const source = sourceField(path);
    if (source) return `the ${source.name} of noise source ${source.place}`;
    const label = panelLabel(path);
    const at = /\[(\d+)\]$/.exec(path);
    if (!label || !at) return label ?? path;
    // the line's own field: "Excluded cluster offsets: 0 is a duplicate of value 1"
    const value = `value ${Number(at[1]) + 1}`;
    return field(path) === own ? value : `${value} of ${label}`;
  });
}

/** `line` with its paths named as the panel names them, where the panel has a label. */
export function inPanelWords(line: string): string {
  // A line about the whole scenario (its cost, say) names no field: say it as a sentence.
  if (line.startsWith(`${ROOT}: `)) {
    const rest = innerWords(line.slice(ROOT.length + 2));
    return `${rest[0].toUpperCase()}${rest.slice(1)}`;
  }
  const m = LINE.exec(line);
  if (!m) return line;
  const [, path, whole] = m;
  const rest = innerWords(whole, field(path));
  const label = panelLabel(path);
  if (label) return `${label}: ${rest}`;
  // mid-sentence: "Noise source 6, phase offset (µs): …"
  const source = sourceField(path);
  return source ? `Noise source ${source.place}, ${source.name}: ${rest}` : line;
}
