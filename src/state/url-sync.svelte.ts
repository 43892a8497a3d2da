// The address bar follows the scenario: after every change the URL is replaced (no new history
// entry) by the link that reproduces it (share-url.ts), except that a lesson's step is an entry of
// its own, so that the browser's Back goes to the step before (it left the page: a student
// thought the lesson had thrown them out); `link` holds the whole URL for
// "Copy link". Writes are asynchronous (the hash is compressed); the latest one wins. The
// classroom's parameters (`projector=1`, `embed=…`: classroom-params.ts) stay in the address
// through every rewrite, but only the view on the stage (`show=`) goes into `link`: the others
// are how this page looks, not what it shows.

import { withChallengeParams, withoutChallengeParams } from './challenge-params.ts';
import { readLessonParams, withLessonParams, withoutLessonParams } from './lesson-params.ts';
import type { Scenario } from '../scenario/types.ts';
import { classroomPart, viewPart, withClassroom, withoutClassroom } from './classroom-params.ts';
import { loadRelease, PRESETS, STARTUP_PRESET_ID, versionOf } from './presets.ts';
import { releasesOf } from './preset-releases.ts';
import {
  fetchSiteText,
  linkFor,
  openLink,
  withoutVersion,
  type Opened,
  type ShareState,
} from './share-url.ts';
import type { ViewValue } from './url-codec.ts';

export class UrlSync {
  #link = $state('');
  /** why the URL could not hold the scenario (too long); null when it does */
  #problem = $state<string | null>(null);
  #request = 0;

  /** the page's whole URL once written; '' before the first write */
  get link(): string {
    return this.#link;
  }
  get problem(): string | null {
    return this.#problem;
  }

  /** the address's query as it is now ('' or `?…`) */
  get search(): string {
    return location.search;
  }

  /** The address without the preset version it pins (`v=`): the same link on today's release. */
  dropVersion(): void {
    try {
      history.replaceState(
        history.state,
        '',
        `${location.pathname}${withoutVersion(location.search)}`,
      );
    } catch {
      // a sandboxed frame: the next read() still sees the version, and opens it pinned
    }
  }

  /** What the page's current address opens (a hash first, else the query); never throws. */
  read(): Promise<Opened> {
    // The lesson's and the challenge's parameters (lesson-params.ts, challenge-params.ts) are read by
    // them, not here.
    const search = withoutChallengeParams(withoutLessonParams(withoutClassroom(location.search)));
    return openLink(search, location.hash, {
      presets: PRESETS,
      releases: releasesOf,
      loadRelease,
      defaultPresetId: STARTUP_PRESET_ID,
      fetchText: (path) => fetchSiteText(path, document.baseURI),
    });
  }

  /**
   * Replaces the address with the link of `state` plus `lesson` (`lesson=…&answers=…`, or '')
   * and `challenge` (`challenge=<id>`, or ''); an older write finishing later is dropped.
   * `keepAddress`: only `link` (Copy link) is set, and the address keeps what it holds (a broken
   * link, left there to be mended).
   */
  async write(state: ShareState, lesson = '', challenge = '', keepAddress = false): Promise<void> {
    const request = ++this.#request;
    let suffix: string;
    try {
      suffix = withChallengeParams(withLessonParams(await linkFor(state), lesson), challenge);
    } catch (e) {
      if (request !== this.#request) return;
      this.#problem = (e as Error).message;
      this.#link = ''; // nothing to copy: Copy link is disabled
      return;
    }
    if (request !== this.#request) return;
    // The page's address without its query and hash, then the link (and the classroom's part).
    const page = `${location.origin}${location.pathname}`;
    const next = `${page}${withClassroom(suffix, classroomPart(location.search))}`;
    try {
      if (!keepAddress && next !== location.href) {
        // another step of a lesson: an entry of its own (PageController.historyMoved follows it)
        const was = readLessonParams(location.search).step;
        const now = lesson ? readLessonParams(`?${lesson}`).step : null;
        if (was !== null && now !== null && was !== now) history.pushState(history.state, '', next);
        else history.replaceState(history.state, '', next);
      }
    } catch {
      // A sandboxed frame may refuse; Copy link still has the link.
    }
    this.#problem = null;
    // The shared link opens on the same view (show=), not in the same projector or embed mode.
    this.#link = `${page}${withClassroom(suffix, viewPart(location.search))}`;
  }
}

/** The share state of a scenario on show, from ScenarioState's fields. */
export function shareState(
  current: Scenario,
  presetId: string | null,
  loaded: Scenario,
  view: Record<string, ViewValue> = {},
) {
  // The version of the preset as loaded (an older release, for a pinned link), when it is one.
  const known = presetId === null ? undefined : versionOf(loaded);
  const version = known?.id === presetId ? known.version : undefined;
  return {
    scenario: current,
    preset: presetId === null ? null : { id: presetId, scenario: loaded, version },
    view,
  } satisfies ShareState;
}
