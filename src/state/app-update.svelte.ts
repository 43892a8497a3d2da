// The site as an installed, offline app (vite.config.ts, the service worker): whether every file
// is cached for offline use, and whether a newer version has been deployed and waits. It never
// reloads by itself: `update()` is the user's Reload. The registration is passed in (main.ts
// gives vite-plugin-pwa's registerSW), so the state is tested without a service worker.

/** What the registration reports, and how to ask for the waiting version. */
export interface Registration {
  onNeedRefresh: (f: () => void) => void;
  onOfflineReady: (f: () => void) => void;
  /** activates the waiting version and reloads the page */
  activate: () => Promise<void>;
}

export class AppUpdate {
  #waiting = $state(false);
  #offlineReady = $state(false);
  #dismissed = $state(false);
  #activate: (() => Promise<void>) | null = null;

  /** Follows a registration; none where service workers are not available (or in dev). */
  constructor(registration: Registration | null = null) {
    if (!registration) return;
    this.#activate = registration.activate;
    registration.onNeedRefresh(() => {
      this.#waiting = true;
      this.#dismissed = false;
    });
    registration.onOfflineReady(() => (this.#offlineReady = true));
  }

  /** a newer version is installed and waits for a reload the user asks for */
  get available(): boolean {
    return this.#waiting && !this.#dismissed;
  }

  /** every file of this version is cached: the site works offline */
  get offlineReady(): boolean {
    return this.#offlineReady;
  }

  /** Reload into the new version (the scenario is in the address and the autosave). */
  async update(): Promise<void> {
    await this.#activate?.();
  }

  /** Later: the notice goes; the new version is used at the next visit. */
  dismiss(): void {
    this.#dismissed = true;
  }
}
