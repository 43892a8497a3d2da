// The classroom's parameters of the address, apart from the scenario's own (query-params.ts):
// `projector=1` (large type, thick lines, light background), `show=<view>` (the view on the
// stage), `embed=<view>` (one view and its essential controls, for an iframe) and
// `links=0` (no outbound link or sharing, for a locked-down page). They describe how the page
// looks, not the scenario: the scenario's link (Copy link, QR code) carries only the view on the
// stage (`show`), but the address bar keeps them all through the page's own rewrites
// (url-sync.svelte.ts). Pure: no DOM.

/** The nine views of the page (the stage's tabs), by the name a link gives them; `tab` is the
 * tab's short label. */
export const VIEWS = [
  { id: 'timeline', title: 'Timeline of a few iterations', tab: 'Timeline', short: 'Timeline' },
  { id: 'latency', title: 'Latency against machine size', tab: 'Latency', short: 'Latency' },
  { id: 'resonance', title: 'Slowdown against granularity', tab: 'Resonance', short: 'Resonance' },
  { id: 'cycle-time', title: 'Cycle time against processors', tab: 'Cycle time', short: 'Cycle' },
  { id: 'loss', title: 'Lost time by event duration', tab: 'Lost time', short: 'Loss' },
  { id: 'iterations', title: 'Iteration times', tab: 'Iterations', short: 'Iterations' },
  { id: 'node-map', title: 'Noise per node', tab: 'Per node', short: 'Nodes' },
  {
    id: 'ripple',
    title: 'One delay: halo exchange against barrier',
    tab: 'Ripple',
    short: 'Ripple',
  },
  {
    id: 'variability',
    title: "Run to run: how different each run's time is",
    tab: 'Run to run',
    short: 'Runs',
  },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** The views that draw a barrier workload only (the latency and resonance sweeps vary a barrier
 * loop; the engine traces and measures per-node delays of the barrier loop alone): on another
 * workload they say so instead of a picture, so a lesson step or a challenge must not open on
 * them with one. */
export const BARRIER_VIEWS: readonly ViewId[] = ['timeline', 'latency', 'resonance', 'node-map'];

/** The view a page opens on when its address names none: the timeline shows what is simulated
 * (nodes computing, noise stopping one, everyone waiting at the barrier). */
export const DEFAULT_VIEW: ViewId = 'timeline';

export const VIEW_IDS: readonly ViewId[] = VIEWS.map((v) => v.id);

/** The parameters this file reads, in the order withClassroom writes them. */
export const CLASSROOM_PARAMETERS = ['projector', 'show', 'embed', 'links'] as const;

export interface ClassroomParams {
  projector: boolean;
  /** the view on the stage; null: the default (DEFAULT_VIEW) */
  show: ViewId | null;
  /** `show=` named no view: the name as given (the page says so and opens the default view) */
  badShow: string | null;
  /** the view an embed shows; null when the page is not embedded */
  embed: ViewId | null;
  /** `embed=` named no view: the name as given (the page explains, it never goes blank) */
  badEmbed: string | null;
  /** false: no outbound link, no sharing */
  links: boolean;
}

export function isViewId(text: string): text is ViewId {
  return (VIEW_IDS as readonly string[]).includes(text);
}

const plainName = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/**
 * The view a link names, by its id (`variability`) or by a label the page shows for it (its tab
 * "Run to run", its short name "Runs"), in any case and with spaces, dashes or underscores;
 * null when it names none.
 */
export function viewNamed(text: string): ViewId | null {
  const name = plainName(text);
  const view = VIEWS.find(
    (v) => v.id === name || plainName(v.tab) === name || plainName(v.short) === name,
  );
  return view ? view.id : null;
}

/** What a page says of a `show=` that names no view: the name and the names it knows. */
export function unknownViewLine(name: string): string {
  // both labels a tab shows: its name, and its short name on a narrow stage (a projector's)
  const known = VIEWS.map((v) =>
    v.short === v.tab ? `${v.id} (“${v.tab}”)` : `${v.id} (“${v.tab}”, “${v.short}”)`,
  ).join(', ');
  return `show=${name}: no view has that name; the views are ${known}`;
}

const params = (search: string) =>
  new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** `1`, `true`, `yes`, `on` and an empty value (`?projector`) mean on; anything else off. */
const on = (value: string | null) => value !== null && /^(|1|true|yes|on)$/i.test(value);

/** What `search` asks of the classroom; never throws (a bad view name is reported, not thrown). */
export function parseClassroom(search: string): ClassroomParams {
  const p = params(search);
  const embed = p.get('embed');
  const show = p.get('show');
  const links = p.get('links');
  const shown = show === null ? null : viewNamed(show);
  const embedded = embed === null ? null : viewNamed(embed);
  return {
    projector: on(p.get('projector')),
    show: shown,
    badShow: show !== null && shown === null ? show : null,
    embed: embedded,
    badEmbed: embed !== null && embedded === null ? embed : null,
    links: links === null || !/^(0|false|no|off)$/i.test(links),
  };
}

const isClassroom = (pair: string) => {
  const name = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return (CLASSROOM_PARAMETERS as readonly string[]).includes(decodeURIComponent(name));
  } catch {
    return false; // a malformed name is the scenario query's to report
  }
};

/** `search` without the classroom's parameters ('' when nothing else is left); the others are
 * kept exactly as written. */
export function withoutClassroom(search: string): string {
  const body = search.startsWith('?') ? search.slice(1) : search;
  const rest = body.split('&').filter((pair) => pair !== '' && !isClassroom(pair));
  return rest.length === 0 ? '' : `?${rest.join('&')}`;
}

/** Only the view on the stage of `search`, as `show=<view>` ('' when it names none): the one
 * classroom parameter a shared link carries (a link to the resonance curve opens on it). The
 * address names a view only when it is not the scenario's own first one (Classroom.show), so
 * `show=timeline` is kept: it is there because the scenario opens on another view (a halo's
 * iteration times), and the link must open on the timeline all the same. */
export function viewPart(search: string): string {
  const show = params(search).get('show');
  const view = show === null ? null : viewNamed(show);
  return view !== null ? `show=${view}` : '';
}

/** Only the classroom's parameters of `search`, as `a=1&b=2` ('' when none). */
export function classroomPart(search: string): string {
  const p = params(search);
  const kept = new URLSearchParams();
  for (const name of CLASSROOM_PARAMETERS) {
    for (const value of p.getAll(name)) kept.append(name, value);
  }
  return kept.toString();
}

/**
 * A scenario link (`''`, `?preset=…` or `#s=1.…`, as share-url.ts writes it) with the classroom
 * part `part` (classroomPart) added to its query: `?preset=x&nodes=4&projector=1`,
 * `?projector=1#s=1.…`.
 */
export function withClassroom(link: string, part: string): string {
  if (part === '') return link;
  const hashAt = link.indexOf('#');
  const query = hashAt < 0 ? link : link.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  const joined = query === '' || query === '?' ? `?${part}` : `${query}&${part}`;
  return `${joined}${hash}`;
}

/** `search` with the classroom's parameters set to `state` (defaults left out); others kept. */
export function classroomSearch(search: string, state: ClassroomParams): string {
  const part = new URLSearchParams();
  if (state.projector) part.set('projector', '1');
  if (state.show !== null) part.set('show', state.show);
  if (state.embed !== null) part.set('embed', state.embed);
  else if (state.badEmbed !== null) part.set('embed', state.badEmbed);
  if (!state.links) part.set('links', '0');
  return withClassroom(withoutClassroom(search), part.toString());
}
