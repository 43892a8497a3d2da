// The validator's lines for a refused edit (`job.excludeOffsets[1]: -1 is out of range; …`) as
// the panel says them: a path the panel has a control for is named by that control's label
// ("Excluded cluster offsets: -1 is out of range; …"). The rest of the line is the validator's,
// and a path the panel has no label for stays as it is (it still names the field exactly). The
// labels are the controls' own (field-labels.ts).
import { ROOT } from '../../scenario/check.ts';
import { PANEL_LABELS, SOURCE_LABELS } from './field-labels.ts';

const LINE = /^([A-Za-z][\w.[\]]*): (.*)$/s;

/** `line` with its leading path named as the panel names it, when the panel has a label. */
export function inPanelWords(line: string): string {
  // A line about the whole scenario (its cost, say) names no field: say it as a sentence.
  if (line.startsWith(`${ROOT}: `)) {
    const rest = line.slice(ROOT.length + 2);
    return `${rest[0].toUpperCase()}${rest.slice(1)}`;
  }
  const m = LINE.exec(line);
  if (!m) return line;
  const [, path, rest] = m;
  const label = (PANEL_LABELS as Record<string, string>)[path.replace(/\[\d+\]$/, '')];
  if (label) return `${label}: ${rest}`;
  const source = /^noise\[(\d+)\]\.(\w+)/.exec(path);
  if (source) {
    const field = (SOURCE_LABELS as Record<string, string>)[source[2]];
    // mid-sentence: "Noise source 6, phase offset (µs): …"
    if (field) {
      return `Noise source ${Number(source[1]) + 1}, ${field[0].toLowerCase()}${field.slice(1)}: ${rest}`;
    }
  }
  return line;
}
