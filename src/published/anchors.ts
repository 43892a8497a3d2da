// Where a target of the validation report is: its heading in docs/validation.md (report.ts
// writes it), the anchor GitHub gives that heading, and the stable id the built report page
// (validation.html, report-page.ts) gives it, which the lesson links to. The ids hold while a
// target's title changes; GitHub's anchors do not.

/** The built site's copy of docs/validation.md, relative to the site's root. */
export const REPORT_PAGE = 'validation.html';

/** A target's heading: "6. Figure 15: removing the noise …". */
export function targetHeading(number: number, title: string): string {
  return `${number}. ${title}`;
}

/** The number a target's heading starts with, or null for any other heading. */
export function targetNumber(heading: string): number | null {
  const m = /^(\d+)\. \S/.exec(heading);
  return m ? Number(m[1]) : null;
}

/** The report page's id for target `n`'s section: "target-6". */
export function targetAnchor(n: number): string {
  return `target-${n}`;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function githubAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}
