import { readdirSync, readFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [svelte(), scenarioFiles(), reportPage()],
  // Relative asset URLs: the built site works from any folder (GitHub Pages, an iframe).
  base: './',
  worker: { format: 'es' },
});
