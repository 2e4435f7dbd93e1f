import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunk } from './scripts/vite-first-screen-chunk.ts';
import { noRuntimeParser, precompiledMessages } from './scripts/vite-precompiled-messages.ts';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    precompiledMessages(),
    VitePWA({
      // The "new version available" prompt decides when to switch (DESIGN.md §3, issue 2 item 9).
      registerType: 'prompt',
      injectRegister: null,
      // public/manifest.webmanifest is the manifest; index.html links it.
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        // The server's own pages and files: a calendar feed, an unsubscribe link, an uploaded file opened in a tab, the
        // salon's booking page and its manage links (a page of its own, vite.book.config.ts).
        navigateFallbackDenylist: [/^\/graphql/, /^\/altcha/, /^\/calendar\//, /^\/unsubscribe\//, /^\/files\//, /^\/book\//],
        cleanupOutdatedCaches: true,
        // The first service worker takes the open tab at once: a salon computer signs in and works all day in that
        // one tab, and without this every page and dialog it had not opened yet would fail once the line drops.
        // An update still waits for the prompt (no skipWaiting): only a tab with no worker is taken.
        clientsClaim: true,
        // A tab that missed that claim asks for it again (public/sw-claim.js, decision 056).
        importScripts: ['sw-claim.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // Every text file also as .br and .gz, served by Accept-Encoding (server/static.ts): a salon on a slow line
    // pays for every byte of the first visit. The precache globs above never pick the copies up.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // react-intl and @formatjs/intl each carry a nested copy of the message parser and formatter (the app's
    // own intl-messageformat is a patch newer): one copy in the bundle, not two (initial JS, DESIGN.md §10).
    dedupe: ['intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser'],
    alias: [noRuntimeParser],
  },
  server: {
    proxy: { '/graphql': { target: 'http://localhost:4000', ws: true }, '/altcha': 'http://localhost:4000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk, not some 25 small ones: each file before the first
        // paint is a request, and a phone on a slow line pays a round trip per few of them (issue 23). Likewise the
        // salon layout's and appointments page's modules (decision 097).
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 20 },
            // Only the modules named: a dependency the landing page shares stays out (no recursive capture).
            { name: firstScreenChunk(), priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
