import { readdirSync, readFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [svelte(), scenarioFiles()],
  // Relative asset URLs: the built site works from any folder (GitHub Pages, an iframe).
  base: './',
  worker: { format: 'es' },
});
