// Citations a student can read. The data cite a paper by its seed number in ../shared/seeds/ and
// a place in it ("000 Table 3", "003 sec 4, Fig 1; 002 slides 24–26"): short, stable, and what
// tests, the validation report and CSV exports key on. The page shows author and year instead
// ("Petrini, Kerbyson and Pakin 2003, Table 3"), and a reference to the validation report
// ("docs/validation.md, target 6") as a link to the built site's copy of it. Pure: strings in,
// strings and runs out.
import type { Inline } from '../format/markdown.ts';
import { REPORT_PAGE, targetAnchor } from './anchors.ts';
import { authorYear, isSeedKey, SEEDS, type SeedKey } from './seeds.ts';

// A seed number, not part of a larger number ("1,000", "0.003", "2 004").
const KEY = String.raw`(?<![\d.,]|\d )\b(00\d)\b(?![.,]?\d)`;
// A place: "sec 3.2", "Figs 11–13", "Fig 14(b)", "slides 62, 69", "Finding #2", "Figs 6 and 7",
// "sec 3.1 (Mystery #2)", "Fig 18(a)–(c)", "summary slides", slides "HALO on Franklin".
const REF = String.raw`#?\d+(?:\.\d+)*(?:\([a-z]\))?`;
const RANGE = String.raw`${REF}(?: ?[–-] ?(?:${REF}|\([a-z]\)))?`;
const REFS = String.raw`${RANGE}(?:(?:, | and )${RANGE})*`;
const WORD = String.raw`(?:sec|secs|Table|Tables|Fig|Figs|Figure|Figures|slide|slides|Finding|footnote)`;
// Slides without numbers are named by their titles: slides "HALO on Jaguarcnl" and "…".
const TITLE = String.raw`(?:"[^"]+"|“[^”]+”)`;
const TITLED = String.raw`slides? ${TITLE}(?:(?:, | and )${TITLE})*`;
const PLACE = String.raw`(?:${WORD} ${REFS}(?: \([^()]+\))?|summary slides|${TITLED})`;
const PLACES = String.raw`${PLACE}(?:(?:, | and )${PLACE})*`;
const CITE = new RegExp(String.raw`${KEY}(?: (${PLACES}))?`, 'g');

/** "docs/validation.md" or "docs/validation.md, target 6" (the target's number). */
const REPORT = /docs\/validation\.md(?:, target (\d+))?/g;

/** The built report page, or one target's section of it: "./validation.html#target-6". */
export function reportHref(target?: number): string {
  return `./${REPORT_PAGE}${target === undefined ? '' : `#${targetAnchor(target)}`}`;
}

/** A place as the page writes it: "sec 3.2" → "sec. 3.2". */
const place = (where: string) => where.replace(/\b(secs?) (?=\d)/g, '$1. ');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text before a citation names its authors ("Worley’s slides (", "Kramer and Ryan ("). */
function narrative(key: SeedKey, before: string): boolean {
  return new RegExp(`${escape(SEEDS[key].authors)}(?:’s [\\w-]+)? \\($`).test(before);
}

/** Every citation in `text` as author and year, places kept ("sec" → "sec."). */
function citations(text: string): string {
  let out = '';
  let last = 0;
  let lastKey: SeedKey | null = null;
  for (const m of text.matchAll(CITE)) {
    const key = m[1];
    if (!isSeedKey(key)) continue; // 005–009: no such paper; left as written
    const between = text.slice(last, m.index);
    const where = m[2] === undefined ? '' : place(m[2]);
    out += between;
    if (lastKey === key && between === '; ' && where !== '') {
      // "003 Table 2; 003 Table 1": one author-year, both places
      out += where;
    } else if (narrative(key, text.slice(0, m.index))) {
      // "Kramer and Ryan (001 Table 2)" → "Kramer and Ryan (2003, Table 2)"
      out += `${SEEDS[key].year}${where ? `, ${where}` : ''}`;
    } else {
      out += `${authorYear(key)}${where ? `, ${where}` : ''}`;
    }
    last = m.index + m[0].length;
    lastKey = key;
  }
  return out + text.slice(last);
}

/**
 * Running prose with its citations readable and each reference to the validation report a link
 * to the report page: "(docs/validation.md, target 6)" → "(" + link "validation report, target
 * 6" + ")".
 */
export function readableRuns(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (t: string) => {
    if (t !== '') out.push({ kind: 'text', text: citations(t) });
  };
  for (const m of text.matchAll(REPORT)) {
    push(text.slice(last, m.index));
    const target = m[1] === undefined ? undefined : Number(m[1]);
    out.push({
      kind: 'link',
      text: target === undefined ? 'the validation report' : `validation report, target ${target}`,
      href: reportHref(target),
    });
    last = m.index + m[0].length;
  }
  push(text.slice(last));
  return out;
}

/** `readableRuns` as one string (a link keeps its text): for tooltips, titles, live regions. */
export function readableText(text: string): string {
  return readableRuns(text)
    .map((r) => r.text)
    .join('');
}

/** A citation from the data: "003 Table 2; 003 Table 1" → "Oral et al. 2010, Table 2; Table 1". */
export function readableCite(cite: string): string {
  return readableText(cite);
}

/**
 * Parsed Markdown made readable (the teacher's notes): citations in its text, and the report's
 * path as code (`docs/validation.md`) becomes a link like the one in prose.
 */
export function readableInlines(runs: readonly Inline[]): Inline[] {
  return runs.flatMap((r): Inline[] => {
    if (r.kind === 'text') return readableRuns(r.text);
    if (r.kind === 'bold') return [{ kind: 'bold', text: readableText(r.text) }];
    if (r.kind === 'code' && r.text.startsWith('docs/validation.md')) return readableRuns(r.text);
    return [r];
  });
}
