// What the page says went wrong, as titled lists of lines: the same words on the full page
// (PageNotices) and in embed mode (EmbedPage). Every problem keeps the previous state on show.
import type { LinkFix, LoadFailure } from './scenario.svelte.ts';

/** What a problem is about: a notice the reader may close names it (PageController.dismissProblem). */
export type ProblemKey = 'url' | 'view' | 'link' | 'unfinished' | 'autosave' | 'failure' | 'run';

/** The problems a reader may close: each is about something already done and kept on show. */
export const DISMISSABLE: ReadonlySet<ProblemKey> = new Set([
  'view',
  'link',
  'autosave',
  'failure',
]);

export interface PageProblem {
  key: ProblemKey;
  title: string;
  lines: string[];
  /** a link that opens what was most likely meant */
  fix?: LinkFix;
}

export interface ProblemSources {
  /** a file, link, lesson or preset that could not be loaded */
  failure: LoadFailure | null;
  /** the engine's error when a run stopped */
  runError: string | null;
  /** why the address bar cannot hold the scenario ('' or null when it can) */
  urlProblem?: string | null;
  /** a link's view settings this version could not use */
  viewProblems?: readonly string[];
  /** a link's lesson or challenge part that names nothing */
  linkProblems?: readonly string[];
  /** why this browser's autosave could not be restored */
  autosaveProblem?: string | null;
  /** the restored scenario's run never ended on the last visit */
  unfinishedRun?: boolean;
}

/** The problems to show, most useful first; [] when all is well. */
export function pageProblems(p: ProblemSources): PageProblem[] {
  const out: PageProblem[] = [];
  if (p.urlProblem) {
    out.push({
      key: 'url',
      title: 'The address bar cannot hold this scenario; use Export to share it as a file.',
      lines: [p.urlProblem],
    });
  }
  if (p.viewProblems && p.viewProblems.length > 0) {
    out.push({
      key: 'view',
      title: 'Some view settings of the link were not understood; they are at their defaults.',
      lines: [...p.viewProblems],
    });
  }
  if (p.linkProblems && p.linkProblems.length > 0) {
    out.push({
      key: 'link',
      title: 'Part of this link was not understood; the rest of it opened.',
      lines: [...p.linkProblems],
    });
  }
  if (p.unfinishedRun) {
    out.push({
      key: 'unfinished',
      title: 'The scenario you were editing is back, but not run.',
      lines: [
        'Its run did not end on your last visit (the page was closed or stopped answering ' +
          'during it). Press Run to run it, or Reset for the preset.',
      ],
    });
  }
  if (p.autosaveProblem) {
    out.push({
      key: 'autosave',
      title: 'The scenario you were editing last time could not be restored, so a preset is shown.',
      lines: [p.autosaveProblem],
    });
  }
  if (p.failure) {
    out.push({
      key: 'failure',
      title:
        p.failure.title ?? `Could not load ${p.failure.fileName}; the scenario shown is unchanged.`,
      lines: p.failure.lines,
      ...(p.failure.fix ? { fix: p.failure.fix } : {}),
    });
  }
  if (p.runError) out.push({ key: 'run', title: 'The simulation stopped.', lines: [p.runError] });
  return out;
}
