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

/** "0, 31" or "0 31" → [0, 31]; "" → []; unreadable entries stay text for the validator. */
export function parseIndexList(text: string): (number | string)[] {
  return text
    .split(/[\s,;]+/)
    .filter((t) => t !== '')
    .map((t) => {
      const value = Number(t);
      return Number.isFinite(value) && t.trim() !== '' ? value : t;
    });
}

/** A core: "any" (the OS picks one) or a core index. */
export function parseCpu(text: string): number | string {
  const t = text.trim().toLowerCase();
  return t === 'any' || t === '' ? 'any' : parseNumberText(t);
}

/** [0, 31] → "0, 31". */
export function formatIndexList(list: readonly number[]): string {
  return list.join(', ');
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
