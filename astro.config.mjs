// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

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
  integrations: [react()],
  server: { port: 4322 },
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger files for the first screen: on a phone's network each file costs a round trip, and an
          // HTTP/1.1 browser asks for six at a time. The libraries every island uses are one file, and app modules
          // that at least four islands or lazy screens share are another. Libraries loaded only when a screen
          // asks for them (the chart, the QR code, the socket client) stay in their own lazy files.
          codeSplitting: {
            groups: [
              {
                name: 'vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores[\\/]react|i18next|ofetch|destr|ufo)[\\/]/,
                priority: 20,
              },
              { name: 'common', minShareCount: 4, priority: 10 },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:4321',
        '/ws': { target: 'ws://127.0.0.1:4321', ws: true },
        '/platform': 'http://127.0.0.1:4321',
      },
    },
  },
});
