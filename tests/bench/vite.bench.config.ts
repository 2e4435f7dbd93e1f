import { defineConfig } from 'vite';

/**
 * The bench page (tests/bench/page), built on its own, never into the app's dist: the bench serves it
 * beside a copy of dist under /bench-page/, so it talks to /graphql from the same origin as the app does.
 */
export default defineConfig({
  root: 'tests/bench/page',
  base: '/bench-page/',
  logLevel: 'warn',
  build: { outDir: '../../../.tmp/bench-static/bench-page', emptyOutDir: true, target: 'es2022' },
});
