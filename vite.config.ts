import { readdirSync, readFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { REPORT_PAGE } from './src/published/anchors.ts';
import { renderReportPage } from './src/validation/report-page.ts';

/**
 * Copies scenarios/*.json into the build as plain files, so a link `?scenario=scenarios/x.json`
 * can fetch them (the dev server serves them from the project root already).
 */
function scenarioFiles(): Plugin {
  const folder = new URL('./scenarios/', import.meta.url);
  return {
    name: 'noiselab-scenario-files',
    apply: 'build',
    generateBundle() {
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.json'))) {
        this.emitFile({
          type: 'asset',
          fileName: `scenarios/${name}`,
          source: readFileSync(new URL(name, folder)),
        });
      }
    },
  };
}

/**
 * Writes docs/validation.md into the build as a page of its own (REPORT_PAGE), rendered from the
 * Markdown at build time with every text escaped, and serves the same page from the dev server,
 * so the lesson's links to the report work in both.
 */
function reportPage(): Plugin {
  const source = new URL('./docs/validation.md', import.meta.url);
  const render = () => renderReportPage(readFileSync(source, 'utf8'));
  return {
    name: 'noiselab-report-page',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (new URL(req.url ?? '/', 'http://dev').pathname !== `/${REPORT_PAGE}`) return next();
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(render());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: REPORT_PAGE, source: render() });
    },
  };
}

/**
 * Offline and installable (vite-plugin-pwa, Workbox): the service worker precaches every file of
 * the build — the page, every preset and worker chunk, the scenario files, the report page, the
 * icons — so a class whose Wi-Fi drops after the page opened can still change presets and open
 * every view, and the site opens with no network at all once visited. A new deployment is
 * installed in the background and waits: the page says so and reloads only when asked
 * (src/state/app-update.svelte.ts); the scenario on show is in the address and the autosave.
 */
function offline() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false, // src/main.ts registers it, to show the update prompt
    // globPatterns below take every file once, the icons included
    includeManifestIcons: false,
    manifest: {
      name: 'NoiseLab: operating-system noise on supercomputers',
      short_name: 'NoiseLab',
      description:
        'An interactive simulator of how operating-system noise slows bulk-synchronous programs on supercomputers.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#16325c',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,json,svg,png,webmanifest}'],
      // The page's main chunk is about 0.5 MB; the largest preset chunk 60 kB.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // A link (?preset=…, #s=…) is the page itself: served from the cache offline. Only the
      // site's folder or its index.html: a path under it (/lessons/foo) is not the page, and
      // served as the page its relative asset URLs missed and it stayed blank (a cold user).
      // Workbox tests these against the path and the query together.
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/\/(index\.html)?(\?.*)?$/],
      navigateFallbackDenylist: [/\/validation\.html$/, /\/scenarios\//],
      cleanupOutdatedCaches: true,
    },
  });
}

export default defineConfig({
  plugins: [svelte(), scenarioFiles(), reportPage(), offline()],
  // Relative asset URLs: the built site works from any folder (GitHub Pages, an iframe).
  base: './',
  worker: { format: 'es' },
});
