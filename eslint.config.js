import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (DESIGN.md §2): routes → ui, db, sync, api, domain; sync → db, api, domain; db → domain;
 * server → domain; domain imports nothing of ours; nothing in src imports server.
 */
const ban = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});
const UI_LIBS = ['react', 'react-dom', 'react-dom/*', 'react-intl', 'dexie', 'dexie-react-hooks', 'graphql-request', 'graphql-ws', '@tanstack/*', 'react-aria-components'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/routeTree.gen.ts', 'src/api/generated.ts', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: ban(['**/server/**', '**/server'], 'src/ must not import server/.') },
  {
    files: ['src/domain/**/*.ts'],
    rules: ban(['../db/*', '../sync/*', '../api/*', '../ui/*', '../routes/*', '../i18n/*', '../../*', '**/server/**', ...UI_LIBS], 'src/domain is pure: no React, storage, network or other layers.'),
  },
  { files: ['src/db/**/*.{ts,tsx}'], rules: ban(['../sync/*', '../api/*', '../ui/*', '../routes/*', '**/server/**', 'react-intl'], 'db may import only domain.') },
  { files: ['src/sync/**/*.{ts,tsx}'], rules: ban(['../ui/*', '../routes/*', '**/server/**'], 'sync may import db, api and domain only.') },
  { files: ['src/api/**/*.{ts,tsx}'], rules: ban(['../db/*', '../sync/*', '../ui/*', '../routes/*', '**/server/**'], 'api may import domain only.') },
  { files: ['src/ui/**/*.{ts,tsx}'], rules: ban(['../routes/*', '**/server/**'], 'ui must not import routes.') },
  {
    files: ['server/**/*.ts'],
    rules: ban(['**/src/db/**', '**/src/sync/**', '**/src/api/**', '**/src/ui/**', '**/src/routes/**', '**/src/i18n/*.ts', '**/src/i18n/*.tsx', 'react', 'dexie'], 'server may import src/domain (and the message catalogs) only.'),
  },
);
