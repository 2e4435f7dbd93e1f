import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { noRuntimeParser, precompiledMessages } from './scripts/vite-precompiled-messages.ts';

/**
 * The booking page clients open (issue 61, decision 091): its own build from book.html into dist/book, served by the
 * server at /book/{slug} and /book/manage/{token} with the page's data written in. No service worker, no panel code:
 * its React components run on Preact, with the page's messages and its steps; the details form (schema, phone rules,
 * proof of work) loads after.
 */
export default defineConfig({
  base: '/book/',
  // The panel's public files (icons, manifest, service worker helper) are the panel's: none is copied here.
  publicDir: false,
  plugins: [
    react(),
    precompiledMessages(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|json|svg|txt)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    dedupe: ['intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser'],
    alias: [
      noRuntimeParser,
      // React's API on Preact (decision 091): React alone is 69 KB gzip of the page's 80 KB before first paint.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    proxy: { '/graphql': 'http://localhost:4000', '/altcha': 'http://localhost:4000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist/book',
    emptyOutDir: true,
    rolldownOptions: { input: 'book.html' },
  },
});
