import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** We import without extensions (tsconfig moduleResolution "bundler", no path aliases). */
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.json'];

/**
 * Import direction (DESIGN.md §2), checked on the resolved file, so it holds at any depth
 * (`src/db/commands/x.ts` → `../../sync/engine` is caught as well as `src/db/x.ts` → `../sync/engine`).
 * Each layer is one element; files of one element import each other freely.
 */
const ELEMENTS = [
  // The catalogs are data, not code: the server renders mail and errors from them too.
  { type: 'messages', pattern: 'src/i18n/messages', partialMatch: false },
  { type: 'domain', pattern: 'src/domain', partialMatch: false },
  // The local commands: the sync layer runs them; screens submit by name (src/sync/submit-command.ts, decision 069).
  { type: 'commands', pattern: 'src/db/commands', partialMatch: false },
  // Test support of src/db and src/sync (a fresh mirror, the smallest real commands): never imported by the app.
  { type: 'db-testing', pattern: 'src/db/testing', partialMatch: false },
  { type: 'db', pattern: 'src/db', partialMatch: false },
  { type: 'sync', pattern: 'src/sync', partialMatch: false },
  { type: 'api', pattern: 'src/api', partialMatch: false },
  { type: 'i18n', pattern: 'src/i18n', partialMatch: false },
  { type: 'ui', pattern: 'src/ui', partialMatch: false },
  { type: 'routes', pattern: 'src/routes', partialMatch: false },
  // The booking page clients open (issue 61): an app of its own, built apart (vite.book.config.ts).
  { type: 'book', pattern: 'src/book', partialMatch: false },
  // main.tsx, router.tsx, routeTree.gen.ts: the entry that wires the layers together.
  { type: 'app', pattern: 'src', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
  { type: 'scripts', pattern: 'scripts', partialMatch: false },
];
const SRC_LAYERS = ['domain', 'commands', 'db', 'sync', 'api', 'i18n', 'ui', 'routes'];
const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });
const DIRECTIONS = [
  may('domain', ['messages']), // the type of a message id (src/i18n/messages/message-id.ts)
  may('db', ['domain']),
  may('commands', ['db', 'domain']),
  may('db-testing', ['commands', 'db', 'domain']),
  may('api', ['domain']),
  may('sync', ['commands', 'db', 'db-testing', 'api', 'domain']),
  may('i18n', ['messages']),
  may('ui', ['db', 'sync', 'api', 'domain', 'i18n']),
  may('routes', ['ui', 'db', 'sync', 'api', 'domain', 'i18n']),
  may('app', SRC_LAYERS),
  // The page shares the domain's rules and schemas, the catalogs and the language choice; nothing of the panel's.
  may('book', ['domain', 'messages', 'i18n']),
  may('server', ['domain', 'messages']),
  may('tests', [...SRC_LAYERS, 'book', 'db-testing', 'messages', 'app', 'server', 'tests', 'scripts']),
  may('scripts', ['server', 'scripts', 'messages']),
  // Factories are shared by every layer of tests (DESIGN.md §2): a unit test next to its code may use them.
  { from: { file: { categories: 'test' } }, allow: { to: { element: { types: { anyOf: ['tests', 'db-testing'] } } } } },
];

/** External libraries are not files of ours: the layers above cannot see them, so these stay as import bans. */
const ban = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});
const UI_LIBS = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-intl',
  'dexie',
  'dexie-react-hooks',
  'graphql-request',
  'graphql-ws',
  '@tanstack/*',
  'react-aria-components',
];

/**
 * The screens' folders of src/ui (issue 55): each imports src/ui's own files and the shared folders freely, and
 * another screen's folder only where UI_CROSS lists it, so a new tie between two screens is chosen, not slipped in.
 */
const UI_SHARED = ['sync', 'salon', 'session', 'list-page'];
const UI_CROSS = {
  // Admin settings draws the Client messages sections (issue 60 item 6).
  'admin-settings': ['client-messages', 'subscription'],
  // The Appointments page is the timetable: its grid, a card's client, its invoice and sale, the master calendar's key.
  // Its dialog and the client's list what was sent to the client (issue 57).
  appointments: ['client-messages', 'clients', 'invoices', 'master-appointments', 'sales', 'timetable'],
  // The front desk sells a membership from the client dialog and the Sale dialog (decision 071).
  clients: ['client-messages', 'memberships'],
  inventory: ['manufacturers'],
  // The master calendar draws the timetable's day and opens the appointment, schedule and master dialogs.
  'master-appointments': ['appointments', 'schedule', 'staff', 'timetable'],
  memberships: ['clients'],
  'owner-settings': ['subscription'],
  // The Report's day holds its cash-up (issue 59 item 3).
  reports: ['cash-ups'],
  sales: ['memberships'],
  timetable: ['clients'],
  // The warehouse's report is drawn like the salon's (its CSS).
  warehouse: ['reports'],
};
const UI_AREAS = readdirSync(new URL('./src/ui', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const uiAreaRules = UI_AREAS.map((area) => {
  const closed = UI_AREAS.filter((other) => other !== area && !UI_SHARED.includes(other) && !(UI_CROSS[area] ?? []).includes(other));
  return {
    files: [`src/ui/${area}/**/*.{ts,tsx}`],
    rules: ban(
      closed.flatMap((other) => [`../${other}/*`, `../../${other}/*`, `../../ui/${other}/*`]),
      `src/ui/${area} may import another screen's folder only where UI_CROSS in eslint.config.js lists it.`,
    ),
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'src/routeTree.gen.ts',
      'src/api/generated.ts',
      'src/book/generated.ts',
      'server/graphql/known-documents.ts',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
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
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': ELEMENTS,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: EXTENSIONS } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // A local file outside every element is refused too, so a new top-level folder cannot slip past.
          checkUnknownLocals: true,
          message:
            '{{from.element.type}} may not import "{{dependency.source}}" ({{#if to.element.type}}{{to.element.type}}{{else}}outside every layer{{/if}}): imports point one way, see DESIGN.md §2.',
          policies: DIRECTIONS,
        },
      ],
    },
  },
  {
    // No import cycles: a cycle makes module initialisation order matter and says some code sits in the wrong file.
    // no-cycle skips type-only imports; tests/lint-rules.test.ts looks for cycles through those as well.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: EXTENSIONS })],
      // Without these import-x reads only .js files and follows no import into TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: ban(UI_LIBS, 'src/domain is pure: no React, storage or network libraries.'),
  },
  ...uiAreaRules,
  { files: ['src/db/**/*.{ts,tsx}'], rules: ban(['react-intl'], 'src/i18n is the only import point of react-intl.') },
  {
    files: ['server/**/*.ts'],
    rules: ban(['react', 'react-dom', 'react-dom/*', 'dexie', 'dexie-react-hooks'], 'server/ runs on Node: no React or Dexie.'),
  },
);
