// The browser entry: registers the service worker (offline use, installed app, updates that
// wait for the user: vite.config.ts) and mounts the app.
import { mount } from 'svelte';
import { registerSW } from 'virtual:pwa-register';
import { AppUpdate, type Registration } from './state/app-update.svelte.ts';
import { preloadPreset } from './state/presets.ts';
import App from './ui/App.svelte';
import './ui/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

/** The service worker's registration, in a build served where service workers run. */
function registration(): Registration | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  let needRefresh = () => {};
  let offlineReady = () => {};
  const activate = registerSW({
    onNeedRefresh: () => needRefresh(),
    onOfflineReady: () => offlineReady(),
    // A page in a sandboxed frame, or a browser that refuses it: the site still works online.
    onRegisterError: () => {},
  });
  return {
    onNeedRefresh: (f) => (needRefresh = f),
    onOfflineReady: (f) => (offlineReady = f),
    activate: () => activate(true),
  };
}

// The preset a link opens: its file is on its way while the page mounts.
const linked = new URLSearchParams(location.search).get('preset');
if (linked !== null) preloadPreset(linked);

export default mount(App, { target, props: { update: new AppUpdate(registration()) } });
