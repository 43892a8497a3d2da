// How the page is shown: the view on the stage, projector mode, embed mode and whether links are
// allowed. Read once from the address; the view and projector mode change from the page (a tab,
// a button, a shortcut) and go back into the address, so a reload keeps them. Embed mode and `links=0` are the embedding page's choice: fixed.

import {
  classroomSearch,
  DEFAULT_VIEW,
  parseClassroom,
  VIEW_IDS,
  type ClassroomParams,
  type ViewId,
} from './classroom-params.ts';

export class Classroom {
  #projector = $state(false);
  #show = $state<ViewId | null>(null);
  #fallback = $state<ViewId>(DEFAULT_VIEW);
  readonly #embed: ViewId | null;
  readonly #badEmbed: string | null;
  readonly #badShow: string | null;
  readonly #links: boolean;

  constructor(search: string) {
    const p = parseClassroom(search);
    this.#projector = p.projector;
    this.#show = p.show;
    this.#embed = p.embed;
    this.#badEmbed = p.badEmbed;
    this.#badShow = p.badShow;
    this.#links = p.links;
  }

  get projector(): boolean {
    return this.#projector;
  }
  set projector(on: boolean) {
    this.#projector = on;
  }

  /** the view on the stage as the address names it (`show=`); null: the default view */
  get show(): ViewId | null {
    return this.#show;
  }
  /** A view chosen as the scenario's default is no choice: the stage follows the scenario's. */
  set show(view: ViewId | null) {
    this.#show = view === this.#fallback ? null : view;
  }

  /**
   * Puts `view` on the stage and keeps it there when the scenario changes: a lesson step's or a
   * challenge's view, set as its scenario is being loaded, stays even when it is the default of
   * the scenario before (the iteration times, after a phase workload) and not of the new one.
   */
  pin(view: ViewId): void {
    this.#show = view;
  }

  /**
   * The lesson or challenge is left: a pinned view that is the scenario's default is no choice
   * any more, so the stage follows the scenario again (a phase workload loaded next opens on its
   * iteration times, not on a timeline it cannot draw).
   */
  unpin(): void {
    if (this.#show === this.#fallback) this.#show = null;
  }

  /**
   * The view on the stage when the address names none: the timeline, or the iteration times for
   * a workload the timeline cannot show (the page sets it from the scenario on show).
   */
  set fallback(view: ViewId) {
    this.#fallback = view;
  }

  /** the view on the stage */
  get view(): ViewId {
    return this.#show ?? this.#fallback;
  }
  set view(view: ViewId) {
    this.show = view;
  }

  get embed(): ViewId | null {
    return this.#embed;
  }
  /** `show=` named no view: the name given (the page opened its default view) */
  get badShow(): string | null {
    return this.#badShow;
  }
  /** `embed=` named no view: the name given */
  get badEmbed(): string | null {
    return this.#badEmbed;
  }
  /** embedded, with a good view name or not: the page shows no full layout */
  get embedded(): boolean {
    return this.#embed !== null || this.#badEmbed !== null;
  }
  get links(): boolean {
    return this.#links;
  }

  /** The next (`step` 1) or previous (−1) view on the stage, wrapping. */
  step(step: 1 | -1): void {
    const n = VIEW_IDS.length;
    this.view = VIEW_IDS[(VIEW_IDS.indexOf(this.view) + step + n) % n];
  }

  get params(): ClassroomParams {
    return {
      projector: this.#projector,
      show: this.show,
      badShow: this.#badShow,
      embed: this.#embed,
      badEmbed: this.#badEmbed,
      links: this.#links,
    };
  }

  /** The address's query with this state in it (the scenario's parameters untouched). */
  search(current: string): string {
    return classroomSearch(current, this.params);
  }
}
