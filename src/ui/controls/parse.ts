// Text typed into a control, turned into what the scenario holds. What cannot
// be read is passed on as typed, so the validator names the field and says
// what is allowed (one message style for files, links and the form).
import type { Placement } from '../../scenario/index.ts';

/** "1,024" → 1024, " 2.5e3 " → 2500; anything else stays the text it was. */
export function parseNumberText(text: string): number | string {
  const plain = text.trim().replace(/[,_\s]/g, '');
  if (plain === '') return text;
  const value = Number(plain);
  return Number.isFinite(value) ? value : text;
}

/**
 * A number as a field shows it: whole numbers as they are; others to six significant digits,
 * never fewer than the whole part (POP's solved work, 220672975.23809 µs·rank, reads
 * 220672975; 28346.931216931 reads 28346.9). Display only: a field commits only text the user
 * changed, so the scenario keeps the exact value.
 */
export function fieldNumberText(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const whole = Math.floor(Math.log10(Math.abs(value))) + 1;
  return whole >= 1
    ? String(Number(value.toFixed(Math.max(0, 6 - whole))))
    : String(Number(value.toPrecision(6)));
}

/** "0, 31" or "0 31" → [0, 31]; "" → []; unreadable entries stay text for the validator. */
export function parseIndexList(text: string): (number | string)[] {
  return text
    .split(/[\s,;]+/)
    .filter((t) => t !== '')
    .flatMap((t) => {
      const range = RANGE.exec(t);
      if (range) {
        const [a, b] = [Number(range[1]), Number(range[2])];
        // a range backwards or too long to be meant stays text, for the validator to name
        if (a <= b && b - a < MAX_RANGE) return Array.from({ length: b - a + 1 }, (_, k) => a + k);
        return [t];
      }
      const value = Number(t);
      return [Number.isFinite(value) && t.trim() !== '' ? value : t];
    });
}

/** "0-5" or "0–5": the indexes 0 to 5 */
const RANGE = /^(\d+)[-–](\d+)$/;
/** most indexes one range may stand for: a longer one is surely a slip, and stays text */
const MAX_RANGE = 100_000;

/** A core: "any" (the OS picks one) or a core index. */
export function parseCpu(text: string): number | string {
  const t = text.trim().toLowerCase();
  return t === 'any' || t === '' ? 'any' : parseNumberText(t);
}

/** [0, 31] → "0, 31"; three or more in a row are written as a range: [0, 1, 2, 3, 31] → "0–3, 31". */
export function formatIndexList(list: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length;) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === list[j] + 1) j++;
    if (j - i >= 2) {
      parts.push(`${list[i]}–${list[j]}`);
    } else {
      for (let k = i; k <= j; k++) parts.push(String(list[k]));
    }
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * The slow-nodes field (docs/slow-nodes.md): "" or "none" → null (no slow node); "2%" → a share
 * of the nodes, each slow with that probability in a run; "all" → every node; else node ids
 * ("5, 17"), unreadable entries left as text for the validator.
 */
export function parseSlowNodes(text: string): Placement | null {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'none') return null;
  if (t === 'all') return { kind: 'all' };
  if (t.endsWith('%')) {
    const pct = parseNumberText(t.slice(0, -1));
    // unreadable: passed on as text, for the validator to name
    return { kind: 'fraction', p: (typeof pct === 'number' ? pct / 100 : pct) as number };
  }
  return { kind: 'nodes', ids: parseIndexList(text) as number[] };
}

/** The slow nodes' placement as the field shows it (parseSlowNodes' inverse). */
export function formatSlowNodes(p: Placement | undefined): string {
  if (p === undefined) return '';
  switch (p.kind) {
    case 'all':
      return 'all';
    case 'fraction':
      return `${Number((p.p * 100).toPrecision(6))}%`;
    case 'nodes':
      return formatIndexList(p.ids);
    case 'clusterOffsets':
      return `offsets ${formatIndexList(p.offsets)}`;
  }
}
