import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { noRuntimeParser, precompiledMessages } from '../../scripts/vite-precompiled-messages.ts';

/**
 * The bench pages (tests/bench/page), built on their own, never into the app's dist: the bench serves them
 * beside a copy of dist under /bench-page/, so they talk to /graphql from the same origin as the app does.
 * index.html runs the sync engine; timetable.html the timetable and react-big-calendar (whose CSS only
 * this build sees). The catalogs are built as the app's are (parsed, in their parts).
 */
export default defineConfig({
  root: 'tests/bench/page',
  base: '/bench-page/',
  logLevel: 'warn',
  plugins: [react(), precompiledMessages()],
  resolve: { alias: [noRuntimeParser] },
  build: {
    outDir: '../../../.tmp/bench-static/bench-page',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: { index: resolve('tests/bench/page/index.html'), timetable: resolve('tests/bench/page/timetable.html') } },
  },
});
