// Types for what Vite adds to modules: CSS and asset imports, import.meta.env.
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
