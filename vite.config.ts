import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  // Relative asset URLs: the built site works from any folder (GitHub Pages, an iframe).
  base: './',
  worker: { format: 'es' },
});
