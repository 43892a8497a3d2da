// Global setup of the browser tests: the site is built once, as `npm run build` builds it, into
// a folder of this run's own (.site-PID, so two suites at once never serve each other
// half-written files); every test file serves that build (site.ts). Removed at the end. `npm
// test` builds it once for all its Vitest runs and names it in NOISELAB_SITE, used as it is.
// Not under .check/: `npm test` empties that folder when it starts, and a browser bench running
// beside it lost its site in the middle (every page after that a failed request).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the built site's folder, absolute */
    siteDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the site as `npm run build` does into .site-PID; returns the folder (absolute). */
export function buildSite(): string {
  const dir = join(root, `.site-${process.pid}`);
  // A child process, so the build sees no NODE_ENV=test from Vitest.
  const env = { ...process.env };
  delete env.NODE_ENV;
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', dir],
    { cwd: root, env, stdio: 'inherit' },
  );
  return dir;
}

export function removeSite(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Builds the site, or takes the one `NOISELAB_SITE` names (absolute; `npm test` builds it once
 * for all its browser runs, and removes it itself).
 */
export default function setup(project: TestProject): () => void {
  const given = process.env.NOISELAB_SITE;
  if (given && !existsSync(join(given, 'index.html')))
    throw new Error(`NOISELAB_SITE=${given}: no built site there (no index.html)`);
  const dir = given || buildSite();
  project.provide('siteDir', dir);
  return () => {
    if (!given) removeSite(dir);
  };
}
