import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// One `graphql` for everyone: through Vite the server would get graphql's ESM build while graphql-yoga,
// loaded by Node, gets the CommonJS one; two GraphQLError classes make yoga mask every business error.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

/**
 * unit: next to the code (src/**, server/**), pure and fast; run in UTC and Europe/Riga by `npm run test:unit`.
 * integration: the real server in process on a fresh database per file (tests/integration).
 */
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/*.test.ts'],
          environment: 'node',
          // The property tests take about a second here; a CI machine four times slower, running typecheck and
          // lint beside them, went past vitest's default of 5 s.
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          // One migrated PGlite database dumped for the run; each PGlite test server starts from a copy.
          globalSetup: ['tests/helpers/pglite-image.setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 3,
          isolate: false,
        },
      },
    ],
  },
});
