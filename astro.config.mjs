// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { preloadIslandModules } from './scripts/module-preload.ts';

/**
 * Static output only: every page is pre-rendered per locale into dist/, which the Node server (or any CDN)
 * serves. Each page is a folder (`/user/login` → `user/login/index.html`), so `/home` and
 * `/home/index` can both exist; addresses have no trailing slash.
 */
export default defineConfig({
  // Absolute canonical, hreflang and sitemap addresses need the public origin: PUBLIC_SITE_URL at build time.
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    react(),
    {
      name: 'module-preload',
      hooks: { 'astro:build:done': ({ dir }) => void preloadIslandModules(fileURLToPath(dir)) },
    },
  ],
  server: { port: 4322 },
  devToolbar: { enabled: false },
  vite: {
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:4321',
        '/ws': { target: 'ws://127.0.0.1:4321', ws: true },
        '/platform': 'http://127.0.0.1:4321',
      },
    },
  },
});
